import { TextField } from '@/components/ui/text-field';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_LIMITS, type KycErrors } from '../model';
import { CountryField } from './country-field';

export interface IdentityValues {
  country: string;
  name: string;
  idNumber: string;
}

/**
 * The fields both verification levels ask for: country or region, name, ID number. `onChange` gets the field that
 * changed (its error is cleared by the caller); `idHint` is shown beside the ID number's label.
 */
export function IdentityFields({
  values,
  errors,
  countryFallback,
  idHint,
  onChange,
}: {
  values: IdentityValues;
  errors: KycErrors;
  countryFallback: string | null;
  idHint?: ReactNode;
  onChange: (field: keyof IdentityValues, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CountryField
        value={values.country}
        fallbackName={countryFallback}
        onChange={(code) => onChange('country', code)}
        error={errors.country ? t(errors.country) : null}
      />
      <TextField
        label={t('kyc.name')}
        placeholder={t('kyc.namePlaceholder')}
        autoComplete="name"
        maxLength={KYC_LIMITS.name}
        value={values.name}
        onChange={(e) => onChange('name', e.target.value)}
        error={errors.name ? t(errors.name) : null}
        testId="kyc-name"
      />
      <TextField
        label={t('kyc.idNumber')}
        hint={idHint}
        placeholder={t('kyc.idNumberPlaceholder')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="auto"
        maxLength={32}
        value={values.idNumber}
        onChange={(e) => onChange('idNumber', e.target.value)}
        error={errors.idNumber ? t(errors.idNumber) : null}
        testId="kyc-id-number"
      />
    </>
  );
}
