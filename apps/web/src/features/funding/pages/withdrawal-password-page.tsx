import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PrimaryButton } from '@/components/ui/primary-button';
import { useGoBack } from '@/components/ui/use-go-back';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fundingApi } from '../api/funding-api';
import '../components/funding.css';
import { PinField } from '../components/pin-field';
import { fundingKeys } from '../hooks/query-keys';
import { useErrorText } from '../hooks/use-error-text';
import { usePayment } from '../hooks/use-funding-queries';
import { type FundingError, type PasswordForm, checkPasswordForm } from '../model';

type Field = keyof PasswordForm;

/**
 * Set the withdrawal password (spec §2, the 403 target): six digits entered twice; changing it asks for the old one
 * (index/payment says whether one is set).
 */
export default function WithdrawalPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(ROUTES.withdrawal);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const payment = usePayment();
  const [form, setForm] = useState<PasswordForm>({ oldPassword: '', password: '', password2: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, FundingError>>>({});
  const hasPassword = payment.data?.hasWithdrawalPassword ?? false;

  const save = useMutation({
    mutationFn: fundingApi.setWithdrawalPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.all }),
  });

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const { run: submit, running } = useSingleFlight(async () => {
    const found = checkPasswordForm(form, hasPassword);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        oldPassword: hasPassword ? form.oldPassword : undefined,
        password: form.password,
        password2: form.password2,
      });
      Toast.show({ icon: 'success', content: t('funding.password.saved'), duration: 2000 });
      goBack();
    } catch {
      // Toasted by the request helper (a wrong old password among others).
    }
  });

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
            loading={save.isPending}
            disabled={running || save.isPending}
            onClick={() => void submit()}
            testId="withdrawal-password-submit"
          >
            {t('funding.password.submit')}
          </PrimaryButton>
        </div>
      )}
    </Page>
  );
}
