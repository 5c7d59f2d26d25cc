import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { appSession, textOf } from './session.js';

const ctx = serverAndBrowser();
const { api, registerUser, openSignedIn } = appSession(() => ctx.server);

const ROUTE = {
  mine: '/pages/tabbarPages/mine/index',
  transfer: '/pages/tabbarPages/mine/fundTransfer',
  changes: '/pages/tabbarPages/mine/changeRecord',
  convert: '/pages/tabbarPages/mine/spotGoods',
} as const;

/** A figure's text without the Unicode isolates that keep it left to right in Arabic. */
const plain = async (page: Page, testId: string) => (await textOf(page, testId))?.replace(/[\u2066-\u2069]/g, '');

/** A demo user with 10,000 demo USDT in spot. */
async function demoUser(tag: string) {
  const session = await registerUser(tag);
  await api('user/changeUser', { mode: 'demo' }, session.token);
  await api('user/getDemoMoney', { requestId: randomUUID() }, session.token);
  const user = await api('user/getUserinfo', {}, session.token);
  return { token: session.token, user };
}

/**
 * The server as the page reaches it, through a switch: `up`, or `down` (every API call fails as when the server was
 * killed, the socket is cut and every new one refused) while the browser stays online. `userLive` counts the
 * confirmations of the socket's `user` channel. `up(lagMs)` brings it back over a slow link: the socket's messages
 * reach the page `lagMs` late, in order (the HTTP calls do not wait).
 */
