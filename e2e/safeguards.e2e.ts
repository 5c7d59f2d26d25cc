import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { realMoney } from './real-money.js';
import { appSession, textOf } from './session.js';

const ctx = serverAndBrowser();
const { api, registerUser, openSignedIn } = appSession(() => ctx.server);
const fund = realMoney(() => ctx.server);
/** A figure's text without the Unicode isolates that keep it left to right in Arabic. */
const plain = async (page: Page, testId: string) => (await textOf(page, testId))?.replace(/[\u2066-\u2069]/g, '');

const SETTINGS = '/pages/tabbarPages/mine/set';
const FUTURES = '/pages/tabbarPages/futures/index';

describe('responsible trading: limits and a break, from Settings to a refused order', () => {
  it('sets a daily stake limit, sees an order past it refused naming the limit, then takes a cool-off', async () => {
    const session = await registerUser('limits');
    await fund(session.token, '500', 'delivery');
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await openSignedIn(page, session, SETTINGS);

    // Settings → Responsible trading: four limits, none set.
    await page.getByTestId('settings-responsible-trading').click();
    await page.getByTestId('safeguards-page').waitFor();
    await expect.poll(() => plain(page, 'safeguards-amount-dailyStake')).toBe('No limit');

    // A daily stake limit of 150 USDT applies at once.
    await page.getByTestId('safeguards-edit-dailyStake').click();
    await page.getByTestId('safeguards-limit-amount').fill('150');
    await expect(textOf(page, 'safeguards-limit-rule')).resolves.toBe('A lower limit takes effect at once.');
    await page.getByTestId('safeguards-limit-save').click();
    await expect.poll(() => plain(page, 'safeguards-amount-dailyStake')).toBe('150.00 USDT');
    await shot(page, 'safeguards-limits-dark-en');

    // Raising it waits 24 hours, and the screen says until when.
    await page.getByTestId('safeguards-edit-dailyStake').click();
    await page.getByTestId('safeguards-limit-amount').fill('900');
    await expect(textOf(page, 'safeguards-limit-rule')).resolves.toBe('A higher limit takes effect after 24 hours.');
    await page.getByTestId('safeguards-limit-save').click();
    await expect.poll(() => plain(page, 'safeguards-pending-dailyStake')).toMatch(/^Changes to 900\.00 USDT on /);
    await expect(plain(page, 'safeguards-amount-dailyStake')).resolves.toBe('150.00 USDT');

    // Futures on the real account: 100 fits, the next 100 would pass 150 and is refused with the limit named.
    await openSignedIn(page, session, FUTURES);
    await page.getByTestId('delivery-page').waitFor();
    await expect.poll(() => textOf(page, 'futures-available')).toBe('500.00');
    for (const expectPlaced of [true, false]) {
      await page.getByTestId('futures-amount').fill('100');
      await page.getByTestId('futures-call').click();
      await page.getByTestId('futures-confirm-sheet').waitFor();
      await page.getByTestId('futures-confirm').click();
      if (expectPlaced) {
        await page.getByTestId('futures-countdown').waitFor();
        await page.getByTestId('futures-countdown-close').click();
      }
    }
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent())
      .toBe('This order would take you past your daily stake limit of 150.00 USDT (100.00 USDT used today).');
    await shot(page, 'safeguards-refused-dark-en');
    const orders = await api<{ list: unknown[] }>('order/deliveryOrders', {}, session.token);
    expect(orders.list).toHaveLength(1);

    // A cool-off of 3 days: the page says until when; a new order is refused, saying why.
    await openSignedIn(page, session, SETTINGS);
    await page.getByTestId('settings-responsible-trading').click();
    await page.getByTestId('safeguards-break-coolOff').click();
    await page.getByTestId('safeguards-break-length').locator('button').last().click();
    await page.getByTestId('safeguards-break-length').locator('button').last().click();
    await page.getByTestId('safeguards-break-take').click();
    await page.getByTestId('safeguards-break-confirm').click();
    await expect.poll(() => plain(page, 'safeguards-break-active')).toMatch(/^On a cool-off until /);
    await shot(page, 'safeguards-break-dark-en');
    const limits = await api<{ break: { until: number } | null }>('user/getTradingLimits', {}, session.token);
    expect(limits.break?.until).toBeGreaterThan(Date.now() + 3 * 86_400_000 - 120_000);
    expect(limits.break?.until).toBeLessThan(Date.now() + 3 * 86_400_000 + 1_000);

    // Arabic, light: the same screen reads right to left.
    await openSignedIn(page, session, SETTINGS, { lang: 'ar', theme: 'light' });
    await page.getByTestId('settings-responsible-trading').click();
    await expect.poll(() => plain(page, 'safeguards-amount-dailyStake')).toBe('150.00 USDT');
    await shot(page, 'safeguards-limits-light-ar');
    await context.close();
  });
});
