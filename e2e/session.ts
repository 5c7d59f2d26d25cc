import { randomUUID } from 'node:crypto';
import type { TestServer } from '@nexa/server/testing';
import type { Page } from 'playwright-core';

export type Session = { token: string; user: unknown };
export type Prefs = { lang: string; theme: 'dark' | 'light'; productType1?: string; productType2?: string };

/**
 * What the browser journeys share: contract calls made as the app makes them, a user registered through the
 * API (the register screen has its own journey), and the app opened already signed in.
 */
export function appSession(server: () => TestServer) {
  /** A contract call; throws unless the envelope says success. */
  async function api<T>(path: string, body: object, token?: string): Promise<T> {
    const res = await fetch(`${server().url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { TOKEN: token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  }

  async function registerUser(tag: string): Promise<Session & { token: string }> {
    const email = `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    await api('ems/send', { email, scene: 'register' });
    const code = server().lastOutboxCode(email);
    const password = `${tag}-pass-1`;
    return api('user/register', { type: 'email', email, code, password, password2: password });
  }

  /**
   * A registered user in demo mode with 10000 demo USDT, `amount` of it moved from spot to `wallet` (all through the
   * API: the wallet screens have their own journey).
   */
  async function demoTrader(tag: string, wallet: string, amount: string): Promise<Session & { uid: number }> {
    const { token } = await registerUser(tag);
    await api('user/changeUser', { mode: 'demo' }, token);
    await api('user/getDemoMoney', { requestId: randomUUID() }, token);
    await api('index/zySubmit', { from: 'spot', to: wallet, currency: 'USDT', amount, requestId: randomUUID() }, token);
    const user = await api<{ uid: number }>('user/getUserinfo', {}, token);
    return { token, user, uid: user.uid };
  }

  /**
   * Opens a perpetual position through the API (a market order at 10x unless `order` says otherwise), retried while
   * the server has no market price yet (the feed's first seconds after a start).
   */
  async function openPosition(token: string, order: object): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await api(
          'Sustainable/createOrder',
          { type: 'market', leverage: 10, ...order, requestId: randomUUID() },
          token,
        );
        return;
      } catch (error) {
        if (attempt >= 20 || !/market price/i.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Opens the app signed in as `session`, with language and theme stored as the app stores them. */
  async function openSignedIn(
    page: Page,
    session: Session,
    path: string,
    prefs: Prefs = { lang: 'en', theme: 'dark' },
    /** 'commit': do not wait for the page's load (a test holding the app's code). */
    waitUntil: 'load' | 'commit' = 'load',
  ) {
    // A same-origin page without the app, so nothing the app persists at start can overwrite the seeded session.
    await page.goto(`${server().url}/h5/favicon.svg`);
    await page.evaluate(
      ([value]) => localStorage.setItem('nexa-session', value as string),
      [JSON.stringify({ state: { ...session, ...prefs }, version: 1 })],
    );
    await page.goto(`${server().url}/h5/#${path}`, { waitUntil });
  }

  return { api, registerUser, demoTrader, openPosition, openSignedIn };
}

export const textOf = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
