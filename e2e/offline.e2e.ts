import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { appSession, textOf } from './session.js';

const ctx = serverAndBrowser();

const { api, registerUser, openSignedIn } = appSession(() => ctx.server);

describe('offline (spec §8)', () => {
  it(
    'a transfer submitted offline fails at once with the network toast, keeps the form, and never runs later',
    {
      timeout: 120_000,
    },
    async () => {
      const session = await registerUser('offline');
      await api('user/changeUser', { mode: 'demo' }, session.token);
      await api('user/getDemoMoney', { requestId: `offline-${Date.now()}` }, session.token);
      const context = await phone(ctx.browser, 'allow');
      const page = await context.newPage();
      await openSignedIn(page, session, '/pages/tabbarPages/mine/fundTransfer');
      await page.getByTestId('transfer-page').waitFor();
      await expect.poll(() => textOf(page, 'transfer-available')).toBe('10,000.00');
      await page.getByTestId('transfer-amount').fill('1234');

      await context.setOffline(true);
      await page.getByTestId('offline-banner').waitFor();
      await page.getByTestId('transfer-submit').click();
      const confirm = page.getByTestId('transfer-confirm');
      if (await confirm.isVisible().catch(() => false)) await confirm.click();
      await expect
        .poll(() => page.locator('.adm-toast-main').textContent(), { timeout: 3_000 })
        .toContain('Network error, please check your connection');
      await expect(page.getByTestId('transfer-amount').inputValue()).resolves.toBe('1234');
      await shot(page, 'transfer-offline-en');

      // Back online: nothing runs by itself, and no transfer was made.
      await context.setOffline(false);
      await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
      await page.waitForTimeout(3_000);
      const records = await api<{ total: number }>('index/zyRec', { page: 1, pageSize: 10 }, session.token);
      expect(records.total).toBe(0);
      await expect.poll(() => textOf(page, 'transfer-available')).toBe('10,000.00');
      await context.close();
    },
  );
});
