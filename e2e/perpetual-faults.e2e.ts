import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { type Prefs, appSession, textOf } from './session.js';

const ctx = serverAndBrowser();
const { api, demoTrader, openSignedIn } = appSession(() => ctx.server);

const PERPETUAL = '/pages/tabbarPages/perpetual/index';
const PREFS: Prefs = { lang: 'en', theme: 'dark', productType2: 'BTCUSDT' };
const lastToast = (page: Page) => page.locator('.adm-toast-main').last().textContent();

async function openPositions(token: string): Promise<number> {
  return (await api<{ list: unknown[] }>('Sustainable/PositionOrders', {}, token)).list.length;
}

/** Opens a market position through the API; right after the server started the feed may not have ticked yet. */
async function openByApi(token: string): Promise<void> {
  const order = { type: 'market', leverage: 10, symbol: 'BTCUSDT', side: 'long', quantity: '1' };
  await expect
    .poll(
      () =>
        api('Sustainable/createOrder', { ...order, requestId: randomUUID() }, token).then(
          () => 'open',
          (error: unknown) => String(error),
        ),
      { timeout: 15_000, interval: 500 },
    )
    .toBe('open');
}

describe('perpetual sheets when the answer is slow or lost', () => {
  it('says a slow order is still waiting, closes when its answer is lost, and closes again once it is found', async () => {
    const session = await demoTrader('perp-slow', 'perpetual', '1000');
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    await page.route('**/api/Sustainable/createOrder', async (route) => {
      sent.push(JSON.parse(route.request().postData() ?? '{}').requestId);
      // A slow server: the order is placed, and its answer never reaches the phone.
      await released;
      await route.fetch();
      await route.abort('failed');
    });
    let lookupsLost = true;
    await page.route('**/api/index/moneyCallOutcome', (route) =>
      lookupsLost ? route.abort('internetdisconnected') : route.continue(),
    );
    await openSignedIn(page, session, PERPETUAL, PREFS);
    await page.getByTestId('perpetual-page').waitFor();
    await expect.poll(() => textOf(page, 'perp-available')).toBe('1,000.00');
    await expect.poll(() => textOf(page, 'perp-market-price'), { timeout: 20_000 }).toMatch(/\d/);

    await page.getByTestId('perp-lots').fill('1');
    await page.getByTestId('perp-open-long').click();
    const sheet = page.getByTestId('perp-confirm-sheet');
    await sheet.waitFor();
    await page.getByTestId('perp-confirm').click();
    // Outstanding for more than a few seconds: the sheet says it is still waiting.
    await expect
      .poll(() => textOf(page, 'perp-confirm-waiting'))
      .toBe(
        'Still waiting for the server. If the connection drops, we will look this order up and tell you what became of it.',
      );
    await shot(page, 'perp-confirm-waiting-en');

    // The answer is lost (and the lookup too): the sheet closes, the user is told of the network.
    release();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => lastToast(page)).toBe('Network error, please check your connection');
    await expect.poll(() => openPositions(session.token)).toBe(1);

    // The same order drafted again; meanwhile the connection returns and the lost one is found placed: this sheet
    // would now place a second order, so it closes, and the user is told the first went through.
    await page.getByTestId('perp-open-long').click();
    await sheet.waitFor();
    lookupsLost = false;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => lastToast(page)).toBe('What you sent before the connection dropped went through.');
    await sheet.waitFor({ state: 'detached' });
    expect(sent).toHaveLength(1);
    expect(await openPositions(session.token)).toBe(1);
    await context.close();
  });

  it('closes the close-all dialog, saying so, once nothing is left to close', async () => {
    const session = await demoTrader('perp-gone', 'perpetual', '1000');
    await openByApi(session.token);
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await openSignedIn(page, session, PERPETUAL, PREFS);
    await page.getByTestId('perp-position').waitFor({ timeout: 15_000 });
    await page.getByTestId('perp-close-all').click();
    const dialog = page.getByTestId('perp-close-all-dialog');
    await dialog.waitFor();

    // Closed elsewhere (another device, or a lost close-all found applied): the dialog does not offer to close nothing.
    await api('Sustainable/closeAllPosition', { requestId: randomUUID() }, session.token);
    await page.getByTestId('perp-positions-empty').waitFor({ timeout: 15_000 });
    await expect.poll(() => lastToast(page)).toBe('No open positions are left to close.');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
