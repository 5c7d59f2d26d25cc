import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TINY_PNG } from '@nexa/server/testing';
import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { appSession, textOf } from './session.js';

// Customer service needs no price history: a fresh server starts faster without generating it.
const ctx = serverAndBrowser(() => ({ market: { historyHours: 0 } }));
const { api, registerUser, openSignedIn } = appSession(() => ctx.server);
const SERVICE = '/pages/userPages/service';
const LOGIN = '/pages/userPages/login';

let operatorToken: string | undefined;
/** An operator call (/api/admin/…, ADMIN-TOKEN), as the console makes it; throws unless it succeeded. */
async function admin<T>(apiPath: string, body: object): Promise<T> {
  operatorToken ??= (await ctx.server.createOperator()).token;
  const res = await fetch(`${ctx.server.url}/api/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', 'ADMIN-TOKEN': operatorToken },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1) throw new Error(`${apiPath}: ${json.code} ${json.msg}`);
  return json.data;
}

type Conversation = { id: string; visitorEmail: string | null; owner: { uid: number } | null };
const openConversations = () =>
  admin<{ list: Conversation[] }>('admin/supportConversations', { status: 'open', pageSize: 100 });

/** Lines of DATA_DIR/outbox.jsonl sent to `to`, as a person reads that inbox. */
function outboxTo(to: string): { text: string }[] {
  const file = path.join(ctx.server.dataDir, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((m) => m.to === to);
}

describe('customer service', () => {
  it('shows the channels to a visitor from Login, and answers a visitor’s message by e-mail', async () => {
    await admin('admin/setSupportChannels', {
      email: 'care@nexa.example',
      telegram: 'nexa_care',
      whatsapp: '+44 7700 900123',
      chat: 'https://chat.nexa.example/live',
    });
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/h5/#${LOGIN}`);
    await page.getByTestId('login-support').click();
    await page.getByTestId('page-service').waitFor();
    await page.getByTestId('support-channels').waitFor();
    const link = (kind: string) => page.getByTestId(`support-channel-${kind}`);
    await expect(link('email').getAttribute('href')).resolves.toBe('mailto:care@nexa.example');
    await expect(link('email').getAttribute('target')).resolves.toBeNull();
    await expect(link('telegram').getAttribute('href')).resolves.toBe('https://t.me/nexa_care');
    await expect(link('whatsapp').getAttribute('href')).resolves.toBe('https://wa.me/447700900123');
    await expect(link('chat').getAttribute('href')).resolves.toBe('https://chat.nexa.example/live');
    await expect(link('chat').getAttribute('target')).resolves.toBe('_blank');

    // The form says what is missing before anything is sent.
    await page.getByTestId('support-visitor-send').click();
    await expect.poll(() => textOf(page, 'support-visitor-email-error')).toBe('Please enter a valid e-mail address');
    const email = `visitor.${Date.now()}@example.com`;
    await page.getByTestId('support-visitor-email').fill(email);
    await page.getByTestId('support-visitor-text').fill('I cannot log in <b>since yesterday</b>');
    await shot(page, 'support-visitor-dark-en');
    await page.getByTestId('support-visitor-send').click();
    await expect.poll(() => textOf(page, 'support-visitor-sent')).toContain(email);

    const conversation = (await openConversations()).list.find((c) => c.visitorEmail === email)!;
    expect(conversation.owner).toBeNull();
    await admin('admin/replySupport', { id: conversation.id, text: 'Please reset your password from the login page.' });
    const mail = outboxTo(email).at(-1)!;
    expect(mail.text).toContain('Please reset your password from the login page.');
    expect(mail.text).toContain('I cannot log in <b>since yesterday</b>');
    await context.close();
  });

  it('sends a message with an image from Mine and shows the operator’s answer live', async () => {
    const session = await registerUser('support');
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await openSignedIn(page, session, '/pages/tabbarPages/mine/index');
    await page.getByTestId('mine-row-service').click();
    await page.getByTestId('support-empty').waitFor();
    await shot(page, 'support-empty-dark-en');

    const files = mkdtempSync(path.join(tmpdir(), 'nexa-support-'));
    const png = path.join(files, 'screenshot.png');
    writeFileSync(png, TINY_PNG);
    await page.getByTestId('support-input').fill('My deposit has not arrived. <script>alert(1)</script>');
    await page.getByTestId('support-attach-input').setInputFiles(png);
    await page.getByTestId('support-attachment-preview').waitFor();
    await page.getByTestId('support-attachment-done').waitFor({ state: 'attached' });
    await page.getByTestId('support-send').click();
    const mine = page.getByTestId('support-message-user');
    await expect
      .poll(() => mine.locator('.sp-bubble__text').textContent())
      .toBe('My deposit has not arrived. <script>alert(1)</script>');
    await page.getByTestId('support-image-user').and(page.locator('[data-loaded="true"]')).waitFor();
    await expect.poll(() => page.getByTestId('support-attachment').count()).toBe(0);

    // The operator reads it (with the image) and answers; the answer appears without a reload.
    const { uid } = (await api<{ uid: number }>('user/getUserinfo', {}, session.token)) as { uid: number };
    const conversation = (await openConversations()).list.find((c) => c.owner?.uid === uid)!;
    const thread = await admin<{ list: { images: { url: string }[] }[] }>('admin/supportConversation', {
      id: conversation.id,
    });
    const image = await fetch(`${ctx.server.url}${thread.list[0]!.images[0]!.url}`, {
      headers: { 'ADMIN-TOKEN': operatorToken! },
    });
    expect(image.headers.get('content-type')).toBe('image/png');
    await admin('admin/replySupport', { id: conversation.id, text: 'Thanks, it is credited now.' });
    await expect
      .poll(() => page.getByTestId('support-message-operator').locator('.sp-bubble__text').textContent(), {
        timeout: 20_000,
      })
      .toBe('Thanks, it is credited now.');
    await shot(page, 'support-chat-dark-en');

    // Arabic, light: the same conversation reads right to left.
    await openSignedIn(page, session, SERVICE, { lang: 'ar', theme: 'light' });
    await page.getByTestId('support-message-operator').waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await page.getByTestId('support-image-user').and(page.locator('[data-loaded="true"]')).waitFor();
    await shot(page, 'support-chat-light-ar');
    await context.close();
  });
});
