import { randomUUID } from 'node:crypto';
import { configFromEnv } from '@nexa/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { serverAndBrowser, shot } from './browser';
import { consoleDesk } from './console-desk';
import { appSession } from './session';

/**
 * The operator review's console items at 1440×900: sign-ins on unknown names in the audit log, an address locked by
 * failures across accounts listed and lifted, the date-range calendar in the console's language, and a user's
 * position with its currency, PnL and liquidation price.
 */
vi.setConfig({ hookTimeout: 180_000 });
const ctx = serverAndBrowser(() => ({
  market: { historyHours: 0 },
  auth: { ...configFromEnv({}).auth, perIpPerMinute: 1_000 },
}));
const { api } = appSession(() => ctx.server);

const { desktop, logIn } = consoleDesk(ctx);

/** Clicks a modal's button once the modal has stopped zooming in (a click while it moves can land on the mask). */
async function clickWhenStill(button: Locator) {
  await button.waitFor();
  await button.evaluate(async (el) => {
    const overlay = el.closest('.ant-modal') ?? el;
    while (/\bant-zoom/.test(overlay.className.toString())) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(overlay.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
  });
  await button.click();
}

const adminLogin = (username: string, password: string) =>
  fetch(`${ctx.server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en' },
    body: JSON.stringify({ username, password }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string }>);

/** The weekday names of the open range picker's first month. */
async function weekdays(page: Page): Promise<string[]> {
  const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await panel.waitFor();
  return panel.locator('.ant-picker-panel').first().locator('thead th').allInnerTexts();
}

describe('operator console: the review items', () => {
  it('audits sign-ins on unknown names; lists an address locked across accounts and lifts it', async () => {
    const chief = await ctx.server.createOperator('review.chief');
    const page = await desktop();
    await logIn(page, chief.username, chief.password);

    // This runner's address fails on many names: first each is audited, then the address is locked for every name.
    const max = configFromEnv({}).auth.loginIpMaxFailures;
    for (let i = 0; i <= max; i++) await adminLogin(`ghost.${i}`, 'Not-the-pass-1234');
    expect((await adminLogin(chief.username, chief.password)).msg).toMatch(/Too many failed attempts/);

    await page.getByTestId('nav-operators').click();
    const unlock = page.getByTestId('address-unlock-127.0.0.1');
    await unlock.waitFor();
    expect(await page.getByTestId('locked-addresses').innerText()).toContain('The console (operators)');
    await shot(page, 'console-locked-addresses');
    await unlock.click();
    await page.locator('.ant-modal-title', { hasText: 'Unlock 127.0.0.1?' }).waitFor();
    await page.getByTestId('address-unlock-reason').fill('Our office, checked with IT');
    await clickWhenStill(page.getByTestId('address-unlock-confirm'));
    await unlock.waitFor({ state: 'detached' });
    expect((await adminLogin(chief.username, chief.password)).code).toBe(1);

    // The audit log names the names typed, filtered by record and by address.
    await page.getByTestId('nav-audit').click();
    await page.getByTestId('audit-ip').fill('127.0.0.1');
    await page.getByTestId('audit-entity-id').fill('ghost.3');
    await page.getByTestId('audit-filter').click();
    const body = page.locator('.ant-table-tbody');
    await expect.poll(async () => (await body.innerText()).includes('Unknown name “ghost.3”')).toBe(true);
    expect(await body.locator('tr.ant-table-row').count()).toBe(1);
    expect(await body.innerText()).toContain('operator.loginFailed');
    await page.getByTestId('audit-entity-id').fill('127.0.0.1');
    await page.getByTestId('audit-filter').click();
    await expect.poll(async () => (await body.innerText()).includes('address.unlock')).toBe(true);
    await shot(page, 'console-audit-unknown-names');

    await page.context().close();
  }, 180_000);

  it("draws the date-range calendar in the console's language, switched live both ways", async () => {
    const chief = await ctx.server.createOperator('review.calendar');
    const page = await desktop();
    await logIn(page, chief.username, chief.password);
    await page.getByTestId('nav-audit').click();
    await page.getByTestId('audit-filter').waitFor();
    const range = page.locator('.ant-picker-range');
    await range.click();
    expect(await weekdays(page)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    await page.keyboard.press('Escape');
    await page.getByText('中文').click();
    // antd spaces a two-character Chinese button label: "筛 选".
    await page
      .getByTestId('audit-filter')
      .filter({ hasText: /筛\s*选/ })
      .waitFor();
    await range.click();
    expect(await weekdays(page)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    await shot(page, 'console-range-picker-zh');
    await page.keyboard.press('Escape');
    await page.getByText('English').click();
    await page.getByText('Filter', { exact: true }).waitFor();
    await range.click();
    expect(await weekdays(page)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    await page.context().close();
  }, 180_000);

  it("shows a user's position and order with currency, PnL and liquidation price, as the user's app has them", async () => {
    const chief = await ctx.server.createOperator('review.desk');
    const email = `trader.${Date.now()}@example.com`;
    await api('ems/send', { email, scene: 'register' });
    const { token, user } = await api<{ token: string; user: { uid: number } }>('user/register', {
      type: 'email',
      email,
      code: ctx.server.lastOutboxCode(email),
      password: 'trader-pass-1',
      password2: 'trader-pass-1',
    });
    await api('user/changeUser', { mode: 'demo' }, token);
    await api('user/getDemoMoney', { requestId: randomUUID() }, token);
    const move = { from: 'spot', to: 'perpetual', currency: 'USDT', amount: '1000', requestId: randomUUID() };
    await api('index/zySubmit', move, token);
    const order = { symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '1', leverage: 20 };
    await api('Sustainable/createOrder', { ...order, requestId: randomUUID() }, token);
    const own = await api<{ list: { liquidationPrice: string }[] }>('Sustainable/PositionOrders', {}, token);
    const liquidation = own.list[0]!.liquidationPrice;

    const page = await desktop();
    await logIn(page, chief.username, chief.password);
    await page.getByTestId('nav-users').click();
    const search = page.getByTestId('user-search').locator('input');
    await search.fill(String(user.uid));
    await search.press('Enter');
    await page.getByRole('row', { name: new RegExp(String(user.uid)) }).click();
    await page.getByTestId('freezes').waitFor();
    await page.getByRole('tab', { name: 'Positions' }).click();
    await page.getByRole('tab', { name: 'Positions', selected: true }).waitFor();
    const panel = page.getByRole('tabpanel', { name: 'Positions' });
    for (const head of ['Currency', 'Mark price', 'Unrealised P&L', 'Liquidation price'])
      await panel.getByRole('columnheader', { name: head, exact: true }).waitFor();
    const row = panel.locator('tr.ant-table-row').first();
    await row.waitFor();
    const cells = await row.innerText();
    expect(cells).toContain('USDT');
    expect(cells).toContain(liquidation);
    await shot(page, 'console-user-positions');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('tab', { name: 'Orders', selected: true }).waitFor();
    const orderRow = page.getByRole('tabpanel', { name: 'Orders' }).locator('tr.ant-table-row').first();
    await orderRow.waitFor();
    expect(await orderRow.innerText()).toContain(liquidation);
    // A perpetual order's amount is a number of contracts, not a sum in USDT.
    const orders = page.getByRole('tabpanel', { name: 'Orders' });
    const heads = (await orders.locator('thead th').allInnerTexts()).map((h) => h.trim());
    const quantity = await orderRow.locator('td').nth(heads.indexOf('Stake / quantity')).innerText();
    expect(quantity).toBe('1 contract');
    expect(heads).not.toContain('Currency');
    await page.context().close();
  }, 180_000);
});
