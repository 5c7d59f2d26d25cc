import { Figure } from '@/components/ui/figure';
import { SelectButton } from '@/components/ui/select-button';
import { ROUTES } from '@/lib/routes';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../hooks/use-error-text';
import type { WithdrawalForm } from '../hooks/use-withdrawal-form';
import { BoundAddress } from './bound-address';
import { BoundTarget } from './bound-target';
import { CoinMark } from './coin-mark';

/** Bank card or crypto (spec §2); a switch clears the amount and the errors. */
export function MethodTabs({ form }: { form: WithdrawalForm }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <>
      <div className="segmented" role="tablist" aria-label={t('funding.withdraw.method')}>
        {form.methods.map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={m === form.activeMethod}
            className={`segmented__item${m === form.activeMethod ? ' segmented__item--on' : ''}`}
            onClick={() => {
              form.set.method(m);
              form.set.amount('');
              form.setErrors({});
            }}
            data-testid={`withdraw-method-${m}`}
          >
            {t(`funding.method.${m}`)}
          </button>
        ))}
      </div>
      {form.errors.method ? <p className="field__error">{errorText(form.errors.method)}</p> : null}
    </>
  );
}

/** Crypto: the currency and chain pickers and the address bound for that chain. */
export function CryptoTarget({ form, onSheet }: { form: WithdrawalForm; onSheet: (s: 'currency' | 'chain') => void }) {
  const { t } = useTranslation();
  const { activeCurrency, activeChain, boundAddress } = form;
  return (
    <>
      <div className="fd-field-row">
        <SelectButton
          label={t('funding.withdraw.currency')}
          className="fd-select"
          onClick={() => onSheet('currency')}
          testId="withdraw-currency"
        >
          {activeCurrency ? <CoinMark currency={activeCurrency} /> : null}
          {activeCurrency ?? t('funding.errors.selectCurrency')}
        </SelectButton>
        <SelectButton
          label={t('funding.withdraw.chain')}
          className="fd-select"
          onClick={() => onSheet('chain')}
          disabled={form.chains.length === 0}
          testId="withdraw-chain"
        >
          {activeChain ?? '--'}
        </SelectButton>
      </div>
      <BoundTarget
        loading={form.addresses.isPending}
        bound={boundAddress ? <BoundAddress address={boundAddress} /> : null}
        label={t('funding.withdraw.address')}
        missing={t('funding.withdraw.notBound')}
        bindLabel={t('funding.withdraw.bindAddress')}
        changeLabel={t('funding.withdraw.change')}
        to={`${ROUTES.bindWithdrawalAddress}${activeChain ? `?chain=${activeChain}` : ''}`}
        testId="withdraw-address"
      />
    </>
  );
}

/** Bank card: the one currency cards are paid in, and the bound card. */
export function BankTarget({ form, bankCurrency }: { form: WithdrawalForm; bankCurrency: string }) {
  const { t } = useTranslation();
  const card = form.bank.data;
  return (
    <>
      <div className="field">
        <span className="field__label">{t('funding.withdraw.currency')}</span>
        <div className="select-button fd-select fd-select--static" data-testid="withdraw-currency">
          <span className="select-button__value">
            <CoinMark currency={bankCurrency} />
            {bankCurrency}
          </span>
        </div>
      </div>
      <BoundTarget
        loading={form.bank.isPending}
        bound={
          card ? (
            <span className="fd-bound__card">
              <span dir="auto">{card.bankName}</span>
              <Figure className="fd-bound__mono">{card.cardNumber}</Figure>
              <span dir="auto" className="fd-bound__sub">
                {card.userName}
              </span>
            </span>
          ) : null
        }
        label={t('funding.withdraw.card')}
        missing={t('funding.withdraw.bankNotBound')}
        bindLabel={t('funding.withdraw.bindCard')}
        changeLabel={t('funding.withdraw.change')}
        to={ROUTES.saveBank}
        testId="withdraw-card"
      />
    </>
  );
}
