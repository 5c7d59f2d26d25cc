import { ErrorState } from '@/components/ui/error-state';
import { formatDateTime } from '@/lib/format';
import { Article } from '@/shared/article';
import { QueryPage } from '@/shared/query-state';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useNotice } from '../hooks/use-home-queries';
import '../components/home.css';

/** A notice's body, its line breaks kept as paragraphs. */
function paragraphs(body: string): string[] {
  return body
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** One announcement (`?id=`): title, date and the body, its line breaks kept as paragraphs. */
export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const notice = useNotice(id);
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
          <div className="notice-detail__body">
            {paragraphs(data.body).map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
              <p key={i} dir="auto">
                {line}
              </p>
            ))}
          </div>
        </Article>
      )}
    </QueryPage>
  );
}
