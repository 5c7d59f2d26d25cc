import { ErrorState } from '@/components/ui/error-state';
import { formatDateTime } from '@/lib/format';
import { Article } from '@/shared/article';
import { Markdown } from '@/shared/markdown';
import { QueryPage } from '@/shared/query-state';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMarkAnnouncementRead, useNotice } from '../hooks/use-home-queries';
import '../components/home.css';

/** One announcement (`?id=`): title, date and the rich-text body; opening it marks it read for a signed-in user. */
export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const notice = useNotice(id);
  useMarkAnnouncementRead(notice.data?.type === 'notice' ? notice.data.id : undefined);
  return (
    <QueryPage
      title={t('notice.title')}
      testId="notice-detail-page"
      query={notice}
      loading={{ className: 'section notice-detail', lines: 6 }}
      missing={!/^\d{1,18}$/.test(id)}
      notFound={<ErrorState title={t('notice.notFound')} />}
    >
      {(data) => (
        <Article block="notice-detail" className="section" title={data.title} testId="notice-detail" id={data.id}>
          <p className="notice-detail__meta">
            <span className="badge tone--warning">{t(`notice.types.${data.type}`)}</span>
            <time dateTime={new Date(data.createdAt).toISOString()} dir="ltr">
              {formatDateTime(data.createdAt)}
            </time>
          </p>
          <Markdown source={data.body} className="notice-detail__body" testId="notice-body" />
        </Article>
      )}
    </QueryPage>
  );
}
