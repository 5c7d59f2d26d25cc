import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PageSpinner } from '@/components/ui/page-spinner';
import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { VerificationState } from '@nexa/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { IdentityFields, type IdentityValues } from '../components/identity-fields';
import '../components/kyc.css';
import { FormHead } from '../components/form-head';
import { StateNotice } from '../components/state-notice';
import { useVerification } from '../hooks/use-kyc-queries';
import { useSubmitVerification } from '../hooks/use-submit-verification';
import { type KycErrors, canSubmit, hasErrors, validateBasic } from '../model';

function BasicForm({ previous }: { previous: VerificationState }) {
  const { t } = useTranslation();
  // A rejected submission comes back filled in (the ID number is only shown masked, so it is typed again).
  const [country, setCountry] = useState(previous.country ?? '');
  const [name, setName] = useState(previous.name ?? '');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<KycErrors>({});
  const send = useSubmitVerification(setErrors);

  const { run: submit, running } = useSingleFlight(async () => {
    const input = { country, name, idNumber };
    const found = validateBasic(input);
    setErrors(found);
    if (hasErrors(found)) return;
    await send({ level: 'basic', country, name: name.trim(), idNumber: idNumber.trim() });
  });
  const clear = (field: keyof KycErrors) => setErrors(({ [field]: _, ...rest }) => rest);
  const change = (field: keyof IdentityValues, value: string) => {
    ({ country: setCountry, name: setName, idNumber: setIdNumber })[field](value);
    clear(field);
  };

  return (
    <SubmitForm onSubmit={submit}>
      <FormHead previous={previous} intro={t('kyc.basic.intro')} />
      <IdentityFields
        values={{ country, name, idNumber }}
        errors={errors}
        countryFallback={previous.country}
        onChange={change}
      />
      <PrimaryButton type="submit" loading={running} disabled={running} testId="kyc-submit">
        {t('kyc.submit')}
      </PrimaryButton>
      <p className="kyc-privacy">{t('kyc.privacy')}</p>
    </SubmitForm>
  );
}

/** Basic verification (spec §2 mine/primary): country or region, name, ID number. */
export default function PrimaryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verification = useVerification();
  const basic = verification.data?.basic;
  const toStatus = () => navigate(ROUTES.verification, { replace: true });

  return (
    <Page title={t('kyc.basic.title')} back testId="primary-page">
      {verification.isPending ? (
        <PageSpinner />
      ) : !basic ? (
        <ErrorState onRetry={() => void verification.refetch()} />
      ) : canSubmit(basic) ? (
        <BasicForm previous={basic} />
      ) : (
        <StateNotice
          tone={basic.status === 'verified' ? 'verified' : 'review'}
          title={t(`kyc.status.${basic.status}`)}
          text={basic.status === 'verified' ? t('kyc.basic.done') : t('kyc.reviewNote')}
          action={t('kyc.viewStatus')}
          onAction={toStatus}
        />
      )}
    </Page>
  );
}
