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
import { ChoiceGroup } from '../components/choice-group';
import { CoinMark } from '../components/coin-mark';
import { DemoNotice } from '../components/demo-notice';
import { DepositNotConfigured } from '../components/deposit-not-configured';
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
  // Until the user picks, the first currency and chain that take deposits (an unconfigured chain takes none).
  const active =
    list.find((c) => c.currency === currency) ?? list.find((c) => c.chains.some((x) => x.configured)) ?? list[0];
  const chains = active?.chains ?? [];
  const activeChain = chains.find((c) => c.chain === chain) ?? chains.find((c) => c.configured) ?? chains[0];

  const next = () => {
    if (!active || !activeChain?.configured) return;
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
          <ChoiceGroup
            id="recharge-currency"
            title={t('funding.deposit.selectCurrency')}
            look="coins"
            choices={list.map((c) => c.currency)}
            chosen={active.currency}
            onChoose={(c) => {
              setCurrency(c);
              setChain(null);
            }}
          >
            {(c) => (
              <>
                <CoinMark currency={c} large />
                <span className="fd-coin-card__code">{c}</span>
              </>
            )}
          </ChoiceGroup>

          <ChoiceGroup
            id="recharge-chain"
            title={t('funding.deposit.selectChain')}
            look="chains"
            choices={chains}
            keyOf={(c) => c.chain}
            chosen={activeChain?.chain}
            onChoose={(c) => setChain(c.chain)}
          >
            {(c) => (
              <>
                <span className="fd-chain-row__radio" aria-hidden="true" />
                <span className="fd-chain-row__name">{c.chain}</span>
                {!c.configured ? (
                  <span className="badge badge--pill" data-testid={`recharge-chain-off-${c.chain}`}>
                    {t('funding.deposit.notAvailable')}
                  </span>
                ) : null}
                <span className="fd-chain-row__min">
                  {t('funding.deposit.min')}{' '}
                  <Figure>
                    {formatDecimal(c.minAmount)} {active.currency}
                  </Figure>
                </span>
              </>
            )}
          </ChoiceGroup>

          {activeChain && !activeChain.configured ? (
            <DepositNotConfigured currency={active.currency} chain={activeChain.chain} />
          ) : (
            <p className="funding-hint">{t('funding.deposit.chainHint')}</p>
          )}

          <PrimaryButton disabled={!activeChain?.configured} onClick={next} testId="recharge-next">
            {t('funding.deposit.next')}
          </PrimaryButton>
        </div>
      )}
    </Page>
  );
}
