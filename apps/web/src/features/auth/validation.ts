import { hasErrors, promptsFromServer } from '@/lib/form-rules';
/**
 * Client-side checks with the spec's prompts (§5). The formats come from the contract, so the client refuses
 * exactly what the server would; the result names i18n keys, the page translates them.
 */
import {
  Email,
  type FieldError,
  type IdentityType,
  InviteCode,
  LIMITS,
  type Lang,
  Mobile,
  VerificationCode,
} from '@nexa/contract';

export { hasErrors };

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

export function validateIdentity(v: IdentityInput): FieldErrors {
  if (v.type === 'email') {
    if (!v.email.trim()) return { email: 'validation.email' };
    if (!Email.safeParse(v.email).success) return { email: 'validation.emailInvalid' };
    return {};
  }
  const errors: FieldErrors = {};
  if (!v.areaCode) errors.areaCode = 'validation.areaCode';
  if (!v.mobile.trim()) errors.mobile = 'validation.mobile';
  else if (!Mobile.safeParse(v.mobile).success) errors.mobile = 'validation.mobileInvalid';
  return errors;
}

function validateCode(code: string): FieldErrors {
  if (!code.trim()) return { code: 'validation.code' };
  if (!VerificationCode.safeParse(code).success) return { code: 'validation.codeInvalid' };
  return {};
}

function validateNewPassword(password: string, password2: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!password) errors.password = 'validation.password';
  else if (password.length < LIMITS.passwordMinLength || password.length > LIMITS.passwordMaxLength) {
    errors.password = 'validation.passwordLength';
  }
  if (!password2) errors.password2 = 'validation.password2';
  else if (password && password !== password2) errors.password2 = 'validation.passwordMismatch';
  return errors;
}

export function validateLogin(v: IdentityInput & { password: string }): FieldErrors {
  // Login accepts any stored password: only its presence is checked here.
  return { ...validateIdentity(v), ...(v.password ? {} : { password: 'validation.password' as const }) };
}

export function validateRegister(
  v: IdentityInput & { code: string; password: string; password2: string; inviteCode: string },
  inviteRequired: boolean,
): FieldErrors {
  const errors: FieldErrors = {
    ...validateIdentity(v),
    ...validateCode(v.code),
    ...validateNewPassword(v.password, v.password2),
  };
  const invite = v.inviteCode.trim();
  if (!invite) {
    if (inviteRequired) errors.inviteCode = 'validation.inviteCode';
  } else if (!InviteCode.safeParse(invite).success) errors.inviteCode = 'validation.inviteCodeInvalid';
  return errors;
}

export function validateReset(v: IdentityInput & { code: string; password: string; password2: string }): FieldErrors {
  return { ...validateIdentity(v), ...validateCode(v.code), ...validateNewPassword(v.password, v.password2) };
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
