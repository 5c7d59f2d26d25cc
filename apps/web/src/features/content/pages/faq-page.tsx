import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/lib/routes';
import { Markdown } from '@/shared/markdown';
import { Collapse, Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useHelpArticle, useHelpArticles } from '../hooks/use-help-queries';
import '../components/content.css';

/** One answer, read when its question is opened. */
function Answer({ id }: { id: string }) {
  const article = useHelpArticle(id);
  if (article.data) return <Markdown source={article.data.body} testId="faq-answer" />;
  if (article.isError) return <ErrorState onRetry={() => void article.refetch()} />;
  return <Skeleton.Paragraph lineCount={4} animated />;
}

/** mine/help: the frequently asked questions, each opening in place, and the way to the whole help centre. */
export default function FaqPage() {
  const { t } = useTranslation();
  const { query, items } = useHelpArticles({ faq: true });
  const [open, setOpen] = useState<string[]>([]);
  let body: ReactNode;
  if (query.isPending) body = <Skeleton.Paragraph lineCount={8} animated />;
  else if (query.isError && items.length === 0) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (items.length === 0) body = <EmptyState title={t('content.help.empty')} />;
  else {
    body = (
      <Collapse className="card-list faq-list" activeKey={open} onChange={(keys) => setOpen(keys as string[])}>
        {items.map((a) => (
          <Collapse.Panel
            key={a.id}
            title={
              <span dir="auto" data-testid="faq-item" data-id={a.id}>
                {a.title}
              </span>
            }
          >
            {open.includes(a.id) ? <Answer id={a.id} /> : null}
          </Collapse.Panel>
        ))}
      </Collapse>
    );
  }
  return (
    <Page title={t('content.faq.title')} back testId="faq-page">
      <div className="stack">
        {body}
        <Link to={ROUTES.helpCenter} className="record-card help-link" data-testid="faq-help-center">
          <span>{t('content.faq.more')}</span>
        </Link>
      </div>
    </Page>
  );
}
