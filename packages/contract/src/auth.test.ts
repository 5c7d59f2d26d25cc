import { describe, expect, it } from 'vitest';
import { LoginBody, RegisterBody, SmsSendBody } from './auth.js';

const base = { type: 'email', email: ' A@Example.COM ', code: '123456', password: 'abcdefgh', password2: 'abcdefgh' };

describe('account schemas', () => {
  it('normalises e-mail, area code, mobile and invitation code', () => {
    const r = RegisterBody.parse({ ...base, inviteCode: ' ab12cd ' });
    expect(r.email).toBe('a@example.com');
    expect(r.inviteCode).toBe('AB12CD');
    expect(SmsSendBody.parse({ areaCode: '+86', mobile: '138 0013-8000', scene: 'register' })).toMatchObject({
      areaCode: '86',
      mobile: '13800138000',
    });
  });

  it('treats a blank optional invitation code as absent', () => {
    expect(RegisterBody.parse({ ...base, inviteCode: '  ' }).inviteCode).toBeUndefined();
  });

  it('requires the identity fields of the chosen type', () => {
    const r = LoginBody.safeParse({ type: 'mobile', password: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['areaCode', 'mobile']);
  });

  it('refuses different passwords and a short one', () => {
    const mismatch = RegisterBody.safeParse({ ...base, password2: 'abcdefgX' });
    expect(mismatch.error?.issues).toMatchObject([{ path: ['password2'], message: 'mismatch' }]);
    expect(RegisterBody.safeParse({ ...base, password: 'short', password2: 'short' }).success).toBe(false);
  });
});
