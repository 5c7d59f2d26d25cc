import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../testing.js';
import { operatorTestKit } from './operator-testing.js';

let t: TestApp;
beforeAll(async () => {
  // The production default (ADMIN_REQUIRE_2FA=true), which the other tests turn off.
  t = await createTestApp({ adminRequire2fa: true });
});
afterAll(() => t?.close());

const { post, operatorWith } = operatorTestKit(() => t, 'sf');
const REQUIRED = 'Turn on two-factor authentication (the button at the top) before using the console';

describe('operators must turn on the second factor first', () => {
  it('lets an operator without it only see who they are and enrol; then every call of their role', async () => {
    const op = await operatorWith('reviewer');
    const me = await post<{ totpEnabled: boolean; twoFactorRequired: boolean }>('admin/me', {}, op.token);
    expect(me.data).toMatchObject({ totpEnabled: false, twoFactorRequired: true });
    // A call of the role: refused, saying why (HTTP 403), and so is an upload.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/deposits',
      payload: { page: 1, pageSize: 10 },
      headers: { lang: 'en', 'ADMIN-TOKEN': op.token },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: REQUIRED });
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/admin/file/0123456789abcdef0123456789abcdef.png',
      headers: { lang: 'en', 'ADMIN-TOKEN': op.token },
    });
    expect(file.statusCode).toBe(403);

    const { generate } = await import('otplib');
    const setup = await post<{ secret: string }>('admin/totpSetup', {}, op.token);
    const code = await generate({ secret: setup.data.secret, epoch: Math.floor(t.clock.ms / 1000) });
    expect((await post('admin/totpEnable', { code }, op.token)).code).toBe(1);
    expect((await post('admin/deposits', { page: 1, pageSize: 10 }, op.token)).code).toBe(1);
    // The role table still holds: a reviewer may not read the dashboard.
    expect((await post('admin/dashboard', {}, op.token)).msg).toBe('Your operator role does not allow this');
  });
});
