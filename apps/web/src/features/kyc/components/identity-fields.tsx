import { FieldList, type FieldSpec } from '@/components/ui/field-list';
import { useTranslation } from 'react-i18next';
import { KYC_LIMITS, type KycErrors, promptText } from '../model';
import { CountryField } from './country-field';

export interface IdentityValues {
  country: string;
  name: string;
  idNumber: string;
}

const NAME: FieldSpec<keyof IdentityValues> = {
  name: 'name',
  text: 'kyc.name',
  autoComplete: 'name',
  maxLength: KYC_LIMITS.name,
  testId: 'kyc-name',
};
const ID_NUMBER: FieldSpec<keyof IdentityValues> = {
  name: 'idNumber',
  text: 'kyc.idNumber',
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  maxLength: 32,
  testId: 'kyc-id-number',
};

/**
 * The fields basic verification asks for: country or region, name, ID number (advanced verification shows the
 * verified ones, read only). `onChange` gets the field that changed (its error is cleared by the caller).
 */
export function IdentityFields({
  values,
  errors,
  countryFallback,
  onChange,
}: {
  values: IdentityValues;
  errors: KycErrors;
  countryFallback: string | null;
  onChange: (field: keyof IdentityValues, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CountryField
        value={values.country}
        fallbackName={countryFallback}
        onChange={(code) => onChange('country', code)}
        error={promptText(errors.country, t)}
      />
      <FieldList
        fields={[NAME, ID_NUMBER]}
        values={values}
        errorText={(name) => promptText(errors[name], t)}
        onChange={onChange}
      />
    </>
  );
}
