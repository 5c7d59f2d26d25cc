import type { SessionData } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, call, createTestApp, registerUser } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { type: 'email', email, password },
      headers: { lang: 'en' },
      ...(ip ? { remoteAddress: ip } : {}),
    })
    .then((r) => r.json() as { code: number; msg: string; data: SessionData });
const me = (token: string) => call(t.app, 'user/getUserinfo', {}, { TOKEN: token });
const change = (token: string, body: object, ip?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/index/resetPassword',
      payload: body,
      headers: { lang: 'en', TOKEN: token },
      ...(ip ? { remoteAddress: ip } : {}),
    })
    .then((r) => r.json() as { code: number; msg: string; data: unknown });

describe('index/resetPassword (change the login password)', () => {
  it('changes the password and revokes every other session; the current one stays valid', async () => {
    const u = await registerUser(t);
    const other = (await login(u.email, 'password-123')).data.token;
    const current = (await login(u.email, 'password-123')).data.token;
    const res = await change(current, {
      oldPassword: 'password-123',
      password: 'new-pass-456',
      password2: 'new-pass-456',
    });
    expect(res).toMatchObject({ code: 1, data: null });
    expect((await me(current)).code).toBe(1);
    expect((await me(other)).code).toBe(401);
    expect((await me(u.token)).code).toBe(401);
    expect((await login(u.email, 'password-123')).code).toBe(0);
    expect((await login(u.email, 'new-pass-456')).code).toBe(1);
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const u = await registerUser(t);
    const res = await change(u.token, {
      oldPassword: 'wrong-one-1',
      password: 'new-pass-456',
      password2: 'new-pass-456',
    });
    expect(res).toMatchObject({ code: 0, msg: 'The old password is incorrect' });
    expect((await login(u.email, 'password-123')).code).toBe(1);
    expect((await me(u.token)).code).toBe(1);
  });

  it('names the missing or mismatched fields, in the caller’s language', async () => {
    const u = await registerUser(t);
    const missing = await change(u.token, { password: 'new-pass-456', password2: 'new-pass-456' });
    expect(missing).toMatchObject({ code: 400, msg: 'Please enter old password' });
    const mismatch = await change(u.token, { oldPassword: 'password-123', password: 'new-pass-456', password2: 'x' });
    expect(mismatch).toMatchObject({ code: 400, msg: 'The passwords do not match' });
    const zh = await call(
      t.app,
      'index/resetPassword',
      { oldPassword: 'x', password: 'new-pass-456', password2: 'new-pass-456' },
      { TOKEN: u.token, lang: 'zh' },
    );
    expect(zh.msg).toBe('旧密码不正确');
    expect((await call(t.app, 'index/resetPassword', {})).code).toBe(401);
  });

  it('counts wrong old passwords toward the login lockout', async () => {
    const u = await registerUser(t);
    const ip = '203.0.113.77';
    const wrong = { oldPassword: 'wrong-one-1', password: 'new-pass-456', password2: 'new-pass-456' };
    for (let i = 0; i < t.config.auth.loginAccountMaxFailures; i++) {
      expect((await change(u.token, wrong, ip)).code).toBe(0);
    }
    const locked = await change(u.token, { ...wrong, oldPassword: 'password-123' }, ip);
    expect(locked.code).toBe(429);
    expect(locked.msg).toMatch(/Too many failed attempts/);
    // That address is locked out of the account's login too; the owner's own address is not, and the password
    // did not change.
    expect((await login(u.email, 'password-123', ip)).code).toBe(429);
    expect((await login(u.email, 'password-123')).code).toBe(1);
    t.clock.advance(t.config.auth.loginLockMs + 1);
    expect((await login(u.email, 'password-123', ip)).code).toBe(1);
  });
});
