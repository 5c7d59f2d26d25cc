import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { ROUTES } from '@/lib/routes';
import { SearchBar, Skeleton } from 'antd-mobile';
import { MessageOutline, QuestionCircleOutline, RightOutline } from 'antd-mobile-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArticleRows } from '../components/article-rows';
import { useHelpArticles, useHelpCategories } from '../hooks/use-help-queries';
import '../components/content.css';

/** Search results: articles whose title or text has every word, in the reader's language or English. */
function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const paged = useHelpArticles({ q });
  return <ArticleRows paged={paged} label={t('content.help.results')} empty={t('content.help.noResults', { q })} />;
}

function Categories() {
  const { t } = useTranslation();
  const categories = useHelpCategories();
  return (
    <QueryView
      query={categories}
      loading={
        <div className="help-categories" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="help-category">
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
          ))}
        </div>
      }
    >
      {(data) =>
        data.list.length === 0 ? (
          <EmptyState title={t('content.help.empty')} />
        ) : (
          <nav className="help-categories" aria-label={t('content.help.categories')}>
            {data.list.map((c) => (
              <Link
                key={c.id}
                to={`${ROUTES.moreHelp}?id=${encodeURIComponent(c.id)}`}
                className="help-category"
                data-testid="help-category"
                data-id={c.id}
              >
                <strong className="help-category__title" dir="auto">
                  {c.title}
                </strong>
                <span className="help-category__count">
                  {t('content.help.articleCount', { count: c.articleCount })}
                </span>
              </Link>
            ))}
          </nav>
        )
      }
    </QueryView>
  );
}

/** home/helpCenter: search, the categories, and the ways on to the FAQ and to support. */
export default function HelpCenterPage() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const q = useDeferredValue(input.trim().slice(0, 60));
  return (
    <Page title={t('content.help.title')} back testId="help-center-page">
      <div className="stack">
        <SearchBar
          value={input}
          onChange={setInput}
          placeholder={t('content.help.search')}
          maxLength={60}
          aria-label={t('content.help.search')}
          data-testid="help-search"
        />
        {q ? (
          <SearchResults q={q} />
        ) : (
          <>
            <Categories />
            <div className="help-links">
              <Link to={ROUTES.help} className="record-card help-link" data-testid="help-faq-link">
                <QuestionCircleOutline className="help-link__icon" aria-hidden="true" />
                <span>{t('content.faq.title')}</span>
                <RightOutline className="help-article-row__arrow" aria-hidden="true" />
              </Link>
              <Link to={ROUTES.service} className="record-card help-link" data-testid="help-support-link">
                <MessageOutline className="help-link__icon" aria-hidden="true" />
                <span>{t('content.help.contact')}</span>
                <RightOutline className="help-article-row__arrow" aria-hidden="true" />
              </Link>
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
