import { Figure } from '@/components/ui/figure';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { TextField } from '@/components/ui/text-field';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { fundingApi } from '../api/funding-api';
import '../components/funding.css';
import { useErrorText } from '../hooks/use-error-text';
import { useBankCard } from '../hooks/use-funding-queries';
import { useFields, useFundingSave } from '../hooks/use-funding-save';
import { type FundingError, checkCardNumber, normalizeCardNumber } from '../model';

type Field = 'bankName' | 'cardNumber' | 'userName';

/** Bind a bank card (spec §2): bank name, card number, user name. Shows the bound card, its number masked. */
export default function SaveBankPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const bank = useBankCard();
  const { values: form, errors, setErrors, set } = useFields<Field>({ bankName: '', cardNumber: '', userName: '' });
  const { submit, saving, busy } = useFundingSave(fundingApi.saveBank, t('funding.bank.saved'));

  const checked = () => {
    const found: Partial<Record<Field, FundingError>> = {};
    if (form.bankName.trim() === '') found.bankName = 'bankName';
    const cardProblem = checkCardNumber(form.cardNumber);
    if (cardProblem) found.cardNumber = cardProblem;
    if (form.userName.trim() === '') found.userName = 'userName';
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    return {
      bankName: form.bankName.trim(),
      cardNumber: normalizeCardNumber(form.cardNumber.trim()),
      userName: form.userName.trim(),
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

        <TextField
          label={t('funding.bank.bankName')}
          placeholder={t('funding.bank.bankNamePlaceholder')}
          autoComplete="off"
          maxLength={100}
          value={form.bankName}
          onChange={(e) => set('bankName', e.target.value)}
          error={errorText(errors.bankName)}
          testId="bank-name"
        />
        <TextField
          label={t('funding.bank.cardNumber')}
          placeholder={t('funding.bank.cardNumberPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          value={form.cardNumber}
          onChange={(e) => set('cardNumber', e.target.value.replace(/[^\d\s-]/g, ''))}
          error={errorText(errors.cardNumber)}
          testId="bank-card-number-input"
        />
        <TextField
          label={t('funding.bank.userName')}
          placeholder={t('funding.bank.userNamePlaceholder')}
          autoComplete="name"
          maxLength={100}
          value={form.userName}
          onChange={(e) => set('userName', e.target.value)}
          error={errorText(errors.userName)}
          testId="bank-user-name"
        />
        {bank.data ? <p className="fd-note">{t('funding.bank.replaces')}</p> : null}

        <PrimaryButton loading={saving} disabled={busy} onClick={() => void submit(checked)} testId="bank-submit">
          {t('funding.bank.submit')}
        </PrimaryButton>
      </div>
    </Page>
  );
}
