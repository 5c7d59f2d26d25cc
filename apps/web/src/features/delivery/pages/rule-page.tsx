import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import '../components/delivery.css';
import { useRules } from '../hooks/use-delivery-queries';

/** The delivery trading rules (spec §2 futures/rule), in the interface language (order/deliveryDesc). */
export default function FuturesRulePage() {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <Page title={t('delivery.ruleTitle')} back testId="futures-rule" className="delivery-page-body">
      {rules.data ? (
        <article className="rule-card">
          <h2 className="rule-card__title">{rules.data.title}</h2>
          <ol className="rule-list rule-card__list">
            {rules.data.paragraphs.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
        </article>
      ) : rules.isError ? (
        <ErrorState onRetry={() => void rules.refetch()} />
      ) : (
        <div className="rule-card" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      )}
    </Page>
  );
}
