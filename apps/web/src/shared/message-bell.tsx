import { ROUTES } from '@/lib/routes';
import { messageKeys, messagesApi } from '@/shared/api/messages';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './message-bell.css';

/** The message centre's bell (Home and Assets headers): the unread count as a badge, live over the user channel. */
export function MessageBell() {
  const { t } = useTranslation();
  const unread = useQuery({ queryKey: messageKeys.unread, queryFn: ({ signal }) => messagesApi.unread(signal) });
  const count = unread.data?.unread ?? 0;
  return (
    <Link
      to={ROUTES.messages}
      className="icon-button"
      aria-label={count > 0 ? t('messages.bellUnread', { count }) : t('messages.title')}
      data-testid="message-bell"
    >
      <Badge content={count > 0 ? (count > 99 ? '99+' : String(count)) : null} data-testid="message-bell-badge">
        <BellOutline fontSize={22} />
      </Badge>
    </Link>
  );
}
