import { ROUTES } from '@/lib/routes';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotices } from '../hooks/use-home-queries';

const ROTATE_MS = 4_000;

/** The latest announcements, one at a time, rotating; a tap opens the one shown. */
export function NoticeBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notices = useNotices();
  const list = notices.data?.list ?? [];
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (list.length < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % list.length), ROTATE_MS);
    return () => clearInterval(id);
  }, [list.length]);
  if (notices.isPending) return <div className="notice-bar notice-bar--placeholder" aria-hidden="true" />;
  const shown = list[index % Math.max(list.length, 1)];
  if (!shown) return null;
  return (
    <button
      type="button"
      className="notice-bar"
      onClick={() => navigate(`${ROUTES.noticeDetail}?id=${encodeURIComponent(shown.id)}`)}
      data-testid="home-notice"
      data-id={shown.id}
      aria-label={`${t('home.notices')}: ${shown.title}`}
    >
      <SoundOutline className="notice-bar__icon" />
      <span className="notice-bar__viewport" aria-live="polite">
        <span key={shown.id} className="notice-bar__title" dir="auto">
          {shown.title}
        </span>
      </span>
      <RightOutline className="notice-bar__arrow" />
    </button>
  );
}
