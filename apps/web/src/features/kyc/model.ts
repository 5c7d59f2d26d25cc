/**
 * Identity verification checks with the spec's prompts (§5: name, country or region). The formats come from the
 * contract, so the client refuses what the server would; results are i18n keys the pages translate.
 */
import { checkImageFile, hasErrors, promptsFromServer } from '@/lib/form-rules';
import type { FieldError, VerificationState } from '@nexa/contract';

export type KycField = 'country' | 'name' | 'idNumber' | 'address' | 'city' | 'frontImage' | 'backImage';
export type KycErrorKey =
  | 'kyc.errors.country'
  | 'kyc.errors.name'
  | 'kyc.errors.nameLength'
  | 'kyc.errors.idNumber'
  | 'kyc.errors.idNumberInvalid'
  | 'kyc.errors.address'
  | 'kyc.errors.addressLength'
  | 'kyc.errors.city'
  | 'kyc.errors.cityLength'
  | 'kyc.errors.front'
  | 'kyc.errors.back'
  | 'kyc.errors.backSame'
  | 'kyc.errors.imageType'
  | 'kyc.errors.imageSize';
export type KycErrors = Partial<Record<KycField, KycErrorKey>>;

export const KYC_LIMITS = { name: 100, address: 200, city: 100 } as const;
export { hasErrors };
const ID_NUMBER = /^[A-Za-z0-9-]{4,32}$/;

export interface BasicInput {
  country: string;
  name: string;
  idNumber: string;
}

/**
 * Advanced verification asks only for what is new: its country, name and ID number are those of the verified basic
 * identity (the server takes them from there), shown on the form, not typed.
 */
export interface AdvancedInput {
  address: string;
  city: string;
  frontImage: string | null;
  backImage: string | null;
}

export function isIdNumber(value: string): boolean {
  return ID_NUMBER.test(value.trim());
}

export function validateBasic(v: BasicInput): KycErrors {
  const errors: KycErrors = {};
  if (!/^[A-Z]{2}$/.test(v.country)) errors.country = 'kyc.errors.country';
  const name = v.name.trim();
  if (!name) errors.name = 'kyc.errors.name';
  else if (name.length > KYC_LIMITS.name) errors.name = 'kyc.errors.nameLength';
  if (!v.idNumber.trim()) errors.idNumber = 'kyc.errors.idNumber';
  else if (!isIdNumber(v.idNumber)) errors.idNumber = 'kyc.errors.idNumberInvalid';
  return errors;
}

export function validateAdvanced(v: AdvancedInput): KycErrors {
  const errors: KycErrors = {};
  const address = v.address.trim();
  if (!address) errors.address = 'kyc.errors.address';
  else if (address.length > KYC_LIMITS.address) errors.address = 'kyc.errors.addressLength';
  const city = v.city.trim();
  if (!city) errors.city = 'kyc.errors.city';
  else if (city.length > KYC_LIMITS.city) errors.city = 'kyc.errors.cityLength';
  if (!v.frontImage) errors.frontImage = 'kyc.errors.front';
  if (!v.backImage) errors.backImage = 'kyc.errors.back';
  return errors;
}

/** Refuses before uploading what the server would refuse: only images (by type) up to 5 MB. */
export function checkImage(file: { type: string; size: number }) {
  return checkImageFile(file, { type: 'kyc.errors.imageType', size: 'kyc.errors.imageSize' } as const);
}

/**
 * The server's 400 `fields` as prompts under the inputs it refused; a back photo that is the front's picture
 * (`duplicate`) says so.
 */
export function errorsFromServer(fields: readonly FieldError[]): KycErrors {
  const found = promptsFromServer<KycField, KycErrorKey>(fields, {
    required: {
      country: 'kyc.errors.country',
      name: 'kyc.errors.name',
      idNumber: 'kyc.errors.idNumber',
      address: 'kyc.errors.address',
      city: 'kyc.errors.city',
      frontImage: 'kyc.errors.front',
      backImage: 'kyc.errors.back',
    },
    invalid: {
      name: 'kyc.errors.nameLength',
      idNumber: 'kyc.errors.idNumberInvalid',
      address: 'kyc.errors.addressLength',
      city: 'kyc.errors.cityLength',
    },
  });
  if (fields.some((f) => f.field === 'backImage' && f.reason === 'duplicate')) found.backImage = 'kyc.errors.backSame';
  return found;
}

/** Whether the user may (re)submit a level in this state: never while it is under review or once verified. */
export function canSubmit(state: Pick<VerificationState, 'status'>): boolean {
  return state.status === 'unverified' || state.status === 'rejected';
}
