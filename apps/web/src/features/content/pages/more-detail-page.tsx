import { ErrorState } from '@/components/ui/error-state';
import { formatDateTime } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { Article } from '@/shared/article';
import { Markdown } from '@/shared/markdown';
import { QueryPage } from '@/shared/query-state';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isId, useHelpArticle } from '../hooks/use-help-queries';
import '../components/content.css';

/** home/moreDetail (`?id=`): one help article, its figures as configured today, and the way on to support. */
export default function MoreDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const article = useHelpArticle(id);
  return (
    <QueryPage
      title={t('content.help.article')}
      testId="more-detail-page"
      query={article}
      loading={{ className: 'section help-detail', lines: 8 }}
      missing={!isId(id)}
      notFound={<ErrorState title={t('content.help.articleNotFound')} testId="help-not-found" />}
      stack
    >
      {(data) => (
        <>
          <Article block="help-detail" className="section" title={data.title} testId="help-article" id={data.id}>
            <p className="help-detail__meta">
              <Link to={`${ROUTES.moreHelp}?id=${encodeURIComponent(data.categoryId)}`} className="badge tone--accent">
                {data.categoryTitle}
              </Link>
              <time dateTime={new Date(data.updatedAt).toISOString()}>
                {/* The date isolated left to right inside a sentence that may read right to left. */}
                {t('content.help.updated', { date: `\u2066${formatDateTime(data.updatedAt)}\u2069` })}
              </time>
            </p>
            <Markdown source={data.body} className="help-detail__body" testId="help-article-body" />
          </Article>
          <Link to={ROUTES.service} className="record-card help-link" data-testid="help-support-link">
            <span>{t('content.help.stillNeed')}</span>
          </Link>
        </>
      )}
    </QueryPage>
  );
}
