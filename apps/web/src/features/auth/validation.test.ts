import { describe, expect, it } from 'vitest';
import { fieldErrorsFromServer, refusalShownInline } from './fields';
import { validateIdentity, validateLogin, validateRegister, validateReset } from './validation';

const email = { type: 'email' as const, email: 'ann@example.com', areaCode: '', mobile: '' };
const mobile = { type: 'mobile' as const, email: '', areaCode: '86', mobile: '13800138000' };

describe('auth validation (spec §5 prompts)', () => {
  it('asks for the identity the chosen type uses', () => {
    expect(validateIdentity({ ...email, email: ' ' })).toEqual({ email: 'validation.email' });
    expect(validateIdentity({ ...email, email: 'ann@' })).toEqual({ email: 'validation.emailInvalid' });
    expect(validateIdentity(email)).toEqual({});
    expect(validateIdentity({ ...mobile, areaCode: '', mobile: '' })).toEqual({
      areaCode: 'validation.areaCode',
      mobile: 'validation.mobile',
    });
    expect(validateIdentity({ ...mobile, mobile: '12' })).toEqual({ mobile: 'validation.mobileInvalid' });
    expect(validateIdentity(mobile)).toEqual({});
  });

  it('login needs a password', () => {
    expect(validateLogin({ ...email, password: '' })).toEqual({ password: 'validation.password' });
    expect(validateLogin({ ...email, password: 'x' })).toEqual({});
  });

  it('register checks code, password length, the repeat and the invitation code', () => {
    const ok = { ...email, code: '123456', password: 'Secret123', password2: 'Secret123', inviteCode: '' };
    expect(validateRegister(ok, false)).toEqual({});
    expect(validateRegister(ok, true)).toEqual({ inviteCode: 'validation.inviteCode' });
    expect(validateRegister({ ...ok, inviteCode: 'ab!' }, false)).toEqual({
      inviteCode: 'validation.inviteCodeInvalid',
    });
    expect(validateRegister({ ...ok, code: '' }, false)).toEqual({ code: 'validation.code' });
    expect(validateRegister({ ...ok, code: '12a' }, false)).toEqual({ code: 'validation.codeInvalid' });
    expect(validateRegister({ ...ok, password2: 'Secret124' }, false)).toEqual({
      password2: 'validation.passwordMismatch',
    });
    expect(validateRegister({ ...ok, password: 'short', password2: 'short' }, false)).toEqual({
      password: 'validation.passwordLength',
    });
    expect(validateRegister({ ...ok, password: '', password2: '' }, false)).toEqual({
      password: 'validation.password',
      password2: 'validation.password2',
    });
  });

  it('reset checks the same as register, without the invitation', () => {
    expect(validateReset({ ...mobile, code: '123456', password: 'Secret123', password2: 'Secret123' })).toEqual({});
    expect(validateReset({ ...mobile, code: '', password: 'Secret123', password2: 'x' })).toEqual({
      code: 'validation.code',
      password2: 'validation.passwordMismatch',
    });
  });

  it.each([
    ['email', 'invalid', 'validation.emailInvalid'],
    ['password', 'tooShort', 'validation.passwordLength'],
    ['password2', 'mismatch', 'validation.passwordMismatch'],
    ['code', 'required', 'validation.code'],
    ['unknown', 'invalid', undefined],
    // Names of an object's inherited properties are no fields of the form.
    ['toString', 'required', undefined],
    ['constructor', 'invalid', undefined],
    ['__proto__', 'required', undefined],
  ] as const)("maps the server's refused %s (%s) to the same prompt: %s", (field, reason, prompt) => {
    expect(fieldErrorsFromServer([{ field, reason }])).toEqual(prompt ? { [field]: prompt } : {});
  });

  it('says a refusal once: under its fields when the form shows them all, else as a toast', () => {
    const shown = (fields: { field: string; reason: 'invalid' | 'required' }[]) =>
      refusalShownInline(fields, fieldErrorsFromServer(fields));
    expect(shown([{ field: 'mobile', reason: 'invalid' }])).toBe(true);
    expect(
      shown([
        { field: 'email', reason: 'invalid' },
        { field: 'code', reason: 'required' },
      ]),
    ).toBe(true);
    // A wrong password or a lockout names no field; a field the form does not show is said in the toast.
    expect(shown([])).toBe(false);
    expect(
      shown([
        { field: 'mobile', reason: 'invalid' },
        { field: 'scene', reason: 'invalid' },
      ]),
    ).toBe(false);
  });
});
