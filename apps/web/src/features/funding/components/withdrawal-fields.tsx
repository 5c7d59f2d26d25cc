import { AmountField } from '@/components/ui/amount-field';
import { FieldList, type FieldSpec } from '@/components/ui/field-list';
import { Figure } from '@/components/ui/figure';
import { formatAmount, formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { SecondFactorField } from '@/shared/totp-field';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useErrorText } from '../hooks/use-error-text';
import type { WithdrawalForm } from '../hooks/use-withdrawal-form';
import { PIN_INPUT } from './pin-field';
import { withUnit } from './withdrawal-confirm';

/** The amount with All, then what is available, the fee, what arrives and what is frozen. */
export function WithdrawalAmount({ form, minUsd, maxUsd }: { form: WithdrawalForm; minUsd: string; maxUsd: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { activeCurrency: currency, available, fee, total, feePercent } = form;
  return (
    <div>
      <AmountField
        label={t('funding.withdraw.amount')}
        placeholder={t('funding.withdraw.amountPlaceholder')}
        value={form.amount}
        scale={form.scale}
        unit={currency}
        onValue={(value) => form.type('amount', value)}
        error={errorText(form.errors.amount, { min: formatDecimal(minUsd), max: formatDecimal(maxUsd) })}
        testId="withdraw-amount"
        all={{
          label: t('funding.withdraw.all'),
          onClick: form.fillAll,
          disabled: available === undefined,
          testId: 'withdraw-all',
        }}
      />
      <dl className="fact-list fact-list--muted fd-facts">
        <div>
          <dt>{t('funding.withdraw.available')}</dt>
          <dd>
            {form.mode === 'demo' ? (
              <span data-testid="withdraw-available">{t('funding.withdraw.availableDemo')}</span>
            ) : (
              <Figure testId="withdraw-available">
                {withUnit(available !== undefined ? formatDecimal(available) : null, currency)}
              </Figure>
            )}
          </dd>
        </div>
        <div>
          <dt>
            {t('funding.withdraw.fee')} <Figure>({formatDecimal(feePercent)}%)</Figure>
          </dt>
          <dd>
            <Figure testId="withdraw-fee">{withUnit(fee ? formatDecimal(fee) : null, currency)}</Figure>
          </dd>
        </div>
        <div>
          <dt>{t('funding.withdraw.receive')}</dt>
          <dd>
            <Figure testId="withdraw-receive" className="fd-facts__strong">
              {withUnit(form.amountOk ? formatAmount(form.amount, form.scale) : null, currency)}
            </Figure>
          </dd>
        </div>
        <div>
          <dt>{t('funding.withdraw.total')}</dt>
          <dd>
            <Figure testId="withdraw-total">{withUnit(total ? formatDecimal(total) : null, currency)}</Figure>
          </dd>
        </div>
      </dl>
    </div>
  );
}

const PASSWORD: FieldSpec<'password'> = {
  name: 'password',
  text: 'funding.withdraw.password',
  testId: 'withdraw-password',
  ...PIN_INPUT,
};

/** The six-digit withdrawal password, with a link to set one while none is set. */
export function WithdrawalPasswordInput({ form, passwordSet }: { form: WithdrawalForm; passwordSet: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div>
      <FieldList
        fields={[PASSWORD]}
        values={form}
        errorText={(name) => errorText(form.errors[name])}
        onChange={form.type}
      />
      <SecondFactorField factor={form.totp} testId="withdraw-totp" />
      {!passwordSet ? (
        <p className="fd-note" data-testid="withdraw-password-unset">
          {t('funding.withdraw.passwordUnset')}{' '}
          <Link to={ROUTES.withdrawalPassword} className="link link--strong">
            {t('funding.withdraw.setPassword')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
