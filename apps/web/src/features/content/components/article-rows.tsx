import { PagedList } from '@/components/ui/paged-list';
import { ROUTES } from '@/lib/routes';
import type { usePagedList } from '@/lib/use-paged-list';
import type { HelpArticleSummary } from '@nexa/contract';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export const articlePath = (id: string) => `${ROUTES.moreDetail}?id=${encodeURIComponent(id)}`;

/** Help articles as tappable cards (title and first words), read page by page, with every list state. */
export function ArticleRows({
  paged,
  empty,
  label,
}: {
  paged: ReturnType<typeof usePagedList<HelpArticleSummary>>;
  empty: ReactNode;
  label: string;
}) {
  return (
    <PagedList
      paged={paged}
      label={label}
      empty={empty}
      skeletonLines={2}
      className="help-articles"
      renderItem={(a) => (
        <Link
          to={articlePath(a.id)}
          className="record-card help-article-row"
          data-testid="help-article-row"
          data-id={a.id}
        >
          <span className="help-article-row__text">
            <strong className="help-article-row__title" dir="auto">
              {a.title}
            </strong>
            <span className="help-article-row__summary" dir="auto">
              {a.summary}
            </span>
          </span>
          <RightOutline className="help-article-row__arrow" aria-hidden="true" />
        </Link>
      )}
    />
  );
}
