import { Page } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { formatAmount, isolateLtr } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { referralApi, referralKeys } from '../api/referral-api';
import { formatRate, tierKey } from '../components/rebate-list';
import './referral.css';

/** The programme's rules and the live tables (index/rebateRules), as operators last set them. */
export default function ShareRulesPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: referralKeys.rules, queryFn: ({ signal }) => referralApi.rules(signal) });
  return (
    <Page title={t('referral.rulesTitle')} back testId="referral-rules-page">
      <QueryView query={query} loading={<Skeleton.Paragraph lineCount={12} animated />}>
        {(data) => (
          <div className="stack">
            <section className="section ref-rules-text">
              <p>{t('referral.rulesText.who')}</p>
              <p>{t('referral.rulesText.what')}</p>
              <p>
                {t('referral.rulesText.qualify', {
                  amount: isolateLtr(`${formatAmount(data.minDeposit)} ${data.currency}`),
                })}
              </p>
              <p>{t('referral.rulesText.paid')}</p>
              <p>{t('referral.rulesText.demo')}</p>
            </section>
            {/*
              What a level asks for is the same for every product: one table of it, then each product's rates by
              tier. Together they were six columns, and the third tier's rate was scrolled out of sight at 320 px.
            */}
            <section className="section" data-testid="referral-rules-levels">
              <h2 className="ref-rules-title">{t('referral.levelsTitle')}</h2>
              <div className="ref-table-wrap">
                <table className="ref-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('referral.level')}</th>
                      <th scope="col">{t('referral.counts.qualifiedL1')}</th>
                      <th scope="col">{t('referral.counts.qualifiedL2')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.levels.map((l) => (
                      <tr key={l.level} data-testid={`referral-rules-need-${l.level}`}>
                        <th scope="row">LV{l.level}</th>
                        <td>{l.needDirect}</td>
                        <td>{l.needSecond}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            {data.products.map((p) => (
              <section key={p.product} className="section" data-testid={`referral-rules-${p.product}`}>
                <h2 className="ref-rules-title">
                  {t(`referral.products.${p.product}`)} ·{' '}
                  {t(p.base === 'fee' ? 'referral.base.fee' : 'referral.base.turnover')}
                </h2>
                <div className="ref-table-wrap">
                  <table className="ref-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('referral.level')}</th>
                        {[1, 2, 3].map((n) => (
                          <th key={n} scope="col">
                            {t(tierKey(n))}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {data.levels.map((l) => (
                        <tr key={l.level} data-testid={`referral-rules-row-${p.product}-${l.level}`}>
                          <th scope="row">LV{l.level}</th>
                          {(p.base === 'fee' ? l.feeRates : l.turnoverRates).map((r, i) => (
                            <td key={`${l.level}-${i}`} dir="ltr">
                              {formatRate(r)}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            ))}
          </div>
        )}
      </QueryView>
    </Page>
  );
}
