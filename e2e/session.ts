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

  async function registerUser(tag: string): Promise<Session> {
    const email = `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    await api('ems/send', { email, scene: 'register' });
    const code = server().lastOutboxCode(email);
    const password = `${tag}-pass-1`;
    return api('user/register', { type: 'email', email, code, password, password2: password });
  }

  /** Opens the app signed in as `session`, with language and theme stored as the app stores them. */
  async function openSignedIn(
    page: Page,
    session: Session,
    path: string,
    prefs: Prefs = { lang: 'en', theme: 'dark' },
  ) {
    // A same-origin page without the app, so nothing the app persists at start can overwrite the seeded session.
    await page.goto(`${server().url}/h5/favicon.svg`);
    await page.evaluate(
      ([value]) => localStorage.setItem('nexa-session', value as string),
      [JSON.stringify({ state: { ...session, ...prefs }, version: 1 })],
    );
    await page.goto(`${server().url}/h5/#${path}`);
  }

  return { api, registerUser, openSignedIn };
}

export const textOf = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
