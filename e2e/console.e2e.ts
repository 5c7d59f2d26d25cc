import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { configFromEnv } from '@nexa/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { serverAndBrowser, shot } from './browser';
import { appSession } from './session';

/**
 * The operator console at 1440×900 (issue 17): an admin creates a reviewer; the reviewer approves a deposit with the
 * screenshot open and the user's balance changes; an admin-only call is refused with HTTP 403; the audit log shows
 * each step.
 */
// A loaded CI machine can take over the default 90 s to start a server with its feed.
vi.setConfig({ hookTimeout: 180_000 });
// The console needs no price history: a feed without the 24 h backfill starts in seconds on a loaded machine.
const ctx = serverAndBrowser(() => ({ market: { ...configFromEnv({}).market, historyHours: 0 } }));
const { api, registerUser } = appSession(() => ctx.server);
const REVIEWER_PASSWORD = 'Review3r-desk-2026';

async function desktop(): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  return context.newPage();
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto(`${ctx.server.url}/admin/`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('me').filter({ hasText: username }).waitFor();
}

async function logOut(page: Page) {
  await page.getByTestId('logout').click();
  await page.getByTestId('login-username').waitFor();
}

/** A 480×320 PNG a person can see (a transfer receipt's stand-in: coloured bands), so the zoom shows something. */
function receiptPng(): Buffer {
  const [w, h] = [480, 320];
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const band = Math.floor(y / 40) % 3;
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      rows[o] = band === 0 ? 230 : 40;
      rows[o + 1] = band === 1 ? 200 : 60 + (x % 120);
      rows[o + 2] = band === 2 ? 220 : 80;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A user's deposit under review, submitted with a screenshot as the H5 app does. */
async function depositUnderReview(amount: string) {
  const user = (await registerUser('console')) as { token: string; user: { uid: number } };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(receiptPng())], { type: 'image/png' }), 'receipt.png');
  const up = await fetch(`${ctx.server.url}/api/common/upload`, {
    method: 'POST',
    headers: { TOKEN: user.token },
    body: form,
  }).then((r) => r.json() as Promise<{ data: { name: string } }>);
  const deposit = await api<{ id: string; orderNo: string }>(
    'index/czSubmit',
    { currency: 'USDT', chain: 'TRC20', amount, screenshot: up.data.name, requestId: randomUUID() },
    user.token,
  );
  return { user, deposit };
}

/** The user's real spot wallet, as the H5 app's assets screen reads it (USDT). */
async function spotUsdt(token: string): Promise<number> {
  const p = await api<{ wallets: { wallet: string; availableUsdt: string }[] }>('index/property', {}, token);
  return Number(p.wallets.find((w) => w.wallet === 'spot')?.availableUsdt);
}

describe('operator console', () => {
  it('admin creates a reviewer, who approves a deposit, is refused an admin call, and the audit log shows it', async () => {
    const chief = await ctx.server.createOperator('chief');
    const { user, deposit } = await depositUnderReview('250');
    expect(await spotUsdt(user.token)).toBe(0);
    const page = await desktop();

    // The admin creates a reviewer.
    await logIn(page, chief.username, chief.password);
    await page.getByTestId('nav-operators').click();
    await page.getByTestId('operator-new').click();
    await page.getByTestId('operator-username').fill('rita.review');
    await page.getByTestId('operator-password').fill(REVIEWER_PASSWORD);
    await page.getByTestId('operator-role').click();
    await page.locator('.ant-select-item-option', { hasText: 'Reviewer' }).click();
    await page.getByTestId('operator-save').click();
    await page.getByRole('row', { name: /rita\.review/ }).waitFor();
    await shot(page, 'console-operators');
    await logOut(page);

    // The reviewer opens the deposit, zooms the screenshot, approves.
    await logIn(page, 'rita.review', REVIEWER_PASSWORD);
    await page.getByRole('row', { name: new RegExp(deposit.orderNo) }).click();
    await page.getByTestId('deposit-amount').filter({ hasText: '250 USDT' }).waitFor();
    const screenshot = page.locator('.ant-drawer img[alt="Transfer screenshot"]');
    await screenshot.waitFor();
    await screenshot.click();
    await page.locator('.ant-image-preview-img').first().waitFor();
    await shot(page, 'console-deposit-screenshot-zoomed');
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview-img').first().waitFor({ state: 'hidden' });
    await shot(page, 'console-deposit-review');
    await page.getByTestId('approve').click();
    await page.getByTestId('confirm-decision').click();
    await page.locator('.ant-message-notice', { hasText: 'Approved' }).waitFor();
    await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
    expect(await spotUsdt(user.token)).toBe(250);

    // An admin-only screen and call: the server answers 403 whatever the menu shows.
    await page.goto(`${ctx.server.url}/admin/#/operators`);
    await page.getByText('Your role cannot open this screen').waitFor();
    await shot(page, 'console-reviewer-forbidden');
    const status = await page.evaluate(async () => {
      const token = sessionStorage.getItem('nexa.console.token') ?? '';
      const res = await fetch('/api/admin/operatorCreate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ADMIN-TOKEN': token },
        body: JSON.stringify({ username: 'sneaky', password: 'Sneaky-pass-2026', role: 'admin' }),
      });
      return res.status;
    });
    expect(status).toBe(403);
    await logOut(page);

    // The audit log, as the admin sees it.
    await logIn(page, chief.username, chief.password);
    await page.getByText('Deposits waiting').waitFor();
    await shot(page, 'console-dashboard');
    await page.getByTestId('nav-audit').click();
    await page.getByTestId('audit-export').waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    await shot(page, 'console-audit-all');
    const text = await page.locator('.ant-table-tbody').innerText();
    expect(text).toMatch(/rita\.review \(#\d+\)\s+deposit\.approve/);
    expect(text).toMatch(/chief \(#\d+\)\s+operator\.create/);
    expect(text).toContain('operator.login');
    await page.getByTestId('audit-action').fill('deposit.');
    await page.getByTestId('audit-filter').click();
    await page
      .locator('.ant-table-tbody tr.ant-table-row', { hasText: 'operator.create' })
      .waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    await shot(page, 'console-audit');
    // Operators read English or Chinese.
    await page.getByText('中文').click();
    await page.getByText('导出 CSV').waitFor();
    await shot(page, 'console-audit-zh');
    await page.context().close();
  }, 180_000);
});
