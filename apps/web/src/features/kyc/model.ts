/**
 * Identity verification checks with the spec's prompts (§5: name, country or region). The formats come from the
 * contract, so the client refuses what the server would; results are i18n keys the pages translate. What only the
 * server can check (a country not on its list, a photo it cannot use or that is the front's picture, a control
 * character) comes back as its reason, said under the field (`sayRefusal`).
 */
import { checkImageContent, hasErrors, refusalShownInline } from '@/lib/form-rules';
import type { FieldError, FieldReason, VerificationLevel, VerificationState } from '@nexa/contract';

export type KycField = 'country' | 'name' | 'idNumber' | 'address' | 'city' | 'frontImage' | 'backImage';
export type KycErrorKey =
  | 'kyc.errors.country'
  | 'kyc.errors.countryInvalid'
  | 'kyc.errors.name'
  | 'kyc.errors.nameLength'
  | 'kyc.errors.nameInvalid'
  | 'kyc.errors.idNumber'
  | 'kyc.errors.idNumberInvalid'
  | 'kyc.errors.address'
  | 'kyc.errors.addressLength'
  | 'kyc.errors.addressInvalid'
  | 'kyc.errors.city'
  | 'kyc.errors.cityLength'
  | 'kyc.errors.cityInvalid'
  | 'kyc.errors.front'
  | 'kyc.errors.frontInvalid'
  | 'kyc.errors.back'
  | 'kyc.errors.backInvalid'
  | 'kyc.errors.backSame'
  | 'kyc.errors.imageType'
  | 'kyc.errors.imageSize';
/**
 * A prompt under a field: one of the form's own (an i18n key), or the server's sentence for a refusal the form has
 * no prompt of its own for (`said`, already in the user's language).
 */
export type KycPrompt = KycErrorKey | { said: string };
export type KycErrors = Partial<Record<KycField, KycPrompt>>;

/** The prompt's text: the key translated by `t`, or the server's sentence as it came. */
export function promptText(prompt: KycPrompt | undefined, t: (key: KycErrorKey) => string): string | null {
  if (prompt === undefined) return null;
  return typeof prompt === 'string' ? t(prompt) : prompt.said;
}

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

/**
 * Refuses before uploading what the server would refuse: only images, by their content as the server tells them,
 * up to the contract's `UPLOAD_LIMITS.maxBytes` (5 MB).
 */
export function checkImage(file: Blob) {
  return checkImageContent(file, { type: 'kyc.errors.imageType', size: 'kyc.errors.imageSize' } as const);
}

/**
 * The fields each level's form shows, with a prompt for every reason the server can refuse them for (the contract's
 * formats, then the service's own checks: a country not on the list, a photo that is not the user's upload or cannot
 * be read, a back photo that is the front's picture). `required` is also the prompt of the form's own check.
 */
const SERVER_PROMPTS: Record<
  VerificationLevel,
  Partial<Record<KycField, Partial<Record<FieldReason, KycErrorKey>>>>
> = {
  basic: {
    country: { required: 'kyc.errors.country', invalid: 'kyc.errors.countryInvalid' },
    name: { required: 'kyc.errors.name', tooLong: 'kyc.errors.nameLength', invalid: 'kyc.errors.nameInvalid' },
    idNumber: { required: 'kyc.errors.idNumber', invalid: 'kyc.errors.idNumberInvalid' },
  },
  // Country, name and ID number are shown read only (the verified basic identity): a refusal of those is a toast.
  advanced: {
    address: {
      required: 'kyc.errors.address',
      tooLong: 'kyc.errors.addressLength',
      invalid: 'kyc.errors.addressInvalid',
    },
    city: { required: 'kyc.errors.city', tooLong: 'kyc.errors.cityLength', invalid: 'kyc.errors.cityInvalid' },
    frontImage: { required: 'kyc.errors.front', invalid: 'kyc.errors.frontInvalid' },
    backImage: { required: 'kyc.errors.back', invalid: 'kyc.errors.backInvalid', duplicate: 'kyc.errors.backSame' },
  },
};

/**
 * The server's 400 `fields` as prompts under the inputs of the `level`'s form, each saying the server's reason: the
 * form's prompt for that reason, else, for the first field, the server's own sentence (`msg` is the first field's,
 * in the user's language). A field the form does not show, or a later one whose reason it has no prompt for, gets
 * none (then the refusal is a toast: `sayRefusal`). Never a generic prompt for another reason ("Please upload…"
 * under a photo the server refused as the front's picture): that would hide the reason.
 */
export function errorsFromServer(fields: readonly FieldError[], msg: string, level: VerificationLevel): KycErrors {
  const prompts = SERVER_PROMPTS[level];
  const shown = Object.keys(prompts);
  const found: KycErrors = {};
  fields.forEach(({ field, reason }, i) => {
    if (!shown.includes(field)) return;
    const name = field as KycField;
    if (found[name]) return;
    const prompt = prompts[name]?.[reason] ?? (i === 0 && msg ? { said: msg } : undefined);
    if (prompt) found[name] = prompt;
  });
  return found;
}

/**
 * How the form says a refusal of `level`'s submission, once: the fields' reasons under them (`inline`), and a toast
 * (`toast`, the server's msg) only when a field is not said there or none is named (already verified, under review,
 * the session, the network).
 */
export function sayRefusal(
  refusal: { fields: readonly FieldError[]; msg: string },
  level: VerificationLevel,
): { inline: KycErrors; toast: string | null } {
  const inline = errorsFromServer(refusal.fields, refusal.msg, level);
  return { inline, toast: refusalShownInline(refusal.fields, inline) ? null : refusal.msg };
}

/** Whether the user may (re)submit a level in this state: never while it is under review or once verified. */
export function canSubmit(state: Pick<VerificationState, 'status'>): boolean {
  return state.status === 'unverified' || state.status === 'rejected';
}
