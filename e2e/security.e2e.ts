import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { realMoney, verifiedIdentity } from './real-money.js';
import { type Session, appSession, textOf } from './session.js';

// The journey binds an address and withdraws to it at once: no waiting time on a new address here.
const ctx = serverAndBrowser(() => ({ funding: { addressDelayHours: 0 } }));
const { api, openSignedIn, registerUser } = appSession(() => ctx.server);
const fund = realMoney(() => ctx.server);
const ROUTE = {
  security: '/pages/tabbarPages/mine/security',
  twoFactor: '/pages/tabbarPages/mine/security/twoFactor',
  sessions: '/pages/tabbarPages/mine/security/sessions',
  history: '/pages/tabbarPages/mine/security/loginHistory',
  antiPhishing: '/pages/tabbarPages/mine/security/antiPhishing',
  login: '/pages/userPages/login',
  withdrawal: '/pages/tabbarPages/mine/withdrawal',
  bindAddress: '/pages/tabbarPages/mine/bindWithdrawalAddress',
  saveBank: '/pages/tabbarPages/mine/saveBank',
  withdrawalPassword: '/pages/tabbarPages/mine/withdwawalPassword',
} as const;
const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/**
 * The codes the authenticator app shows for the key read off the screen, each 30 s step used once (the server
 * refuses a step twice). The server accepts one step either side of now, so the next unused step is taken as soon
 * as it is at most one ahead; otherwise this waits for it, as a person would wait for the app's next code.
 */
