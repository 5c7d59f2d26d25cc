import type { LoginData, RecoveryCodesData, SecurityOverview, SessionsData, TotpSetupData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, call, createTestApp, registerUser } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

type Envelope<T> = { code: number; msg: string; data: T };

function post<T>(path: string, body: object, o: { token?: string; ua?: string; ip?: string } = {}) {
  return t.app
    .inject({
      method: 'POST',
      url: `/api/${path}`,
      payload: body,
      headers: { lang: 'en', ...(o.token ? { TOKEN: o.token } : {}), ...(o.ua ? { 'user-agent': o.ua } : {}) },
      ...(o.ip ? { remoteAddress: o.ip } : {}),
    })
    .then((r) => r.json() as Envelope<T>);
}

/** The code an authenticator app shows now (the test clock's now), `stepsAhead` 30 s steps later. */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(t.clock.ms / 1000) + 30 * stepsAhead });

/** Six digits the server refuses now: none of the codes of the steps it accepts (one either side of now). */
async function wrongCodeOf(secret: string): Promise<string> {
  const accepted = await Promise.all([-1, 0, 1].map((ahead) => codeOf(secret, ahead)));
  return ['000000', '111111', '222222', '333333'].find((c) => !accepted.includes(c)) as string;
}

const login = (email: string, o: { ua?: string; ip?: string } = {}) =>
  post<LoginData>('user/login', { type: 'email', email, password: 'password-123' }, o);

/** A user with 2FA on: their secret and recovery codes. */
async function enrolled() {
  const u = await registerUser(t);
  const setup = await u.as<TotpSetupData>('security/totpSetup');
  const on = await u.as<RecoveryCodesData>('security/totpEnable', {
    code: await codeOf(setup.data.secret),
    password: 'password-123',
  });
  expect(on.code).toBe(1);
  t.clock.advance(30_000); // the enrolment code's step is used up
  return { ...u, secret: setup.data.secret, recovery: on.data.recoveryCodes };
}

describe('two-factor enrolment', () => {
  it('shows a key and an otpauth URI, confirms with a code, answers 10 recovery codes once, never the secret again', async () => {
    const u = await registerUser(t);
    const setup = await u.as<TotpSetupData>('security/totpSetup');
    expect(setup.code).toBe(1);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\/Nexa:.+\?.*secret=/);
    const wrong = await u.as('security/totpEnable', {
      code: await wrongCodeOf(setup.data.secret),
      password: 'password-123',
    });
    expect(wrong.code).toBe(0);
    expect(wrong.msg).toBe('The authenticator code is incorrect');
    const on = await u.as<RecoveryCodesData>('security/totpEnable', {
      code: await codeOf(setup.data.secret),
      password: 'password-123',
    });
    expect(on.code).toBe(1);
    expect(on.data.recoveryCodes).toHaveLength(10);
    expect(new Set(on.data.recoveryCodes).size).toBe(10);
    for (const c of on.data.recoveryCodes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const overview = await u.as<SecurityOverview>('security/overview');
    expect(overview.data).toEqual({ twoFactorEnabled: true, recoveryCodesLeft: 10, antiPhishing: null });
    expect(JSON.stringify(overview)).not.toContain(setup.data.secret);
    const again = await u.as('security/totpSetup');
    expect(again.msg).toBe('Two-factor authentication is already on');
    // Stored sealed: the base32 secret is nowhere in the table.
    const rows = (await t.database.db.execute(
      sql`SELECT totp_secret FROM user_security WHERE totp_secret IS NOT NULL`,
    )) as unknown as { rows: { totp_secret: Uint8Array }[] };
    for (const r of rows.rows) expect(Buffer.from(r.totp_secret).toString('latin1')).not.toContain(setup.data.secret);
  });

  it('refuses to enable without a setup', async () => {
    const u = await registerUser(t);
    const res = await u.as('security/totpEnable', { code: '123456', password: 'password-123' });
    expect(res.msg).toBe('Please start the two-factor setup again');
  });

  it('asks for the login password: a session alone cannot enrol; on, the other sessions end and the owner is told', async () => {
    const u = await registerUser(t);
    const thief = await login(u.email, { ua: PHONE_UA });
    expect(thief.code).toBe(1);
    const thiefToken = (thief.data as { token: string }).token;
    const setup = await u.as<TotpSetupData>('security/totpSetup');
    const code = await codeOf(setup.data.secret);
    expect((await u.as('security/totpEnable', { code })).code).toBe(400);
    const wrong = await u.as('security/totpEnable', { code, password: 'not-the-password' });
    expect(wrong).toMatchObject({ code: 0, msg: 'The password is incorrect' });
    expect((await u.as<SecurityOverview>('security/overview')).data.twoFactorEnabled).toBe(false);

    expect((await u.as('security/totpEnable', { code, password: 'password-123' })).code).toBe(1);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: thiefToken })).code).toBe(401);
    expect((await u.as('user/getUserinfo')).code).toBe(1);
    const notice = t.messenger.sent.filter((m) => m.to === u.email && m.scene === 'two-factor-on');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toMatch(/^Two-factor authentication was just turned on for your Nexa account from /);
  });
});

