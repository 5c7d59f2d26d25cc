import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { formatDateTime } from '@/lib/format';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useNotice } from '../hooks/use-home-queries';
import '../components/home.css';

/** One announcement (`?id=`): title, date and the body, its line breaks kept as paragraphs. */
export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const notice = useNotice(id);
  const valid = /^\d{1,18}$/.test(id);
  return (
    <Page title={t('notice.title')} back testId="notice-detail-page">
      {!valid ? (
        <ErrorState title={t('notice.notFound')} />
      ) : notice.data ? (
        <article className="section notice-detail" data-testid="notice-detail" data-id={notice.data.id}>
          <h2 className="notice-detail__title" dir="auto">
            {notice.data.title}
          </h2>
          <p className="notice-detail__meta">
            <span className="badge tone--warning">{t(`notice.types.${notice.data.type}`)}</span>
            <time dateTime={new Date(notice.data.createdAt).toISOString()} dir="ltr">
              {formatDateTime(notice.data.createdAt)}
            </time>
          </p>
          <div className="notice-detail__body">
            {notice.data.body
              .split(/\n+/)
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
                <p key={i} dir="auto">
                  {line}
                </p>
              ))}
          </div>
        </article>
      ) : notice.isError ? (
        <ErrorState onRetry={() => void notice.refetch()} />
      ) : (
        <div className="section notice-detail" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      )}
    </Page>
  );
}
