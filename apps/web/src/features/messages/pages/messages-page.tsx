import { Page } from '@/components/ui/page';
import { PagedList } from '@/components/ui/paged-list';
import { formatDateTime } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { messageKeys, messagesApi } from '@/shared/api/messages';
import type { Message } from '@nexa/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PullToRefresh, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { messageText } from '../components/message-text';
import { PushToggle } from '../components/push-toggle';
import './messages.css';

/** The message centre: the user's messages, newest first, each opening its record; read per message or all. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const paged = usePagedList<Message>(messageKeys.list, (page, size, signal) => messagesApi.list(page, size, signal));
  const refresh = () => void client.invalidateQueries({ queryKey: messageKeys.all });
  const readAll = useMutation({
    mutationFn: messagesApi.readAll,
    onSuccess: (data) => {
      client.setQueryData(messageKeys.unread, data);
      refresh();
    },
    onError: () => Toast.show({ content: t('errors.network') }),
  });
  const open = async (m: Message) => {
    if (!m.read) {
      const data = await messagesApi.read(m.id).catch(() => null);
      if (data) client.setQueryData(messageKeys.unread, data);
      refresh();
    }
    if (m.link) navigate(m.link);
  };
  const unread = paged.items.some((m) => !m.read);
  return (
    <Page
      title={t('messages.title')}
      back
      testId="messages-page"
      right={
        unread ? (
          <button
            type="button"
            className="msg-read-all"
            onClick={() => readAll.mutate()}
            disabled={readAll.isPending}
            data-testid="messages-read-all"
          >
            {t('messages.readAll')}
          </button>
        ) : null
      }
    >
      <PullToRefresh onRefresh={() => paged.query.refetch()}>
        <PushToggle />
        <PagedList
          paged={paged}
          label={t('messages.title')}
          empty={t('messages.empty')}
          renderItem={(m) => <MessageCard message={m} onOpen={() => void open(m)} />}
        />
      </PullToRefresh>
    </Page>
  );
}

function MessageCard({ message, onOpen }: { message: Message; onOpen: () => void }) {
  const { t } = useTranslation();
  const { title, body } = messageText(t, message);
  return (
    <button
      type="button"
      className={`record-card msg-card${message.read ? '' : ' msg-card--unread'}`}
      onClick={onOpen}
      data-testid="message-card"
      data-kind={message.kind}
      data-read={message.read}
    >
      <span className="msg-card__head">
        {message.read ? null : <span className="msg-card__dot" role="img" aria-label={t('messages.unread')} />}
        <span className="msg-card__title">{title}</span>
        {message.link ? <RightOutline className="msg-card__chevron" /> : null}
      </span>
      <span className="msg-card__body" data-testid="message-body">
        {body}
      </span>
      <time className="msg-card__time" dir="ltr">
        {formatDateTime(message.createdAt)}
      </time>
    </button>
  );
}