describe('login with two-factor authentication', () => {
  it('answers a challenge after the password; the second step signs in with a code, and the same code is refused twice', async () => {
    const u = await enrolled();
    const first = await login(u.email);
    expect(first.code).toBe(1);
    expect(first.data).toMatchObject({ twoFactorRequired: true, expiresInSec: 300 });
    expect('token' in first.data).toBe(false);
    const challenge = (first.data as { challenge: string }).challenge;
    const bad = await post('user/login2fa', { challenge, code: '12345' });
    expect(bad.code).toBe(400);
    const code = await codeOf(u.secret);
    const ok = await post<{ token: string }>('user/login2fa', { challenge, code });
    expect(ok.code).toBe(1);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: ok.data.token })).code).toBe(1);
    // The challenge is used up, and the same code is refused on a fresh one (replay within its window).
    expect((await post('user/login2fa', { challenge, code })).msg).toBe(
      'The login step has expired. Please log in again.',
    );
    const second = (await login(u.email)).data as { challenge: string };
    expect((await post('user/login2fa', { challenge: second.challenge, code })).msg).toBe(
      'This code was already used. Please wait for the next one.',
    );
    expect((await post('user/login2fa', { challenge: second.challenge, code: await codeOf(u.secret, 1) })).code).toBe(
      1,
    );
  });

  it('takes a recovery code once', async () => {
    const u = await enrolled();
    const c1 = ((await login(u.email)).data as { challenge: string }).challenge;
    const recovery = u.recovery[0]!.toLowerCase().replace('-', ' ');
    expect((await post('user/login2fa', { challenge: c1, code: recovery })).code).toBe(1);
    const c2 = ((await login(u.email)).data as { challenge: string }).challenge;
    expect((await post('user/login2fa', { challenge: c2, code: u.recovery[0] })).msg).toBe(
      'The authenticator code is incorrect',
    );
    expect((await u.as<SecurityOverview>('security/overview')).data.recoveryCodesLeft).toBe(9);
  });

  it('counts codes before checking them: of 8 parallel wrong codes at most 5 are checked, then even the right one waits', async () => {
    const u = await enrolled();
    const challenge = ((await login(u.email)).data as { challenge: string }).challenge;
    const right = await codeOf(u.secret);
    const wrong = await wrongCodeOf(u.secret);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('user/login2fa', { challenge, code: wrong })),
    );
    expect(answers.filter((a) => a.code === 0).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === 429).length).toBeGreaterThanOrEqual(3);
    const locked = await post('user/login2fa', { challenge, code: right });
    expect(locked.code).toBe(429);
    expect(locked.msg).toMatch(/Too many failed attempts/);
  });

  it('does not take a challenge that has expired', async () => {
    const u = await enrolled();
    const challenge = ((await login(u.email)).data as { challenge: string }).challenge;
    t.clock.advance(5 * 60_000 + 1);
    const res = await post('user/login2fa', { challenge, code: await codeOf(u.secret) });
    expect(res.msg).toBe('The login step has expired. Please log in again.');
  });
});

