import { SelectSheet } from '@/components/ui/select-sheet';
import { useTranslation } from 'react-i18next';
import type { WithdrawalForm } from '../hooks/use-withdrawal-form';
import { CoinMark } from './coin-mark';

/** The currency and chain pickers of a crypto withdrawal; a chain says whether an address is bound for it. */
export function WithdrawalSheets({
  form,
  sheet,
  onClose,
}: {
  form: WithdrawalForm;
  sheet: 'currency' | 'chain' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const boundChains = form.payment.data?.boundChains;
  return (
    <>
      <SelectSheet
        visible={sheet === 'currency'}
        title={t('funding.errors.selectCurrency')}
        options={form.cryptoCurrencies.map((c) => ({
          value: c.currency,
          label: (
            <span className="fd-sheet-coin">
              <CoinMark currency={c.currency} />
              {c.currency}
            </span>
          ),
        }))}
        value={form.activeCurrency ?? null}
        onSelect={(c) => {
          form.set.currency(c);
          form.set.chain(null);
          form.set.amount('');
          form.clear('currency');
        }}
        onClose={onClose}
        testId="withdraw-currency"
      />
      <SelectSheet
        visible={sheet === 'chain'}
        title={t('funding.errors.selectChain')}
        options={form.chains.map((c) => ({
          value: c,
          label: c,
          extra: boundChains?.includes(c) ? (
            <span className="badge badge--pill tone--accent">{t('funding.withdraw.bound')}</span>
          ) : (
            <span className="badge badge--pill">{t('funding.withdraw.unbound')}</span>
          ),
        }))}
        value={form.activeChain ?? null}
        onSelect={(c) => {
          form.set.chain(c);
          form.clear('chain');
        }}
        onClose={onClose}
        testId="withdraw-chain"
      />
    </>
  );
}
