import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { isNotFound } from '@/shared/record-lookup';
import type { HelpArticlesData } from '@nexa/contract';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ArticleRows } from '../components/article-rows';
import { isId, useHelpArticles } from '../hooks/use-help-queries';
import '../components/content.css';

/** home/moreHelp (`?id=`): one help category's articles. */
export default function MoreHelpPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const paged = useHelpArticles({ categoryId: id }, isId(id));
  // The pages are content/helpArticles answers: each names the category.
  const category = (paged.query.data?.pages[0] as HelpArticlesData | undefined)?.category;
  const missing = !isId(id) || isNotFound(paged.query.error);
  return (
    <Page title={category?.title ?? t('content.help.title')} back testId="more-help-page">
      {missing ? (
        <ErrorState title={t('content.help.categoryNotFound')} testId="help-not-found" />
      ) : (
        <PullToRefresh onRefresh={() => paged.query.refetch()}>
          <ArticleRows
            paged={paged}
            label={category?.title ?? t('content.help.title')}
            empty={t('content.help.empty')}
          />
        </PullToRefresh>
      )}
    </Page>
  );
}
