import { PagedList } from '@/components/ui/paged-list';
import { formatDateTime } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import type { AnnouncementsData } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAnnouncements } from '../hooks/use-home-queries';

/** Every announcement, pinned first, an unread one marked until it is opened (content/announcements). */
export function AnnouncementList() {
  const { t } = useTranslation();
  const paged = useAnnouncements();
  // The pages are content/announcements answers: the first says how many are unread.
  const unread = (paged.query.data?.pages[0] as AnnouncementsData | undefined)?.unread ?? 0;
  return (
    <section className="announcements" aria-labelledby="announcements-title">
      <h2 className="section-heading announcements__title" id="announcements-title">
        {t('home.notices')}
        {unread > 0 ? (
          <span className="badge tone--danger" data-testid="announcements-unread">
            {t('content.announcements.unread', { count: unread })}
          </span>
        ) : null}
      </h2>
      <PagedList
        paged={paged}
        label={t('home.notices')}
        empty={t('content.announcements.empty')}
        skeletonLines={2}
        renderItem={(n) => (
          <Link
            to={`${ROUTES.noticeDetail}?id=${encodeURIComponent(n.id)}`}
            className={`record-card announcement-row${n.read ? '' : ' announcement-row--unread'}`}
            data-testid="announcement-row"
            data-id={n.id}
            data-read={n.read}
          >
            <span className="announcement-row__head">
              {n.read ? null : <span className="announcement-row__dot" aria-label={t('content.announcements.new')} />}
              <strong className="announcement-row__title" dir="auto">
                {n.title}
              </strong>
              {n.pinned ? <span className="badge tone--warning">{t('content.announcements.pinned')}</span> : null}
            </span>
            <span className="announcement-row__summary" dir="auto">
              {n.summary}
            </span>
            <time className="announcement-row__time" dateTime={new Date(n.createdAt).toISOString()} dir="ltr">
              {formatDateTime(n.createdAt)}
            </time>
          </Link>
        )}
      />
    </section>
  );
}
