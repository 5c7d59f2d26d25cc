import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { PageSpinner } from '@/components/ui/page-spinner';
import { PrimaryButton } from '@/components/ui/primary-button';
import { SubmitForm } from '@/components/ui/submit-form';
import { TextField } from '@/components/ui/text-field';
import { isolateLtr } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { UserVerificationData } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { IdentityFields, type IdentityValues } from '../components/identity-fields';
import '../components/kyc.css';
import { FormHead } from '../components/form-head';
import { PhotoUpload } from '../components/photo-upload';
import { StateNotice } from '../components/state-notice';
import { useVerification } from '../hooks/use-kyc-queries';
import { useSubmitVerification } from '../hooks/use-submit-verification';
import { KYC_LIMITS, type KycErrors, canSubmit, hasErrors, isIdNumber, validateAdvanced } from '../model';

function AdvancedForm({ data }: { data: UserVerificationData }) {
  const { t } = useTranslation();
  const { basic, advanced } = data;
  // Country, name and ID number come from the verified basic level. The server shows the ID number masked
  // ("****1234"); then it is typed again and the hint says which one.
  const [country, setCountry] = useState(advanced.country ?? basic.country ?? '');
  const [name, setName] = useState(advanced.name ?? basic.name ?? '');
  const [idNumber, setIdNumber] = useState(basic.idNumber && isIdNumber(basic.idNumber) ? basic.idNumber : '');
  const [address, setAddress] = useState('');
  const [city, setCity] = useState('');
  const [front, setFront] = useState<string | null>(null);
  const [back, setBack] = useState<string | null>(null);
  const [busy, setBusy] = useState({ front: false, back: false });
  const [errors, setErrors] = useState<KycErrors>({});
  const send = useSubmitVerification(setErrors);
  const clear = (field: keyof KycErrors) => setErrors(({ [field]: _, ...rest }) => rest);
  const change = (field: keyof IdentityValues, value: string) => {
    ({ country: setCountry, name: setName, idNumber: setIdNumber })[field](value);
    clear(field);
  };
  const uploading = busy.front || busy.back;

  const { run: submit, running } = useSingleFlight(async () => {
    if (uploading) return;
    const found = validateAdvanced({ country, name, idNumber, address, city, frontImage: front, backImage: back });
    setErrors(found);
    if (hasErrors(found) || !front || !back) return;
    await send({
      level: 'advanced',
      country,
      name: name.trim(),
      idNumber: idNumber.trim(),
      address: address.trim(),
      city: city.trim(),
      frontImage: front,
      backImage: back,
    });
  });

  const maskedId = basic.idNumber && !isIdNumber(basic.idNumber) ? basic.idNumber : null;

  return (
    <SubmitForm onSubmit={submit}>
      <FormHead previous={advanced} intro={t('kyc.advanced.intro')} />
      <IdentityFields
        values={{ country, name, idNumber }}
        errors={errors}
        countryFallback={basic.country}
        idHint={maskedId ? t('kyc.idNumberHint', { masked: isolateLtr(maskedId) }) : undefined}
        onChange={change}
      />
      <TextField
        label={t('kyc.address')}
        placeholder={t('kyc.addressPlaceholder')}
        autoComplete="street-address"
        maxLength={KYC_LIMITS.address}
        value={address}
        onChange={(e) => {
          setAddress(e.target.value);
          clear('address');
        }}
        error={errors.address ? t(errors.address) : null}
        testId="kyc-address"
      />
      <TextField
        label={t('kyc.city')}
        placeholder={t('kyc.cityPlaceholder')}
        autoComplete="address-level2"
        maxLength={KYC_LIMITS.city}
        value={city}
        onChange={(e) => {
          setCity(e.target.value);
          clear('city');
        }}
        error={errors.city ? t(errors.city) : null}
        testId="kyc-city"
      />
      <div className="field">
        <span className="field__label">
          {t('kyc.photos')}
          <span className="field__hint">{t('kyc.photosHint')}</span>
        </span>
        <div className="kyc-photos">
          <PhotoUpload
            side="front"
            value={front}
            error={errors.frontImage ? t(errors.frontImage) : null}
            onChange={(n) => {
              setFront(n);
              clear('frontImage');
            }}
            onBusy={(b) => setBusy((s) => ({ ...s, front: b }))}
          />
          <PhotoUpload
            side="back"
            value={back}
            error={errors.backImage ? t(errors.backImage) : null}
            onChange={(n) => {
              setBack(n);
              clear('backImage');
            }}
            onBusy={(b) => setBusy((s) => ({ ...s, back: b }))}
          />
        </div>
      </div>
      <PrimaryButton type="submit" loading={running} disabled={running || uploading} testId="kyc-submit">
        {uploading ? t('kyc.uploading') : t('kyc.submit')}
      </PrimaryButton>
      <p className="kyc-privacy">{t('kyc.privacy')}</p>
    </SubmitForm>
  );
}

/** Advanced verification (spec §2 mine/primary2): address, city, front and back ID photos, after basic. */
export default function Primary2Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verification = useVerification();
  const data = verification.data;

  let body: ReactNode;
  if (verification.isPending) body = <PageSpinner />;
  else if (!data) body = <ErrorState onRetry={() => void verification.refetch()} />;
  else if (data.basic.status !== 'verified') {
    body = (
      <StateNotice
        tone="locked"
        title={t('kyc.basicFirst')}
        text={t('kyc.basicStatus', { status: t(`kyc.status.${data.basic.status}`) })}
        action={canSubmit(data.basic) ? t('kyc.basic.title') : t('kyc.viewStatus')}
        onAction={() => navigate(canSubmit(data.basic) ? ROUTES.primary : ROUTES.verification, { replace: true })}
      />
    );
  } else if (!canSubmit(data.advanced)) {
    body = (
      <StateNotice
        tone={data.advanced.status === 'verified' ? 'verified' : 'review'}
        title={t(`kyc.status.${data.advanced.status}`)}
        text={data.advanced.status === 'verified' ? t('kyc.advanced.done') : t('kyc.reviewNote')}
        action={t('kyc.viewStatus')}
        onAction={() => navigate(ROUTES.verification, { replace: true })}
      />
    );
  } else body = <AdvancedForm data={data} />;

  return (
    <Page title={t('kyc.advanced.title')} back testId="primary2-page">
      {body}
    </Page>
  );
}
