import { hasErrors, promptsFromServer, refusalShownInline } from '@/lib/form-rules';
/**
 * The auth forms' fields and prompts without their format checks (`validation.ts`, which builds the contract's
 * schemas with zod): the login page's first paint needs these, and loads the checks when the form is submitted.
 */
import type { FieldError, IdentityType, Lang } from '@nexa/contract';

export { hasErrors, refusalShownInline };

export type ValidationKey =
  | 'validation.email'
  | 'validation.emailInvalid'
  | 'validation.mobile'
  | 'validation.mobileInvalid'
  | 'validation.areaCode'
  | 'validation.password'
  | 'validation.passwordLength'
  | 'validation.password2'
  | 'validation.passwordMismatch'
  | 'validation.code'
  | 'validation.codeInvalid'
  | 'validation.inviteCode'
  | 'validation.inviteCodeInvalid';

export type FieldName = 'email' | 'areaCode' | 'mobile' | 'password' | 'password2' | 'code' | 'inviteCode';
export type FieldErrors = Partial<Record<FieldName, ValidationKey>>;

export interface IdentityInput {
  type: IdentityType;
  email: string;
  areaCode: string;
  mobile: string;
}

/** Whom a code goes to, as one string: a code's resend wait is the server's per recipient, not per form. */
export function identityKey(i: IdentityInput): string {
  return i.type === 'email' ? `e:${i.email.trim().toLowerCase()}` : `m:${i.areaCode}:${i.mobile.replace(/\D/g, '')}`;
}

/** The server's 400 `fields` as inline prompts under the inputs it refused. */
export function fieldErrorsFromServer(fields: readonly FieldError[]): FieldErrors {
  return promptsFromServer<FieldName, ValidationKey>(fields, {
    required: {
      email: 'validation.email',
      areaCode: 'validation.areaCode',
      mobile: 'validation.mobile',
      password: 'validation.password',
      password2: 'validation.password2',
      code: 'validation.code',
      inviteCode: 'validation.inviteCode',
    },
    invalid: {
      email: 'validation.emailInvalid',
      mobile: 'validation.mobileInvalid',
      password: 'validation.passwordLength',
      password2: 'validation.passwordMismatch',
      code: 'validation.codeInvalid',
      inviteCode: 'validation.inviteCodeInvalid',
    },
    mismatch: 'validation.passwordMismatch',
  });
}

/** A sensible first area code for the interface language (the user can pick any). */
const AREA_CODE_BY_LANG: Record<Lang, string> = {
  zh: '86',
  en: '1',
  hk: '852',
  de: '49',
  fr: '33',
  kr: '82',
  jp: '81',
  ar: '966',
  ru: '7',
  sp: '34',
  it: '39',
  pt: '351',
  pe: '98',
};

export function defaultAreaCode(lang: Lang): string {
  return AREA_CODE_BY_LANG[lang];
}