function authenticator(secret: string) {
  let lastStep = Number.NEGATIVE_INFINITY;
  return async function nextCode(): Promise<string> {
    for (;;) {
      const now = Math.floor(Date.now() / 30_000);
      const step = Math.max(lastStep + 1, now);
      if (step <= now + 1) {
        lastStep = step;
        return generate({ secret, epoch: step * 30 });
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
}

const toast = (page: Page) => page.locator('.adm-toast-main').textContent();

/** One user's journey through the security centre, step by step (each step its own test, in order). */
const user = {
  email: `sec.${Date.now()}@example.com`,
  password: 'secure-pass-1',
  uid: 0,
  nextCode: (() => Promise.reject(new Error('2FA not enrolled'))) as () => Promise<string>,
  /** A second session (an API client) signed in before 2FA was turned on; revoked from the browser later. */
  other: '',
};
let context: BrowserContext;
let page: Page;

/** The browser's own session, as the app stored it after logging in. */
async function browserSession(): Promise<Session> {
  const stored = await page.evaluate(() => localStorage.getItem('nexa-session'));
  const { token, user: u } = (JSON.parse(stored ?? '{}') as { state: Session }).state;
  return { token, user: u };
}

describe('security centre', () => {
  beforeAll(async () => {
    context = await phone(ctx.browser);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('enrols 2FA with a code computed from the shown key and shows 10 recovery codes', async () => {
    await api('ems/send', { email: user.email, scene: 'register' });
    const session = await api<Session & { user: { uid: number } }>('user/register', {
      type: 'email',
      email: user.email,
      code: ctx.server.lastOutboxCode(user.email),
      password: user.password,
      password2: user.password,
    });
    user.uid = session.user.uid;
    user.other = (
      await api<{ token: string }>('user/login', { type: 'email', email: user.email, password: user.password })
    ).token;
    await openSignedIn(page, session, ROUTE.security);
    await page.getByTestId('security-page').waitFor();
    await shot(page, 'security-dark-en');
    await page.getByTestId('security-2fa').click();
    await page.getByTestId('2fa-start').click();
    const secret = (await page.getByTestId('2fa-key').textContent())!.replace(/\s/g, '');
    await page.getByTestId('2fa-qr').and(page.locator('[data-ready="true"]')).waitFor();
    await shot(page, 'security-2fa-enrol-dark-en');
    user.nextCode = authenticator(secret);
    await page.getByTestId('2fa-code').fill(await user.nextCode());
    await page.getByTestId('2fa-password').fill(user.password);
    await page.getByTestId('2fa-enable').click();
    await page.getByTestId('2fa-recovery').waitFor();
    expect(await page.getByTestId('2fa-recovery').locator('li').count()).toBe(10);
    await shot(page, 'security-2fa-recovery-dark-en');
    // Not a dead end: "I've saved them" returns to the security page, which now says 2FA is on.
    await page.getByTestId('2fa-done').click();
    await page.getByTestId('security-page').waitFor();
    await expect(page.getByTestId('2fa-recovery').count()).resolves.toBe(0);
    await expect.poll(() => textOf(page, 'security-2fa')).toContain('On');
    // Turning it on ended the other session: whoever held it must now pass the second factor.
    const other = await fetch(`${ctx.server.url}/api/user/getUserinfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', TOKEN: user.other },
      body: '{}',
    });
    expect(((await other.json()) as { code: number }).code).toBe(401);
  });

  it('logs out, then logs in with the password and a code', async () => {
    await api('user/logout', {}, (await browserSession()).token);
    await page.evaluate(() => localStorage.removeItem('nexa-session'));
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.login}`);
    await page.getByTestId('login-email').fill(user.email);
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-2fa-code').waitFor();
    await shot(page, 'security-login-2fa-dark-en');
    await page.getByTestId('login-2fa-code').fill(await user.nextCode());
    await page.getByTestId('login-2fa-submit').click();
    await page.waitForURL(/tabbarPages\/home/);
  });

  it('binds a withdrawal address with the code; without one the server says so under the field', async () => {
    await fund((await browserSession()).token, '1000');
    await verifiedIdentity(ctx.server, (await browserSession()).token, user.uid);
    // The first withdrawal password is set freely (no code asked); changing it is guarded (next test).
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.withdrawalPassword}`);
    await page.getByTestId('withdrawal-password-new').waitFor();
    await expect(page.getByTestId('withdrawal-password-totp').count()).resolves.toBe(0);
    await page.getByTestId('withdrawal-password-new').fill('246810');
    await page.getByTestId('withdrawal-password-again').fill('246810');
    await page.getByTestId('withdrawal-password-submit').click();
    await expect.poll(() => toast(page)).toBe('Withdrawal password saved');
    // The app's toast look wins over antd-mobile's own rule, whose stylesheet loads later (a chunk of its own):
    // words are never cut in half (break-all) and a line may take 80 % of the screen (not 204 px).
    const look = await page
      .locator('.adm-toast-main')
      .evaluate((e) => [getComputedStyle(e).wordBreak, getComputedStyle(e).maxWidth]);
    expect(look).toEqual(['normal', `${0.8 * 390}px`]);

    await page.goto(`${ctx.server.url}/h5/#${ROUTE.bindAddress}?chain=TRC20`);
    await page.getByTestId('bind-address-totp').waitFor();
    await page.getByTestId('bind-address').fill(TRON_ADDRESS);
    await page.getByTestId('bind-address-label').fill('Main wallet');
    await page.getByTestId('bind-address-submit').click();
    await expect
      .poll(() => textOf(page, 'bind-address-totp-error'))
      .toBe('Enter the 6-digit code from your authenticator app');
    await shot(page, 'bind-address-totp-error-dark-en');
    await page.getByTestId('bind-address-totp').fill(await user.nextCode());
    await expect(page.getByTestId('bind-address-totp-error').count()).resolves.toBe(0);
    await page.getByTestId('bind-address-submit').click();
    await expect.poll(() => toast(page)).toBe('Address bound');
  });

  it('changes the withdrawal password with the code', async () => {
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.withdrawalPassword}`);
    await page.getByTestId('withdrawal-password-old').waitFor();
    await page.getByTestId('withdrawal-password-old').fill('246810');
    await page.getByTestId('withdrawal-password-new').fill('135790');
    await page.getByTestId('withdrawal-password-again').fill('135790');
    await page.getByTestId('withdrawal-password-totp').fill(await user.nextCode());
    await shot(page, 'withdrawal-password-totp-dark-en');
    await page.getByTestId('withdrawal-password-submit').click();
    await expect.poll(() => toast(page)).toBe('Withdrawal password saved');
  });

  it('withdraws with the code', async () => {
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.withdrawal}`);
    await page.getByTestId('withdraw-totp').waitFor();
    await expect.poll(() => page.getByTestId('withdraw-address').getAttribute('data-bound')).toBe('true');
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-password').fill('135790');
    await page.getByTestId('withdraw-totp').fill(await user.nextCode());
    await shot(page, 'withdrawal-totp-dark-en');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm').click();
    await page.getByTestId('withdrawal-record-page').waitFor();
    await expect.poll(() => page.getByTestId('withdrawal-record').count()).toBe(1);
    await expect(page.getByTestId('withdrawal-record').getAttribute('data-status')).resolves.toBe('review');
  });

  it('revokes the other session, which then gets 401, and shows the login history', async () => {
    // Another device signs in, with the password and a code.
    const step = await api<{ challenge: string }>('user/login', {
      type: 'email',
      email: user.email,
      password: user.password,
    });
    user.other = (
      await api<{ token: string }>('user/login2fa', { challenge: step.challenge, code: await user.nextCode() })
    ).token;
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.sessions}`);
    await page.getByTestId('session-current').waitFor();
    await expect.poll(() => page.getByTestId('session-revoke').count()).toBe(1);
    await shot(page, 'security-sessions-dark-en');
    await page.getByTestId('session-revoke').click();
    await expect
      .poll(async () => {
        const res = await fetch(`${ctx.server.url}/api/user/getUserinfo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', TOKEN: user.other },
          body: '{}',
        });
        return ((await res.json()) as { code: number }).code;
      })
      .toBe(401);
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.history}`);
    await page.getByTestId('login-event').first().waitFor();
    // Registration, the API login, and the login with the code.
    expect(await page.getByTestId('login-event').count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'security-history-dark-en');
  });

  it.each([
    { lang: 'en', theme: 'dark' as const },
    { lang: 'en', theme: 'light' as const },
    { lang: 'ar', theme: 'dark' as const },
  ])('every security screen, and the guarded forms asking for the code, in $theme $lang', async (prefs) => {
    const session = await browserSession();
    const c = await phone(ctx.browser);
    const p = await c.newPage();
    const screens = [
      ['security', ROUTE.security, 'security-page'],
      ['2fa', ROUTE.twoFactor, '2fa-on'],
      ['sessions', ROUTE.sessions, 'session-current'],
      ['history', ROUTE.history, 'login-event'],
      ['phishing', ROUTE.antiPhishing, 'anti-phishing-page'],
      ['bind-address', ROUTE.bindAddress, 'bind-address-totp'],
      ['bank', ROUTE.saveBank, 'bank-totp'],
      ['withdrawal-password', ROUTE.withdrawalPassword, 'withdrawal-password-totp'],
      ['withdrawal', ROUTE.withdrawal, 'withdraw-totp'],
    ] as const;
    await openSignedIn(p, session, ROUTE.security, prefs);
    for (const [name, route, testId] of screens) {
      await p.goto(`${ctx.server.url}/h5/#${route}`);
      await p.getByTestId(testId).first().waitFor();
      await shot(p, `security-${name}-${prefs.theme}-${prefs.lang}`);
    }
    await c.close();
  });

  it('the enrolment screens (key, QR, recovery codes) in light and ar', async () => {
    for (const prefs of [
      { lang: 'en', theme: 'light' as const },
      { lang: 'ar', theme: 'dark' as const },
    ]) {
      const c = await phone(ctx.browser);
      const p = await c.newPage();
      await openSignedIn(p, await registerUser('sec2'), ROUTE.twoFactor, prefs);
      await p.getByTestId('2fa-start').click();
      const secret = (await p.getByTestId('2fa-key').textContent())!.replace(/\s/g, '');
      await p.getByTestId('2fa-qr').and(p.locator('[data-ready="true"]')).waitFor();
      await p.getByTestId('2fa-code').fill(await authenticator(secret)());
      await p.getByTestId('2fa-password').fill('sec2-pass-1');
      await shot(p, `security-2fa-enrol-${prefs.theme}-${prefs.lang}`);
      await p.getByTestId('2fa-enable').click();
      await p.getByTestId('2fa-recovery').waitFor();
      await shot(p, `security-2fa-recovery-${prefs.theme}-${prefs.lang}`);
      await c.close();
    }
  });
});
