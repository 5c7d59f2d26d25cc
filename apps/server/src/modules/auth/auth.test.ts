import type { SessionData, User } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_PROXIES, loadConfig } from '../../config.js';
import { queryRows } from '../../platform/db.js';
import { type TestApp, call, createTestApp } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const freshEmail = () => `user${++seq}.${Date.now()}@example.com`;
const PASSWORD = 'correct-horse-9';

async function sendEmailCode(email: string, scene: 'register' | 'reset' = 'register') {
  const res = await call(t.app, 'ems/send', { email, scene });
  expect(res.code, res.msg).toBe(1);
  return t.messenger.lastCode(email);
}

async function registerEmail(email = freshEmail(), extra: Record<string, unknown> = {}) {
  const code = await sendEmailCode(email);
  const res = await call<SessionData>(t.app, 'user/register', {
    type: 'email',
    email,
    code,
    password: PASSWORD,
    password2: PASSWORD,
    ...extra,
  });
  expect(res.code, res.msg).toBe(1);
  return { email, ...res.data };
}

const userCount = async () => Number((await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM users`))[0]!.n);

describe('verification codes', () => {
  it('sends a 6-digit code once a minute per target, in the caller language', async () => {
    const email = freshEmail();
    const first = await call<{ retryAfterSec: number; expiresInSec: number }>(t.app, 'ems/send', {
      email,
      scene: 'register',
    });
    expect(first).toMatchObject({ code: 1, data: { retryAfterSec: 60, expiresInSec: 600 } });
    expect(t.messenger.lastCode(email)).toMatch(/^\d{6}$/);

    const again = await call(t.app, 'ems/send', { email, scene: 'register' });
    expect(again.code).toBe(429);
    expect(again.msg).toMatch(/wait \d+ s/);
    const againZh = await call(t.app, 'ems/send', { email, scene: 'register' }, { lang: 'zh' });
    expect(againZh.code).toBe(429);
    expect(againZh.msg).not.toBe(again.msg);

    t.clock.advance(61_000);
    expect((await call(t.app, 'ems/send', { email, scene: 'register' })).code).toBe(1);
    expect(t.messenger.sent.filter((m) => m.to === email)).toHaveLength(2);
  });

  it('writes the message text in the caller language', async () => {
    const email = freshEmail();
    await call(t.app, 'ems/send', { email, scene: 'register' }, { lang: 'de' });
    const m = t.messenger.sent.findLast((x) => x.to === email)!;
    expect(m.text).toContain(m.code!);
    const en = t.messenger.sent.find((x) => x.to !== email && x.scene === 'register')!;
    expect(m.text.replace(m.code!, '')).not.toBe(en.text.replace(en.code!, ''));
  });

  it('refuses a register code for a taken address, and answers a reset for an unknown one like a known one', async () => {
    const { email } = await registerEmail();
    expect((await call(t.app, 'ems/send', { email, scene: 'register' })).code).toBe(0);
    const unknown = freshEmail();
    const known = await call(t.app, 'ems/send', { email, scene: 'reset' });
    const stranger = await call(t.app, 'ems/send', { email: unknown, scene: 'reset' });
    expect(stranger).toEqual(known);
    expect(t.messenger.sent.some((m) => m.to === unknown)).toBe(false);
    // The reset itself answers an unknown account like a wrong code.
    const reset = await call(t.app, 'user/resetpwd', {
      type: 'email',
      email: unknown,
      code: '123456',
      password: PASSWORD,
      password2: PASSWORD,
    });
    const wrongCode = await call(t.app, 'user/resetpwd', {
      type: 'email',
      email,
      code: '000000',
      password: PASSWORD,
      password2: PASSWORD,
    });
    expect(reset).toEqual(wrongCode);
  });

  it('checks mobile numbers against the numbering plan', async () => {
    const bad = await call(t.app, 'sms/send', { areaCode: '86', mobile: '12345', scene: 'register' });
    expect(bad).toMatchObject({ code: 400, data: { fields: [{ field: 'mobile', reason: 'invalid' }] } });
    const ok = await call(t.app, 'sms/send', { areaCode: '+86', mobile: '138 0013 8001', scene: 'register' });
    expect(ok.code, ok.msg).toBe(1);
    expect(t.messenger.lastCode('+8613800138001')).toMatch(/^\d{6}$/);
  });

  it('refuses a wrong code, burns it after 5 tries, and refuses an expired one', async () => {
    const email = freshEmail();
    const code = await sendEmailCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { type: 'email', email, password: PASSWORD, password2: PASSWORD };
    for (let i = 0; i < 4; i++) {
      const r = await call(t.app, 'user/register', { ...body, code: wrong });
      expect(r).toMatchObject({ code: 0, msg: 'The verification code is incorrect' });
    }
    const fifth = await call(t.app, 'user/register', { ...body, code: wrong });
    expect(fifth.msg).toMatch(/Too many wrong attempts/);
    const right = await call(t.app, 'user/register', { ...body, code });
    expect(right.code).toBe(0);
    expect(right.msg).toMatch(/Too many wrong attempts/);

    const email2 = freshEmail();
    const code2 = await sendEmailCode(email2);
    t.clock.advance(10 * 60_000 + 1);
    const expired = await call(t.app, 'user/register', { ...body, email: email2, code: code2 });
    expect(expired).toMatchObject({ code: 0, msg: expect.stringMatching(/expired/) });
  });

  it('uses a code once', async () => {
    const { email } = await registerEmail();
    t.clock.advance(61_000);
    const code = await sendEmailCode(email, 'reset');
    const body = { type: 'email', email, code, password: 'new-password-1', password2: 'new-password-1' };
    expect((await call(t.app, 'user/resetpwd', body)).code).toBe(1);
    const reused = await call(t.app, 'user/resetpwd', { ...body, password: 'other-pass-2', password2: 'other-pass-2' });
    expect(reused).toMatchObject({ code: 0, msg: 'The verification code is incorrect' });
  });
});

describe('registration', () => {
  it('registers by e-mail and returns a working session', async () => {
    const before = await userCount();
    const { token, user, email } = await registerEmail();
    expect(await userCount()).toBe(before + 1);
    expect(user).toMatchObject({ email, areaCode: null, mobile: null, mode: 'real' });
    expect(user.uid).toBeGreaterThanOrEqual(10_000_000);
    expect(user.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    const info = await call<User>(t.app, 'user/getUserinfo', {}, { TOKEN: token });
    expect(info).toMatchObject({ code: 1, data: user });
    const viaGet = await t.app.inject({ method: 'GET', url: '/api/user/getUserinfo', headers: { token } });
    expect(viaGet.json()).toMatchObject({ code: 1, data: { uid: user.uid } });
  });

  it('registers by mobile with an area code and logs in with it', async () => {
    const code = await (async () => {
      await call(t.app, 'sms/send', { areaCode: '1', mobile: '2015550123', scene: 'register' });
      return t.messenger.lastCode('+12015550123');
    })();
    const reg = await call<SessionData>(t.app, 'user/register', {
      type: 'mobile',
      areaCode: '+1',
      mobile: '201-555-0123',
      code,
      password: PASSWORD,
      password2: PASSWORD,
    });
    expect(reg.code, reg.msg).toBe(1);
    expect(reg.data.user).toMatchObject({ email: null, areaCode: '1', mobile: '2015550123' });
    const login = await call<SessionData>(t.app, 'user/login', {
      type: 'mobile',
      areaCode: '1',
      mobile: '2015550123',
      password: PASSWORD,
    });
    expect(login.code, login.msg).toBe(1);
    expect(login.data.user.uid).toBe(reg.data.user.uid);
  });

  it('refuses a duplicate registration, also when two race', async () => {
    const { email } = await registerEmail();
    t.clock.advance(61_000);
    const again = await call(t.app, 'ems/send', { email, scene: 'register' });
    expect(again.code).toBe(0);

    const racer = freshEmail();
    const code = await sendEmailCode(racer);
    const body = { type: 'email', email: racer, code, password: PASSWORD, password2: PASSWORD };
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, 'user/register', body)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    const rows = await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM users WHERE email = ${racer}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('links the inviter by invitation code and refuses an unknown code', async () => {
    const inviter = await registerEmail();
    const invitee = await registerEmail(freshEmail(), { inviteCode: inviter.user.inviteCode.toLowerCase() });
    const rows = await queryRows<{ inviter: number }>(
      t.database.db,
      sql`SELECT i.uid::int AS inviter FROM users u JOIN users i ON i.id = u.inviter_id WHERE u.uid = ${invitee.user.uid}`,
    );
    expect(rows[0]?.inviter).toBe(inviter.user.uid);

    const email = freshEmail();
    const code = await sendEmailCode(email);
    const before = await userCount();
    const res = await call(t.app, 'user/register', {
      type: 'email',
      email,
      code,
      password: PASSWORD,
      password2: PASSWORD,
      inviteCode: 'ZZZZ9999',
    });
    expect(res).toMatchObject({ code: 0, msg: 'This invitation code does not exist' });
    expect(await userCount()).toBe(before);
  });

  it('requires an invitation code when the switch says so', async () => {
    const strict = await createTestApp({ inviteCodeRequired: true });
    try {
      expect(await call(strict.app, 'index/getInviteCodeSwitch')).toMatchObject({ data: { required: true } });
      const email = freshEmail();
      await call(strict.app, 'ems/send', { email, scene: 'register' });
      const res = await call(strict.app, 'user/register', {
        type: 'email',
        email,
        code: strict.messenger.lastCode(email),
        password: PASSWORD,
        password2: PASSWORD,
      });
      expect(res).toMatchObject({ code: 400, data: { fields: [{ field: 'inviteCode', reason: 'required' }] } });
    } finally {
      await strict.close();
    }
    expect(await call(t.app, 'index/getInviteCodeSwitch')).toMatchObject({ data: { required: false } });
  });
});

describe('login and sessions', () => {
  it('logs in, and slows then locks an account after repeated failures', async () => {
    const { email } = await registerEmail();
    const ok = await call<SessionData>(t.app, 'user/login', { type: 'email', email, password: PASSWORD });
    expect(ok.code, ok.msg).toBe(1);
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, 'user/login', { type: 'email', email, password: 'wrong-password' });
      expect(r).toMatchObject({ code: 0, msg: 'The account or password is incorrect' });
    }
    const locked = await call(t.app, 'user/login', { type: 'email', email, password: PASSWORD });
    expect(locked.code).toBe(429);
    expect(locked.msg).toMatch(/15 minutes/);
    t.clock.advance(15 * 60_000 + 1);
    expect((await call(t.app, 'user/login', { type: 'email', email, password: PASSWORD })).code).toBe(1);
  });

  it('checks at most five passwords of 200 parallel logins on one account, the right one last', async () => {
    const { email } = await registerEmail();
    const from = { 'x-forwarded-for': '203.0.113.50' };
    const probe = await createTestApp({ trustProxy: PRIVATE_PROXIES }, {}, t.database);
    try {
      const guesses = Array.from({ length: 199 }, (_, i) => `wrong-password-${i}`);
      const answers = await Promise.all(
        [...guesses, PASSWORD].map((password) =>
          call<SessionData>(probe.app, 'user/login', { type: 'email', email, password }, from),
        ),
      );
      // Only an answer of 0 (wrong) or 1 (right) looked at a password; the rest were refused before.
      const checked = answers.filter((a) => a.code === 0 || a.code === 1);
      expect(checked.length).toBeLessThanOrEqual(5);
      expect(answers.filter((a) => a.code === 429).length).toBeGreaterThanOrEqual(195);
    } finally {
      await probe.close();
    }
  });

  it('never locks the owner out from an address they logged in from, whatever fails elsewhere', async () => {
    const { email } = await registerEmail();
    const probe = await createTestApp({ trustProxy: PRIVATE_PROXIES }, {}, t.database);
    const owner = { 'x-forwarded-for': '198.51.100.1' };
    try {
      expect((await call(probe.app, 'user/login', { type: 'email', email, password: PASSWORD }, owner)).code).toBe(1);
      // An attacker spreads guesses over many addresses, past the account-wide cap.
      const cap = probe.config.auth.loginAccountHardMaxFailures;
      for (let i = 0; i < cap + 5; i++) {
        const from = { 'x-forwarded-for': `192.0.2.${i % 200}` };
        await call(probe.app, 'user/login', { type: 'email', email, password: `guess-${i}` }, from);
      }
      const stranger = { 'x-forwarded-for': '192.0.2.250' };
      const blocked = await call(probe.app, 'user/login', { type: 'email', email, password: PASSWORD }, stranger);
      expect(blocked.code).toBe(429);
      expect((await call(probe.app, 'user/login', { type: 'email', email, password: PASSWORD }, owner)).code).toBe(1);
    } finally {
      await probe.close();
    }
  });

  it('locks an address that fails on many accounts', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const probe = await createTestApp({ trustProxy: PRIVATE_PROXIES });
    try {
      for (let i = 0; i < 30; i++) {
        const r = await call(probe.app, 'user/login', { type: 'email', email: freshEmail(), password: 'x' }, headers);
        expect(r.code).toBe(0);
      }
      const r = await call(probe.app, 'user/login', { type: 'email', email: freshEmail(), password: 'x' }, headers);
      expect(r.code).toBe(429);
      const other = await call(
        probe.app,
        'user/login',
        { type: 'email', email: freshEmail(), password: 'x' },
        {
          'x-forwarded-for': '203.0.113.10',
        },
      );
      expect(other.code).toBe(0);
    } finally {
      await probe.close();
    }
  });

  it('sends one address at most so many codes a day, and the platform at most so many an hour on a channel', async () => {
    const probe = await createTestApp({
      auth: { ...t.config.auth, codesPerTargetPerDay: 3, codesPerChannelPerHour: 6 },
    });
    try {
      // The hour's budget counts from a fresh hour.
      probe.clock.advance(3_600_000 - (probe.clock.now().getTime() % 3_600_000) + 1);
      const email = freshEmail();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await call(probe.app, 'ems/send', { email, scene: 'register' })).code);
        probe.clock.advance(61_000);
      }
      expect(codes).toEqual([1, 1, 1, 429]);
      const refused = await call(probe.app, 'ems/send', { email, scene: 'register' });
      expect(refused.msg).toBe('This address or number has been sent too many codes today. Please try again tomorrow.');
      // Five asks of the hour's six are spent: one more address is sent a code, the next is not, whoever asks.
      expect((await call(probe.app, 'ems/send', { email: freshEmail(), scene: 'register' })).code).toBe(1);
      const busy = await call(probe.app, 'ems/send', { email: freshEmail(), scene: 'register' }, { lang: 'de' });
      expect(busy).toMatchObject({
        code: 429,
        msg: 'Zurzeit werden zu viele Codes angefordert. Bitte versuchen Sie es später erneut.',
      });
      // SMS has a budget of its own; the next hour e-mail does again, and the next day the first address too.
      expect(
        (await call(probe.app, 'sms/send', { areaCode: '+86', mobile: '138 0013 8002', scene: 'register' })).code,
      ).toBe(1);
      probe.clock.advance(3_600_000);
      expect((await call(probe.app, 'ems/send', { email: freshEmail(), scene: 'register' })).code).toBe(1);
      probe.clock.advance(86_400_000);
      expect((await call(probe.app, 'ems/send', { email, scene: 'register' })).code).toBe(1);
    } finally {
      await probe.close();
    }
  });

  it('behind a proxy, takes the address the proxy saw: an X-Forwarded-For entry the client wrote moves no lock', async () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(PRIVATE_PROXIES);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    const { email } = await registerEmail();
    const probe = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy }, {}, t.database);
    try {
      // The client forges a new left-most entry on every try; the proxy appends the address it really saw.
      const answers = [];
      for (let i = 0; i < 8; i++) {
        const from = { 'x-forwarded-for': `10.9.0.${i}, 203.0.113.77` };
        answers.push(
          (await call(probe.app, 'user/login', { type: 'email', email, password: `guess-${i}` }, from)).code,
        );
      }
      expect(answers.filter((c) => c === 0)).toHaveLength(5);
      expect(answers.slice(5)).toEqual([429, 429, 429]);
    } finally {
      await probe.close();
    }
  });

  it('answers 401 to a missing, unknown, expired or revoked token', async () => {
    const { token, email } = await registerEmail();
    expect((await call(t.app, 'user/getUserinfo')).code).toBe(401);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: 'not-a-token' })).code).toBe(401);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: token })).code).toBe(1);

    const second = await call<SessionData>(t.app, 'user/login', { type: 'email', email, password: PASSWORD });
    expect((await call(t.app, 'user/logout', {}, { TOKEN: second.data.token })).code).toBe(1);
    const revoked = await call(t.app, 'user/getUserinfo', {}, { TOKEN: second.data.token });
    expect(revoked.code).toBe(401);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: token })).code).toBe(1);

    t.clock.advance(t.config.sessionTtlMs + 1);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: token })).code).toBe(401);
  });

  it('resets a forgotten password, revoking every session', async () => {
    const { email, token } = await registerEmail();
    t.clock.advance(61_000);
    const code = await sendEmailCode(email, 'reset');
    const mismatch = await call(t.app, 'user/resetpwd', {
      type: 'email',
      email,
      code,
      password: 'brand-new-pass',
      password2: 'brand-new-pas',
    });
    expect(mismatch).toMatchObject({ code: 400, msg: 'The passwords do not match' });
    const res = await call(t.app, 'user/resetpwd', {
      type: 'email',
      email,
      code,
      password: 'brand-new-pass',
      password2: 'brand-new-pass',
    });
    expect(res.code, res.msg).toBe(1);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: token })).code).toBe(401);
    expect((await call(t.app, 'user/login', { type: 'email', email, password: PASSWORD })).code).toBe(0);
    expect((await call(t.app, 'user/login', { type: 'email', email, password: 'brand-new-pass' })).code).toBe(1);
  });
});

describe('bad input', () => {
  const good = {
    'ems/send': { email: 'a@example.com', scene: 'register' },
    'sms/send': { areaCode: '86', mobile: '13800138000', scene: 'register' },
    'user/register': { type: 'email', email: 'a@example.com', code: '123456', password: PASSWORD, password2: PASSWORD },
    'user/login': { type: 'email', email: 'a@example.com', password: PASSWORD },
    'user/resetpwd': { type: 'email', email: 'a@example.com', code: '123456', password: PASSWORD, password2: PASSWORD },
  } as const;
  const malformed: Record<string, unknown> = {
    email: 'not-an-email',
    scene: 'hack',
    areaCode: 'abc',
    mobile: 'phone',
    type: 'fax',
    code: '12ab',
    password: 'short',
    password2: 42,
  };

  for (const [path, body] of Object.entries(good)) {
    for (const field of Object.keys(body)) {
      it(`${path}: missing ${field} → 400 naming it, in the caller's language`, async () => {
        const before = await userCount();
        const { [field]: _dropped, ...rest } = body as Record<string, unknown>;
        const en = await call(t.app, path, rest, { lang: 'en' });
        const zh = await call(t.app, path, rest, { lang: 'zh' });
        expect(en.code).toBe(400);
        expect(en.data).toMatchObject({ fields: expect.arrayContaining([{ field, reason: 'required' }]) });
        expect(zh.code).toBe(400);
        expect(zh.msg).not.toBe(en.msg);
        expect(await userCount()).toBe(before);
      });
      if (field in malformed && !(path === 'user/login' && field === 'password')) {
        it(`${path}: malformed ${field} → 400 naming it`, async () => {
          const en = await call(t.app, path, { ...body, [field]: malformed[field] }, { lang: 'en' });
          const fr = await call(t.app, path, { ...body, [field]: malformed[field] }, { lang: 'fr' });
          expect(en.code).toBe(400);
          const fields = (en.data as { fields: { field: string }[] }).fields.map((f) => f.field);
          expect(fields).toContain(field);
          expect(fr.msg).not.toBe(en.msg);
        });
      }
    }
  }

  it('register by mobile needs the area code and the number', async () => {
    const res = await call(t.app, 'user/register', { ...good['user/register'], type: 'mobile', email: undefined });
    expect(res.code).toBe(400);
    expect(res.data).toMatchObject({
      fields: expect.arrayContaining([
        { field: 'areaCode', reason: 'required' },
        { field: 'mobile', reason: 'required' },
      ]),
    });
    expect(res.msg).toBe('Please enter area code');
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: '{"type":',
      headers: { 'content-type': 'application/json', lang: 'en' },
    });
    expect(res.json()).toMatchObject({ code: 400, data: { fields: [{ field: 'body', reason: 'invalid' }] } });
  });

  it('answers an unknown call with 404 and a write call by GET with 404', async () => {
    expect((await call(t.app, 'user/nothing')).code).toBe(404);
    const get = await t.app.inject({ method: 'GET', url: '/api/user/login' });
    expect(get.json()).toMatchObject({ code: 404 });
  });

  it('hides internals in the message of an unexpected error', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await call(broken.app, 'user/login', { type: 'email', email: 'a@example.com', password: 'x' });
      expect(res).toMatchObject({ code: 500, msg: 'Something went wrong. Please try again later.', data: null });
    } finally {
      await broken.app.close();
    }
  });
});
