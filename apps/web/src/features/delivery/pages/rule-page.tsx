import { Article } from '@/shared/article';
import { QueryPage } from '@/shared/query-state';
import { useTranslation } from 'react-i18next';
import '../components/delivery.css';
import { useRules } from '../hooks/use-delivery-queries';

/** The delivery trading rules (spec §2 futures/rule), in the interface language (order/deliveryDesc). */
export default function FuturesRulePage() {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <QueryPage
      title={t('delivery.ruleTitle')}
      testId="futures-rule"
      className="delivery-page-body"
      query={rules}
      loading={{ className: 'rule-card', lines: 8 }}
    >
      {({ title, paragraphs }) => (
        <Article block="rule-card" title={title}>
          <ol className="rule-list rule-card__list">
            {paragraphs.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
        </Article>
      )}
    </QueryPage>
  );
}
