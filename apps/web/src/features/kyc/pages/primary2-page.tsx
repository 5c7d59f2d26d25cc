import { FieldList, type FieldSpec } from '@/components/ui/field-list';
import { useFormFields } from '@/lib/use-form-fields';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { UserVerificationData } from '@nexa/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LevelForm, LevelPage } from '../components/level-page';
import { PhotoUpload } from '../components/photo-upload';
import { VerifiedIdentity } from '../components/verified-identity';
import { useSubmitVerification } from '../hooks/use-submit-verification';
import { KYC_LIMITS, type KycErrors, hasErrors, promptText, validateAdvanced } from '../model';

type Field = 'address' | 'city';
type Side = 'front' | 'back';

const ADDRESS: FieldSpec<Field>[] = [
  {
    name: 'address',
    text: 'kyc.address',
    autoComplete: 'street-address',
    maxLength: KYC_LIMITS.address,
    testId: 'kyc-address',
  },
  { name: 'city', text: 'kyc.city', autoComplete: 'address-level2', maxLength: KYC_LIMITS.city, testId: 'kyc-city' },
];

function AdvancedForm({ data }: { data: UserVerificationData }) {
  const { t } = useTranslation();
  const { basic, advanced } = data;
  // Country, name and ID number are the verified basic identity's: shown, never typed or sent (the server takes
  // them from the basic record). Only the address, the city and the document's photos are asked for.
  const { values, errors, setErrors, set, clear } = useFormFields<Field, KycErrors>({ address: '', city: '' });
  const [photos, setPhotos] = useState<Record<Side, string | null>>({ front: null, back: null });
  const [busy, setBusy] = useState({ front: false, back: false });
  const send = useSubmitVerification(setErrors);
  const uploading = busy.front || busy.back;

  const submit = useSingleFlight(async () => {
    if (uploading) return;
    const { front, back } = photos;
    const found = validateAdvanced({ ...values, frontImage: front, backImage: back });
    setErrors(found);
    if (hasErrors(found) || !front || !back) return;
    await send({
      level: 'advanced',
      address: values.address.trim(),
      city: values.city.trim(),
      frontImage: front,
      backImage: back,
    });
  });

  return (
    <LevelForm level="advanced" previous={advanced} submit={submit} uploading={uploading}>
      <VerifiedIdentity basic={basic} />
      <FieldList fields={ADDRESS} values={values} errorText={(name) => promptText(errors[name], t)} onChange={set} />
      <div className="field">
        <span className="field__label">
          {t('kyc.photos')}
          <span className="field__hint">{t('kyc.photosHint')}</span>
        </span>
        <div className="kyc-photos">
          {(['front', 'back'] as const).map((side) => (
            <PhotoUpload
              key={side}
              side={side}
              value={photos[side]}
              error={promptText(errors[`${side}Image`], t)}
              onChange={(n) => {
                setPhotos((p) => ({ ...p, [side]: n }));
                clear(`${side}Image`);
              }}
              onBusy={(b) => setBusy((s) => ({ ...s, [side]: b }))}
            />
          ))}
        </div>
      </div>
    </LevelForm>
  );
}

/**
 * Advanced verification (spec §2 mine/primary2), after basic: for the verified basic identity (shown read only),
 * the address, city, and photos of the front and back of that ID document.
 */
export default function Primary2Page() {
  return <LevelPage level="advanced">{(data) => <AdvancedForm data={data} />}</LevelPage>;
}
