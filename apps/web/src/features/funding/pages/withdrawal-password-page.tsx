import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { fundingApi } from '../api/funding-api';
import '../components/funding.css';
import { PinField } from '../components/pin-field';
import { useErrorText } from '../hooks/use-error-text';
import { usePayment } from '../hooks/use-funding-queries';
import { useFields, useFundingSave } from '../hooks/use-funding-save';
import { type PasswordForm, checkPasswordForm } from '../model';

type Field = keyof PasswordForm;

/**
 * Set the withdrawal password (spec §2, the 403 target): six digits entered twice; changing it asks for the old one
 * (index/payment says whether one is set).
 */
export default function WithdrawalPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const payment = usePayment();
  const { values: form, errors, setErrors, set } = useFields<Field>({ oldPassword: '', password: '', password2: '' });
  const hasPassword = payment.data?.hasWithdrawalPassword ?? false;
  const { submit, saving, busy } = useFundingSave(fundingApi.setWithdrawalPassword, t('funding.password.saved'));

  const checked = () => {
    const found = checkPasswordForm(form, hasPassword);
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    return {
      oldPassword: hasPassword ? form.oldPassword : undefined,
      password: form.password,
      password2: form.password2,
    };
  };

  const title = payment.data && hasPassword ? t('funding.password.changeTitle') : t('funding.password.title');

  return (
    <Page title={title} back testId="withdrawal-password-page">
      {payment.isPending ? (
        <div className="stack" aria-busy="true">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : payment.isError ? (
        <ErrorState onRetry={() => void payment.refetch()} />
      ) : (
        <div className="stack">
          <p className="funding-hint" data-testid="withdrawal-password-state">
            {hasPassword ? t('funding.password.changeHint') : t('funding.password.setHint')}
          </p>
          {hasPassword ? (
            <PinField
              label={t('funding.password.old')}
              placeholder={t('funding.password.oldPlaceholder')}
              value={form.oldPassword}
              onValue={(v) => set('oldPassword', v)}
              error={errorText(errors.oldPassword)}
              testId="withdrawal-password-old"
            />
          ) : null}
          <PinField
            label={t('funding.password.new')}
            placeholder={t('funding.password.newPlaceholder')}
            value={form.password}
            onValue={(v) => set('password', v)}
            error={errorText(errors.password)}
            testId="withdrawal-password-new"
          />
          <PinField
            label={t('funding.password.again')}
            placeholder={t('funding.password.againPlaceholder')}
            value={form.password2}
            onValue={(v) => set('password2', v)}
            error={errorText(errors.password2)}
            testId="withdrawal-password-again"
          />
          <PrimaryButton
            loading={saving}
            disabled={busy}
            onClick={() => void submit(checked)}
            testId="withdrawal-password-submit"
          >
            {t('funding.password.submit')}
          </PrimaryButton>
        </div>
      )}
    </Page>
  );
}