describe('what two-factor authentication guards', () => {
  it('binding an address, a card and changing the withdrawal password need a good code; turning it off too', async () => {
    const u = await enrolled();
    const address = { chain: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', label: 'Cold wallet' };
    const missing = await u.as<null>('user/saveUserAddress', address);
    expect(missing.code).toBe(400);
    expect(missing.msg).toBe('Please enter authenticator code');
    expect((await u.as('user/saveUserAddress', { ...address, totpCode: '999999' })).code).toBe(0);
    expect((await u.as('user/saveUserAddress', { ...address, totpCode: await codeOf(u.secret) })).code).toBe(1);
    t.clock.advance(30_000);
    const bank = { bankName: 'Bank', cardNumber: '6222021234567894', userName: 'A B' };
    expect((await u.as('user/saveUserBank', bank)).code).toBe(400);
    expect((await u.as('user/saveUserBank', { ...bank, totpCode: await codeOf(u.secret) })).code).toBe(1);
    t.clock.advance(30_000);
    // The first withdrawal password sets freely; changing it needs the code.
    expect((await u.as('index/withdrawalPassword', { password: '123456', password2: '123456' })).code).toBe(1);
    const change = { oldPassword: '123456', password: '654321', password2: '654321' };
    expect((await u.as('index/withdrawalPassword', change)).code).toBe(400);
    expect((await u.as('index/withdrawalPassword', { ...change, totpCode: await codeOf(u.secret) })).code).toBe(1);
    t.clock.advance(30_000);
    expect((await u.as('security/totpDisable', { code: await wrongCodeOf(u.secret) })).code).toBe(0);
    expect((await u.as('security/totpDisable', { code: u.recovery[3] })).code).toBe(1);
    expect((await u.as<SecurityOverview>('security/overview')).data.twoFactorEnabled).toBe(false);
    // Off: the guarded calls need no code again, and the login gives a session at once.
    expect((await u.as('user/saveUserAddress', address)).code).toBe(1);
    expect('token' in (await login(u.email)).data).toBe(true);
  });
});

describe('sessions and devices', () => {
  it('lists the live sessions with their device, marks this one, and revokes another (which then gets 401)', async () => {
    const u = await registerUser(t);
    const phone = (await login(u.email, { ua: PHONE_UA, ip: '10.0.0.7' })).data as { token: string };
    const desk = (await login(u.email, { ua: DESKTOP_UA })).data as { token: string };
    const list = await post<SessionsData>('security/sessions', {}, { token: desk.token });
    expect(list.data.list).toHaveLength(3);
    const mine = list.data.list.filter((s) => s.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.device).toMatchObject({ browser: 'Chrome', os: 'Windows' });
    const phoneRow = list.data.list.find((s) => s.device.os === 'iOS')!;
    expect(phoneRow).toMatchObject({ ip: '10.0.0.7', current: false, device: { browser: 'Safari', type: 'mobile' } });
    expect((await post('security/revokeSession', { sessionId: phoneRow.id }, { token: desk.token })).code).toBe(1);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: phone.token })).code).toBe(401);
    // Revoking twice is not found; the rest of the list is untouched.
    expect((await post('security/revokeSession', { sessionId: phoneRow.id }, { token: desk.token })).code).toBe(404);
    // An id past the database's bigint is refused as input, not a 500 from the query.
    const huge = await post('security/revokeSession', { sessionId: '9999999999999999999' }, { token: desk.token });
    expect(huge.code).toBe(400);
    const others = await post<{ revoked: number }>('security/revokeOtherSessions', {}, { token: desk.token });
    expect(others.data.revoked).toBe(1);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: u.token })).code).toBe(401);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: desk.token })).code).toBe(1);
  });

  it("user B can neither see nor revoke A's sessions", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const aSessions = await a.as<SessionsData>('security/sessions');
    const bSessions = await b.as<SessionsData>('security/sessions');
    expect(bSessions.data.list.map((s) => s.id)).not.toContain(aSessions.data.list[0]!.id);
    const res = await b.as('security/revokeSession', { sessionId: aSessions.data.list[0]!.id });
    expect(res.code).toBe(404);
    expect((await a.as('user/getUserinfo')).code).toBe(1);
  });

  it('notes when a session was last used', async () => {
    const u = await registerUser(t);
    const before = (await u.as<SessionsData>('security/sessions')).data.list[0]!;
    t.clock.advance(5 * 60_000);
    await u.as('user/getUserinfo');
    const after = (await u.as<SessionsData>('security/sessions')).data.list[0]!;
    expect(after.lastSeenAt).toBe(t.clock.ms);
    expect(after.lastSeenAt).toBeGreaterThan(before.lastSeenAt);
  });
});

