import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser } from './browser.js';
import { appSession } from './session.js';

// The real server with its market feed: the sim ticks every second.
const ctx = serverAndBrowser();

const { registerUser, openSignedIn } = appSession(() => ctx.server);

/** The text `read` returns changes within 5 s (prices tick every second): the screen is live, not frozen. */
async function expectMoving(read: () => Promise<string | null>) {
  const before = await read();
  await expect.poll(read, { timeout: 5_000, interval: 200 }).not.toBe(before);
}

const rowPrices = (page: Page) =>
  page
    .getByTestId('market-row')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('[data-testid="row-price"]')?.textContent ?? '').join('|'));

describe('live prices never freeze', () => {
  it(
    'after ten rounds of switching tabs and products, the header, a Markets row and the order form still move',
    {
      timeout: 180_000,
    },
    async () => {
      const context = await phone(ctx.browser);
      const page = await context.newPage();
      await openSignedIn(page, await registerUser('live'), '/pages/tabbarPages/futures/index', {
        lang: 'en',
        theme: 'dark',
        productType1: 'BTCUSDT',
      });
      await page.getByTestId('delivery-page').waitFor();
      for (let round = 0; round < 10; round++) {
        await page.getByTestId('tab-perpetual').click();
        await page.getByTestId('perpetual-page').waitFor();
        await page.getByTestId('tab-markets').click();
        await page.getByTestId('markets-page').waitFor();
        await page.getByTestId('tab-futures').click();
        await page.getByTestId('delivery-page').waitFor();
        // The ▼ picker: another product, and back on the next round.
        const symbol = round % 2 ? 'BTCUSDT' : 'ETHUSDT';
        await page.getByTestId('product-picker').click();
        await page.getByTestId(`product-option-${symbol}`).click();
        await expect.poll(() => page.getByTestId('product-header').getAttribute('data-symbol')).toBe(symbol);
      }
      // The header price of the product on screen.
      await expectMoving(() => page.getByTestId('product-price').textContent());
      // A Markets row.
      await page.getByTestId('tab-markets').click();
      await expect.poll(() => page.getByTestId('market-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
      await expectMoving(() => rowPrices(page));
      // The perpetual order form's market price.
      await page.getByTestId('tab-perpetual').click();
      await page.getByTestId('perp-market-price').waitFor();
      await expectMoving(() => page.getByTestId('perp-market-price').textContent());
      await context.close();
    },
  );
});
