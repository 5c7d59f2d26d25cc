import { type TestServer, startTestServer } from '@nexa/server/testing';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser.js';
import { appSession } from './session.js';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const { api, openSignedIn } = appSession(() => server);
const ROUTE = {
  security: '/pages/tabbarPages/mine/security',
  twoFactor: '/pages/tabbarPages/mine/security/twoFactor',
  sessions: '/pages/tabbarPages/mine/security/sessions',
  history: '/pages/tabbarPages/mine/security/loginHistory',
  login: '/pages/userPages/login',
} as const;

describe('security centre', () => {
  it('enrols 2FA from the shown key, logs in with a code, revokes another session and shows the history', async () => {
    const email = `sec.${Date.now()}@example.com`;
    await api('ems/send', { email, scene: 'register' });
    const password = 'secure-pass-1';
    const session = await api<{ token: string; user: unknown }>('user/register', {
      type: 'email',
      email,
      code: server.lastOutboxCode(email),
      password,
      password2: password,
    });
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, session, ROUTE.security);
    await page.getByTestId('security-page').waitFor();
    await shot(page, 'security-dark');
    await page.getByTestId('security-2fa').click();
    await page.getByTestId('2fa-start').click();
    const secret = (await page.getByTestId('2fa-key').textContent())!.trim();
    await page.getByTestId('2fa-qr').and(page.locator('[data-ready="true"]')).waitFor();
    await shot(page, 'security-2fa-enrol');
    await page.getByTestId('2fa-code').fill(await generate({ secret }));
    await page.getByTestId('2fa-enable').click();
    await page.getByTestId('2fa-recovery').waitFor();
    expect(await page.getByTestId('2fa-recovery').locator('li').count()).toBe(10);

    // Log out, then log in again: the password step asks for the code.
    await api('user/logout', {}, session.token);
    await page.evaluate(() => localStorage.removeItem('nexa-session'));
    await page.goto(`${server.url}/h5/#${ROUTE.login}`);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-2fa-code').waitFor();
    // The enrolment code's 30 s step is used up: wait for the next one, as a person would.
    let code = await generate({ secret });
    const first = code;
    while (code === first) {
      await page.waitForTimeout(1000);
      code = await generate({ secret });
    }
    await page.getByTestId('login-2fa-code').fill(code);
    await page.getByTestId('login-2fa-submit').click();
    await page.waitForURL(/tabbarPages\/home/);

    // Another session (an API client) is listed and revoked; it then gets 401.
    const challenge = await api<{ challenge: string }>('user/login', { type: 'email', email, password });
    let other = await generate({ secret });
    while (other === code) {
      await new Promise((r) => setTimeout(r, 1000));
      other = await generate({ secret });
    }
    const second = await api<{ token: string }>('user/login2fa', { challenge: challenge.challenge, code: other });
    await page.goto(`${server.url}/h5/#${ROUTE.sessions}`);
    await page.getByTestId('session-current').waitFor();
    await shot(page, 'security-sessions');
    await page.getByTestId('session-revoke').first().click();
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/api/user/getUserinfo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', TOKEN: second.token },
          body: '{}',
        });
        return ((await res.json()) as { code: number }).code;
      })
      .toBe(401);

    await page.goto(`${server.url}/h5/#${ROUTE.history}`);
    await page.getByTestId('login-event').first().waitFor();
    expect(await page.getByTestId('login-event').count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'security-history');
    await context.close();

    for (const prefs of [
      { lang: 'en', theme: 'light' as const },
      { lang: 'ar', theme: 'dark' as const },
    ]) {
      const c = await phone(browser);
      const p = await c.newPage();
      const s = await api<{ token: string; user: unknown }>('user/register', await freshRegistration());
      await openSignedIn(p, s, ROUTE.security, prefs);
      await p.getByTestId('security-page').waitFor();
      await shot(p, `security-${prefs.lang}-${prefs.theme}`);
      await c.close();
    }
  });
});

async function freshRegistration() {
  const email = `sec2.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  await api('ems/send', { email, scene: 'register' });
  return {
    type: 'email',
    email,
    code: server.lastOutboxCode(email),
    password: 'secure-pass-1',
    password2: 'secure-pass-1',
  };
}
