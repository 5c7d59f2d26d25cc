/**
 * Client-side checks with the spec's prompts (§5). The formats come from the contract, so the client refuses
 * exactly what the server would; the result names i18n keys, the page translates them. The fields, their prompts
 * and the server's refusals are in `fields.ts`, which does not need zod.
 */
import { Email, InviteCode, LIMITS, Mobile, VerificationCode } from '@nexa/contract';
import type { FieldErrors, IdentityInput } from './fields';

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
