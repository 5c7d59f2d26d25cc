import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Figure } from '@/components/ui/figure';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import type { Chain, Currency } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CoinMark } from '../components/coin-mark';
import { DemoNotice } from '../components/demo-notice';
import '../components/funding.css';
import { RecordsLink } from '@/components/ui/records-link';
import { useRechargeOptions } from '../hooks/use-funding-queries';

/** Deposit, step one (spec §2): pick the currency and the chain; the next page shows where to send it. */
export default function RechargePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const options = useRechargeOptions();
  const [currency, setCurrency] = useState<Currency | null>(() => params.get('currency') as Currency | null);
  const [chain, setChain] = useState<Chain | null>(null);

  const list = options.data?.list ?? [];
  const active = list.find((c) => c.currency === currency) ?? list[0];
  const chains = active?.chains ?? [];
  const activeChain = chains.find((c) => c.chain === chain) ?? chains[0];

  const next = () => {
    if (!active || !activeChain) return;
    navigate(`${ROUTES.recharge3}?currency=${active.currency}&chain=${activeChain.chain}`);
  };

  return (
    <Page
      title={t('funding.deposit.title')}
      back
      testId="recharge-page"
      right={
        <RecordsLink to={ROUTES.rechargeRecord} label={t('funding.depositRecord.title')} testId="recharge-records" />
      }
    >
      {options.isPending ? (
        <div className="stack" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : options.isError ? (
        <ErrorState onRetry={() => void options.refetch()} />
      ) : !active ? (
        <EmptyState title={t('funding.deposit.unavailable')} />
      ) : (
        <div className="stack">
          <DemoNotice text={t('funding.deposit.realOnly')} />
          <section>
            <h2 className="funding-heading" id="recharge-currency">
              {t('funding.deposit.selectCurrency')}
            </h2>
            <fieldset className="fd-fieldset fd-coin-grid" aria-labelledby="recharge-currency">
              {list.map((c) => {
                const selected = c.currency === active.currency;
                return (
                  <button
                    key={c.currency}
                    type="button"
                    aria-pressed={selected}
                    className={`fd-coin-card${selected ? ' fd-coin-card--on' : ''}`}
                    onClick={() => {
                      setCurrency(c.currency);
                      setChain(null);
                    }}
                    data-testid={`recharge-currency-${c.currency}`}
                  >
                    <CoinMark currency={c.currency} large />
                    <span className="fd-coin-card__code">{c.currency}</span>
                  </button>
                );
              })}
            </fieldset>
          </section>

          <section>
            <h2 className="funding-heading" id="recharge-chain">
              {t('funding.deposit.selectChain')}
            </h2>
            <fieldset className="fd-fieldset fd-chain-list" aria-labelledby="recharge-chain">
              {chains.map((c) => {
                const selected = c.chain === activeChain?.chain;
                return (
                  <button
                    key={c.chain}
                    type="button"
                    aria-pressed={selected}
                    className={`fd-chain-row${selected ? ' fd-chain-row--on' : ''}`}
                    onClick={() => setChain(c.chain)}
                    data-testid={`recharge-chain-${c.chain}`}
                  >
                    <span className="fd-chain-row__radio" aria-hidden="true" />
                    <span className="fd-chain-row__name">{c.chain}</span>
                    <span className="fd-chain-row__min">
                      {t('funding.deposit.min')}{' '}
                      <Figure>
                        {formatDecimal(c.minAmount)} {active.currency}
                      </Figure>
                    </span>
                  </button>
                );
              })}
            </fieldset>
          </section>

          <p className="funding-hint">{t('funding.deposit.chainHint')}</p>

          <PrimaryButton disabled={!activeChain} onClick={next} testId="recharge-next">
            {t('funding.deposit.next')}
          </PrimaryButton>
        </div>
      )}
    </Page>
  );
}
