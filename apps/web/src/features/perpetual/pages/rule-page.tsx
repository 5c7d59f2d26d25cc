import { Article } from '@/shared/article';
import { QueryPage } from '@/shared/query-state';
import { useTranslation } from 'react-i18next';
import { useRules } from '../hooks/use-perpetual';
import '../components/perpetual.css';

/** The perpetual contract rules (spec §2 perpetual/rule) in the interface language (Sustainable/deliveryDesc). */
export default function PerpetualRulePage() {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <QueryPage title={t('perpetual.ruleTitle')} testId="perp-rule" stack query={rules} loading={LOADING}>
      {({ defaultLeverage, sections }) => (
        <>
          <p className="callout tone--accent perp-rule__lead" data-testid="perp-rule-leverage">
            {t('perpetual.defaultLeverage', { n: defaultLeverage })}
          </p>
          {sections.map((section) => (
            <Article key={section.title} block="perp-rule" title={section.title} testId="perp-rule-section">
              <p className="perp-rule__body" dir="auto">
                {section.body}
              </p>
            </Article>
          ))}
        </>
      )}
    </QueryPage>
  );
}

/** A rule card's skeleton while the rules load. */
const LOADING = { className: 'perp-rule', lines: 8 };
