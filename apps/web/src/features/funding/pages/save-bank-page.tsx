import { FieldList, type FieldSpec } from '@/components/ui/field-list';
import { Figure } from '@/components/ui/figure';
import { Page } from '@/components/ui/page';
import { hasErrors } from '@/lib/form-rules';
import { SecondFactorField, useSecondFactor } from '@/shared/totp-field';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { fundingApi } from '../api/funding-api';
import '../components/funding.css';
import { SaveButton } from '../components/save-button';
import { useBankCard } from '../hooks/use-funding-queries';
import { useFundingFields, useFundingSave } from '../hooks/use-funding-save';
import { type FundingError, checkCardNumber, normalizeCardNumber } from '../model';

type Field = 'bankName' | 'cardNumber' | 'userName';
const EMPTY: Record<Field, string> = { bankName: '', cardNumber: '', userName: '' };
type Errors = Partial<Record<Field, FundingError>>;

const FIELDS: FieldSpec<Field>[] = [
  { name: 'bankName', text: 'funding.bank.bankName', autoComplete: 'off', maxLength: 100, testId: 'bank-name' },
  {
    name: 'cardNumber',
    text: 'funding.bank.cardNumber',
    autoComplete: 'off',
    maxLength: 48,
    // Digits (a card) or letters and digits (an IBAN); nothing is dropped silently but symbols.
    clean: (typed) => typed.replace(/[^\dA-Za-z\s-]/g, ''),
    testId: 'bank-card-number-input',
  },
  { name: 'userName', text: 'funding.bank.userName', autoComplete: 'name', maxLength: 100, testId: 'bank-user-name' },
];

/** Bind a bank card (spec §2): bank name, card number, user name. Shows the bound card, its number masked. */
export default function SaveBankPage() {
  const { t } = useTranslation();
  const bank = useBankCard();
  const { values: form, setErrors, set, errorText } = useFundingFields(EMPTY);
  const factor = useSecondFactor();
  const save = useFundingSave(fundingApi.saveBank, t('funding.bank.saved'), undefined, factor.fromRefusal);

  const checked = () => {
    const found: Errors = {};
    if (form.bankName.trim() === '') found.bankName = 'bankName';
    const cardProblem = checkCardNumber(form.cardNumber);
    if (cardProblem) found.cardNumber = cardProblem;
    if (form.userName.trim() === '') found.userName = 'userName';
    setErrors(found);
    if (hasErrors(found)) return null;
    return {
      bankName: form.bankName.trim(),
      cardNumber: normalizeCardNumber(form.cardNumber),
      userName: form.userName.trim(),
      totpCode: factor.body(),
    };
  };

  return (
    <Page title={t('funding.bank.title')} back testId="save-bank-page">
      <div className="stack">
        {bank.isPending ? (
          <Skeleton animated className="fd-bank-card fd-bank-card--loading" />
        ) : bank.data ? (
          <section className="fd-bank-card" data-testid="bank-card" aria-label={t('funding.bank.bound')}>
            <span className="fd-bank-card__label">{t('funding.bank.bound')}</span>
            <span className="fd-bank-card__name" dir="auto">
              {bank.data.bankName}
            </span>
            <Figure className="fd-bank-card__number" testId="bank-card-number">
              {bank.data.cardNumber}
            </Figure>
            <span className="fd-bank-card__holder" dir="auto">
              {bank.data.userName}
            </span>
          </section>
        ) : (
          <p className="callout" data-testid="bank-card-none">
            {t('funding.bank.none')}
          </p>
        )}

        <FieldList fields={FIELDS} values={form} errorText={errorText} onChange={set} />
        <SecondFactorField factor={factor} testId="bank-totp" />
        {bank.data ? <p className="fd-note">{t('funding.bank.replaces')}</p> : null}

        <SaveButton save={save} checked={checked} testId="bank-submit">
          {t('funding.bank.submit')}
        </SaveButton>
      </div>
    </Page>
  );
}
