import { randomUUID } from 'node:crypto';
import { TINY_PNG, type TestServer, startTestServer } from '@nexa/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser.js';
import { appSession } from './session.js';

// The server and browser of serverAndBrowser(), with room for a slow start on a loaded machine.
const ctx = {} as { server: TestServer; browser: Browser };
beforeAll(async () => {
  ctx.server = await startTestServer();
  ctx.browser = await launch();
}, 300_000);
afterAll(async () => {
  await ctx.browser?.close();
  await ctx.server?.close();
}, 60_000);
const { api, registerUser, openSignedIn } = appSession(() => ctx.server);

async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'proof.png');
  const res = await fetch(`${ctx.server.url}/api/common/upload`, {
    method: 'POST',
    headers: { TOKEN: token },
    body: form,
  });
  const json = (await res.json()) as { code: number; data: { name: string } };
  if (json.code !== 1) throw new Error('upload failed');
  return json.data.name;
}

/** An operator call over the operator API (ADMIN-TOKEN); throws unless the envelope says success. */
async function admin<T>(token: string, path: string, body: object): Promise<T> {
  const res = await fetch(`${ctx.server.url}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', 'ADMIN-TOKEN': token },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1) throw new Error(`admin/${path}: ${json.code} ${json.msg}`);
  return json.data;
}

const badge = (page: Page) => page.getByTestId('message-bell').locator('.adm-badge-content').first();

describe('message centre', () => {
  it(
    'an operator approves a deposit: the bell shows it live, the message opens the record, in the reader’s language',
    { timeout: 180_000 },
    async () => {
      const session = await registerUser('inbox');
      const operator = (await ctx.server.createOperator()).token;
      const deposit = await api<{ id: string; orderNo: string }>(
        'index/czSubmit',
        {
          currency: 'USDT',
          chain: 'TRC20',
          amount: '42',
          screenshot: await upload(session.token),
          requestId: randomUUID(),
        },
        session.token,
      );
      const context = await phone(ctx.browser);
      const page = await context.newPage();
      await openSignedIn(page, session, '/pages/tabbarPages/home/index');
      await page.getByTestId('home-page').waitFor();
      await page.getByTestId('message-bell').waitFor();
      expect(await page.getByTestId('message-bell').locator('.adm-badge-content').count()).toBe(0);

      // The operator approves while the user looks at Home: the badge appears without a reload.
      await admin(operator, 'approveDeposit', { id: deposit.id });
      await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toBe('1');
      await shot(page, 'messages-home-bell-dark-en');

      // The Assets tab has the bell too.
      await page.getByTestId('tab-mine').click();
      await page.getByTestId('mine-page').waitFor();
      await expect.poll(() => badge(page).textContent()).toBe('1');

      await page.getByTestId('message-bell').click();
      await page.getByTestId('messages-page').waitFor();
      const card = page.getByTestId('message-card').first();
      await expect.poll(() => card.getAttribute('data-kind')).toBe('deposit.approved');
      const body = await card.getByTestId('message-body').textContent();
      expect(body).toContain('42.00 USDT');
      expect(body).toContain(deposit.orderNo);
      await shot(page, 'messages-inbox-dark-en');

      // The message opens its record (the deposit list, with the approved deposit).
      await card.click();
      await page.getByTestId('recharge-record-page').waitFor();
      await expect.poll(() => page.getByTestId('deposit-record').first().getAttribute('data-status')).toBe('approved');
      await page.goBack();
      await page.getByTestId('messages-page').waitFor();
      await expect.poll(() => page.getByTestId('message-card').first().getAttribute('data-read')).toBe('true');
      expect(await api<{ unread: number }>('message/unread', {}, session.token)).toEqual({ unread: 0 });
      await context.close();

      // The same message in Chinese and Arabic (right to left), light theme: rendered at display time.
      for (const [lang, title] of [
        ['zh', '充值已通过'],
        ['ar', 'تمت الموافقة على الإيداع'],
      ] as const) {
        const c = await phone(ctx.browser);
        const p = await c.newPage();
        await openSignedIn(p, session, '/pages/tabbarPages/mine/messages', { lang, theme: 'light' });
        await p.getByTestId('messages-page').waitFor();
        await expect.poll(() => p.getByTestId('message-card').first().textContent()).toContain(title);
        if (lang === 'ar') expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await shot(p, `messages-inbox-light-${lang}`);
        await c.close();
      }
    },
  );

  it(
    'an operator publishes an announcement: the bell counts it live and the message opens the notice; deleted, it leaves the bell and the inbox live',
    { timeout: 180_000 },
    async () => {
      const session = await registerUser('notice');
      const operator = (await ctx.server.createOperator()).token;
      const notice = await admin<{ id: string }>(operator, 'saveContent', {
        kind: 'announcement',
        title: { en: 'Maintenance window' },
        body: { en: 'Trading pauses for ten minutes tonight.' },
        pinned: false,
      });
      const context = await phone(ctx.browser);
      const page = await context.newPage();
      await openSignedIn(page, session, '/pages/tabbarPages/home/index');
      await page.getByTestId('home-page').waitFor();
      await page.getByTestId('message-bell').waitFor();
      expect(await page.getByTestId('message-bell').locator('.adm-badge-content').count()).toBe(0);

      await admin(operator, 'publishContent', { kind: 'announcement', id: notice.id, published: true });
      await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toBe('1');
      // Published again: no second message.
      await admin(operator, 'publishContent', { kind: 'announcement', id: notice.id, published: false });
      await admin(operator, 'publishContent', { kind: 'announcement', id: notice.id, published: true });
      expect(await api<{ unread: number }>('message/unread', {}, session.token)).toEqual({ unread: 1 });

      // One published by mistake and deleted: the bell counts it, then drops it, without a reload.
      const mistake = await admin<{ id: string }>(operator, 'saveContent', {
        kind: 'announcement',
        title: { en: 'Published by mistake' },
        body: { en: 'Please ignore.' },
        pinned: false,
      });
      await admin(operator, 'publishContent', { kind: 'announcement', id: mistake.id, published: true });
      await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toBe('2');
      await admin(operator, 'deleteContent', { kind: 'announcement', id: mistake.id });
      await expect.poll(() => badge(page).textContent(), { timeout: 20_000 }).toBe('1');

      await page.getByTestId('message-bell').click();
      await page.getByTestId('messages-page').waitFor();
      const card = page.getByTestId('message-card').first();
      await expect.poll(() => card.getAttribute('data-kind')).toBe('announcement');
      expect(await page.getByTestId('message-card').count()).toBe(1);
      await shot(page, 'messages-announcement-dark-en');
      await card.click();
      await page.getByTestId('notice-body').waitFor();
      await expect.poll(() => page.getByTestId('notice-detail').textContent()).toContain('Maintenance window');
      expect(await api<{ unread: number }>('message/unread', {}, session.token)).toEqual({ unread: 0 });

      // Deleted while the inbox is open: its message leaves the list at once.
      await page.goBack();
      await page.getByTestId('messages-page').waitFor();
      await page.getByTestId('message-card').first().waitFor();
      await admin(operator, 'deleteContent', { kind: 'announcement', id: notice.id });
      await page.getByTestId('empty-state').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('message-card').count()).toBe(0);
      await context.close();
    },
  );

  it('an empty inbox says so', { timeout: 60_000 }, async () => {
    const session = await registerUser('empty');
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await openSignedIn(page, session, '/pages/tabbarPages/mine/messages');
    await page.getByTestId('messages-page').waitFor();
    await page.getByTestId('empty-state').waitFor();
    await shot(page, 'messages-empty-dark-en');
    await context.close();
  });
});
