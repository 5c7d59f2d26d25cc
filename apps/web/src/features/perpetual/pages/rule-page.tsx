import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRules } from '../hooks/use-perpetual';
import '../components/perpetual.css';

/** The perpetual contract rules (spec §2 perpetual/rule) in the interface language (Sustainable/deliveryDesc). */
export default function PerpetualRulePage() {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <Page title={t('perpetual.ruleTitle')} back testId="perp-rule">
      <div className="stack">
        {rules.data ? (
          <>
            <p className="callout tone--accent perp-rule__lead" data-testid="perp-rule-leverage">
              {t('perpetual.defaultLeverage', { n: rules.data.defaultLeverage })}
            </p>
            {rules.data.sections.map((section) => (
              <article key={section.title} className="perp-rule" data-testid="perp-rule-section">
                <h2 className="perp-rule__title" dir="auto">
                  {section.title}
                </h2>
                <p className="perp-rule__body" dir="auto">
                  {section.body}
                </p>
              </article>
            ))}
          </>
        ) : rules.isError ? (
          <ErrorState onRetry={() => void rules.refetch()} />
        ) : (
          <div className="perp-rule" aria-busy="true">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={8} animated />
          </div>
        )}
      </div>
    </Page>
  );
}