async function serverSwitch(context: BrowserContext) {
  let down = false;
  let userLive = 0;
  let lagMs = 0;
  const open: WebSocketRoute[] = [];
  await context.route('**/api/**', (route) => (down ? route.abort('connectionrefused') : route.continue()));
  await context.routeWebSocket(/\/api\/ws/, (ws) => {
    if (down) {
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    let sent = Promise.resolve();
    server.onMessage((message) => {
      const due = Date.now() + lagMs;
      sent = sent
        .then(() => new Promise((r) => setTimeout(r, due - Date.now())))
        .then(() => {
          if (typeof message === 'string' && message.includes('"op":"subscribed"') && message.includes('"user"')) {
            userLive += 1;
          }
          ws.send(message);
        });
    });
    open.push(ws);
  });
  return {
    userLive: () => userLive,
    down: async () => {
      down = true;
      for (const ws of open.splice(0)) await ws.close();
    },
    up: (lag = 0) => {
      lagMs = lag;
      down = false;
    },
  };
}

describe('faults a phone user meets: the server away, offline, a session ended elsewhere', () => {
  it('says balances may be out of date while the server is away, and recovers every screen when it is back', async () => {
    const { token, user } = await demoUser('away');
    const context = await phone(ctx.browser);
    const server = await serverSwitch(context);
    const page = await context.newPage();
    await openSignedIn(page, { token, user }, ROUTE.mine);
    await expect.poll(() => plain(page, 'assets-total')).toBe('$10,000.00');
    await expect.poll(server.userLive).toBeGreaterThan(0);
    await expect(page.getByTestId('balances-as-of').count()).resolves.toBe(0);

    // The server goes away (the browser stays online): the figures stay, said to be as of when they were read.
    await server.down();
    await expect.poll(() => plain(page, 'balances-as-of')).toMatch(/^Reconnecting… balances as of \d{2}:\d{2}$/);
    await expect(plain(page, 'assets-total')).resolves.toBe('$10,000.00');
    await shot(page, 'assets-reconnecting-en');

    // Back, over a slow link: the balances are read again while the socket's confirmation is still on its way; the
    // line goes once the socket is live again, and the balances read after it.
    const confirmed = server.userLive();
    server.up(1_500);
    await expect.poll(server.userLive, { timeout: 30_000 }).toBeGreaterThan(confirmed);
    await expect.poll(() => page.getByTestId('balances-as-of').count()).toBe(0);

    // Transfer reloaded while the server is away: "Failed to load". When it is back, the page loads by itself.
    await server.down();
    await page.evaluate((route) => {
      window.location.hash = `#${route}`;
    }, ROUTE.transfer);
    await page.reload();
    await page.getByTestId('error-state').waitFor();
    server.up();
    await expect.poll(() => plain(page, 'transfer-available'), { timeout: 30_000 }).toBe('10,000.00');
    await expect(page.getByTestId('balances-as-of').count()).resolves.toBe(0);
    await context.close();
  });

  it('shows an offline list as an error with a retry, and loads it by itself when the connection is back', async () => {
    const { token, user } = await demoUser('offline-list');
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await openSignedIn(page, { token, user }, ROUTE.changes);
    await page.getByTestId('change-item').first().waitFor();

    // Offline, another filter is a list not read yet: not an endless skeleton, but what is wrong and a retry.
    await context.setOffline(true);
    await page.getByTestId('change-filter-wallet').click();
    await page.getByTestId('change-filter-wallet-option-spot').click();
    await page.getByTestId('list-offline').waitFor();
    await expect(page.getByTestId('list-offline').getByTestId('retry').isVisible()).resolves.toBe(true);
    await shot(page, 'list-offline-en');

    await context.setOffline(false);
    await page.getByTestId('change-item').first().waitFor();
    await expect(page.getByTestId('list-offline').count()).resolves.toBe(0);
    await context.close();
  });

  it("reads a screen again by itself once the server's database is back, without a tap", async () => {
    const { token, user } = await demoUser('db-away');
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    // The server answers, its database does not: the read's envelope is a 500.
    let databaseAway = true;
    await page.route('**/api/index/property*', (route) =>
      databaseAway
        ? route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ code: 500, msg: 'Something went wrong. Please try again later.', data: null }),
          })
        : route.continue(),
    );
    await openSignedIn(page, { token, user }, ROUTE.mine);
    await page.getByTestId('assets-error').waitFor();
    databaseAway = false;
    await expect.poll(() => plain(page, 'assets-total'), { timeout: 20_000 }).toBe('$10,000.00');
    await expect(page.getByTestId('assets-error').count()).resolves.toBe(0);
    await context.close();
  });

  it('explains a balance that moves before a slow convert answers, then shows its result', async () => {
    const { token, user } = await demoUser('slow-convert');
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    // A slow answer: the server converts at once (the socket tells of the new balances), the answer comes later.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let booked = false;
    await page.route('**/api/index/sdSubmit', async (route) => {
      const response = await route.fetch();
      booked = true;
      await released;
      await route.fulfill({ response });
    });
    await openSignedIn(page, { token, user }, ROUTE.convert);
    await expect.poll(() => plain(page, 'convert-available')).toBe('10,000.00');
    await page.getByTestId('convert-amount').fill('1000');
    await expect.poll(() => plain(page, 'convert-receive'), { timeout: 15_000 }).toMatch(/^0\.\d{8}$/);
    await page.getByTestId('convert-submit').click();
    await page.getByTestId('convert-confirm').click();

    // On its way: the button spins and a line says the result follows.
    await expect.poll(() => booked).toBe(true);
    await expect(page.getByTestId('convert-submit').getAttribute('class')).resolves.toContain('adm-button-loading');
    // The balance moved (the socket), the answer has not come: the moved figure is explained.
    await expect.poll(() => plain(page, 'convert-available')).toBe('9,000.00');
    await expect
      .poll(() => textOf(page, 'convert-working'))
      .toBe('Your balances have been updated: the convert is booked, its details are on their way…');
    await shot(page, 'convert-slow-en');

    release();
    await page.getByTestId('convert-result').waitFor();
    await expect(page.getByTestId('convert-working').count()).resolves.toBe(0);
    await context.close();
  });

  it('sends a second tab to the login page as soon as its session is ended from another', async () => {
    const { token, user } = await demoUser('revoked');
    const credentials = await api<{ token: string }>(
      'user/login',
      { type: 'email', email: (user as { email: string }).email, password: 'revoked-pass-1' },
      undefined,
    );
    const context = await phone(ctx.browser);
    const server = await serverSwitch(context);
    const page = await context.newPage();
    await openSignedIn(page, { token, user }, ROUTE.mine);
    await expect.poll(() => plain(page, 'assets-total')).toBe('$10,000.00');
    await expect.poll(server.userLive).toBeGreaterThan(0);

    // "Log out other sessions" on the other device: this tab goes to login without waiting for its next call.
    await api('security/revokeOtherSessions', {}, credentials.token);
    await expect.poll(() => page.evaluate(() => window.location.hash)).toContain('/pages/userPages/login');
    await context.close();
  });
});