describe('login history', () => {
  it('keeps successes and failures with address and device, newest first, paginated, for 90 days', async () => {
    const u = await registerUser(t);
    await post('user/login', { type: 'email', email: u.email, password: 'wrong-password' }, { ua: PHONE_UA });
    await login(u.email, { ua: DESKTOP_UA, ip: '10.0.0.9' });
    type H = { list: { success: boolean; ip: string; device: { os: string | null } }[]; total: number };
    const page = await u.as<H>('security/loginHistory', { page: 1, pageSize: 2 });
    expect(page.data.total).toBe(3); // registration, the failure, the login
    expect(page.data.list).toHaveLength(2);
    expect(page.data.list[0]).toMatchObject({ success: true, ip: '10.0.0.9', device: { os: 'Windows' } });
    expect(page.data.list[1]).toMatchObject({ success: false, device: { os: 'iOS' } });
    expect((await u.as('security/loginHistory', { page: 1, pageSize: 101 })).code).toBe(400);
    t.clock.advance(91 * 86_400_000);
    const fresh = (await login(u.email, { ua: DESKTOP_UA })).data as { token: string };
    const later = await post<H>('security/loginHistory', {}, { token: fresh.token });
    expect(later.data.total).toBe(1);
  });
});

describe('anti-phishing code and new-device notice', () => {
  it('sets a phrase, shows it masked, puts it in every message; refuses control characters', async () => {
    const u = await registerUser(t);
    const set = await u.as<SecurityOverview>('security/antiPhishing', { phrase: 'blue-otter' });
    expect(set.data.antiPhishing).toBe('b********r');
    expect((await u.as('security/antiPhishing', { phrase: 'bad\u0000one' })).code).toBe(400);
    expect((await u.as('security/antiPhishing', { phrase: 'abc' })).code).toBe(400);
    t.clock.advance(120_000);
    await call(t.app, 'ems/send', { email: u.email, scene: 'reset' });
    const m = t.messenger.sent.findLast((x) => x.to === u.email)!;
    expect(m.text).toContain('Anti-phishing code: blue-otter');
    const cleared = await u.as<SecurityOverview>('security/antiPhishing', { phrase: '' });
    expect(cleared.data.antiPhishing).toBeNull();
  });

  it('sends a notice after a login from a device not seen before, once', async () => {
    const u = await registerUser(t);
    await u.as('security/antiPhishing', { phrase: 'green-lake' });
    const notices = () => t.messenger.sent.filter((m) => m.to === u.email && m.scene === 'new-device');
    await login(u.email); // the registering device (no agent): known
    expect(notices()).toHaveLength(0);
    await login(u.email, { ua: PHONE_UA, ip: '10.1.2.3' });
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.text).toContain('Safari · iOS');
    expect(notices()[0]!.text).toContain('10.1.2.3');
    expect(notices()[0]!.text).toContain('Anti-phishing code: green-lake');
    await login(u.email, { ua: PHONE_UA.replace('17_4', '17_5') });
    expect(notices()).toHaveLength(1);
  });
});
