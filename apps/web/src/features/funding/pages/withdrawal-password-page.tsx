import { ErrorState } from '@/components/ui/error-state';
import { FieldList, type FieldSpec } from '@/components/ui/field-list';
import { Page } from '@/components/ui/page';
import { hasErrors } from '@/lib/form-rules';
import { SecondFactorField, useSecondFactor } from '@/shared/totp-field';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { fundingApi } from '../api/funding-api';
import '../components/funding.css';
import { PIN_INPUT } from '../components/pin-field';
import { SaveButton } from '../components/save-button';
import { usePayment } from '../hooks/use-funding-queries';
import { useFundingFields, useFundingSave } from '../hooks/use-funding-save';
import { type PasswordForm, checkPasswordForm } from '../model';

type Field = keyof PasswordForm;
const EMPTY: Record<Field, string> = { oldPassword: '', password: '', password2: '' };

/**
 * Set the withdrawal password (spec §2, the 403 target): six digits entered twice; changing it asks for the old one
 * (index/payment says whether one is set).
 */
export default function WithdrawalPasswordPage() {
  const { t } = useTranslation();
  const payment = usePayment();
  const { values: form, setErrors, set, errorText } = useFundingFields(EMPTY);
  const hasPassword = payment.data?.hasWithdrawalPassword ?? false;
  const factor = useSecondFactor();
  const save = useFundingSave(
    fundingApi.setWithdrawalPassword,
    t('funding.password.saved'),
    undefined,
    factor.fromRefusal,
  );
  const fields: (FieldSpec<Field> | false)[] = [
    hasPassword && {
      name: 'oldPassword',
      text: 'funding.password.old',
      testId: 'withdrawal-password-old',
      ...PIN_INPUT,
    },
    { name: 'password', text: 'funding.password.new', testId: 'withdrawal-password-new', ...PIN_INPUT },
    { name: 'password2', text: 'funding.password.again', testId: 'withdrawal-password-again', ...PIN_INPUT },
  ];

  const checked = () => {
    const found = checkPasswordForm(form, hasPassword);
    setErrors(found);
    if (hasErrors(found)) return null;
    return {
      oldPassword: hasPassword ? form.oldPassword : undefined,
      password: form.password,
      password2: form.password2,
      totpCode: hasPassword ? factor.body() : undefined,
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
          <FieldList fields={fields} values={form} errorText={errorText} onChange={set} />
          {/* Only a change is guarded: setting the first password asks for no code. */}
          {hasPassword ? <SecondFactorField factor={factor} testId="withdrawal-password-totp" /> : null}
          <SaveButton save={save} checked={checked} testId="withdrawal-password-submit">
            {t('funding.password.submit')}
          </SaveButton>
        </div>
      )}
    </Page>
  );
}
