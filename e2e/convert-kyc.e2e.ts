import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TINY_PNG, type TestServer, startTestServer } from '@nexa/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser.js';
import { type Prefs, type Session, appSession, textOf } from './session.js';

let server: TestServer;
let browser: Browser;
let files: string;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launch();
  files = mkdtempSync(path.join(tmpdir(), 'nexa-e2e-files-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

const { api, registerUser, openSignedIn } = appSession(() => server);
const text = textOf;

const ROUTE = {
  convert: '/pages/tabbarPages/mine/spotGoods',
  convertRecord: '/pages/tabbarPages/mine/spotGoodsRecord',
  verification: '/pages/tabbarPages/home/verification',
  primary: '/pages/tabbarPages/mine/primary',
  primary2: '/pages/tabbarPages/mine/primary2',
  settings: '/pages/tabbarPages/mine/set',
  password: '/pages/tabbarPages/mine/retrievePassword',
} as const;

/** Every screen of this file in Chinese and Arabic, dark and light, for people to look at. */
const LOOKS: Prefs[] = [
  { lang: 'zh', theme: 'dark' },
  { lang: 'zh', theme: 'light' },
  { lang: 'ar', theme: 'dark' },
  { lang: 'ar', theme: 'light' },
];

async function shootEverywhere(context: BrowserContext, session: Session, route: string, ready: string, name: string) {
  const page = await context.newPage();
  for (const prefs of LOOKS) {
    await openSignedIn(page, session, route, prefs);
    await page.getByTestId(ready).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await shot(page, `${name}-${prefs.lang}-${prefs.theme}`);
  }
  await page.close();
}

/** A call as the operator makes it (ADMIN-TOKEN header). */
async function admin<T>(path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { 'ADMIN-TOKEN': token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

let operator: { username: string; password: string } | undefined;

/** An operator (created as admin:create does) logs in over the operator API and approves the user's level. */
async function approveVerification(uid: number, level: 'basic' | 'advanced'): Promise<void> {
  operator ??= await server.createOperator();
  const { token } = await admin<{ token: string }>('admin/login', {
    username: operator.username,
    password: operator.password,
  });
  const { list } = await admin<{ list: { id: string; level: string; owner: { uid: number } }[] }>(
    'admin/verifications',
    { status: 'review', pageSize: 100 },
    token,
  );
  const mine = list.find((v) => v.owner.uid === uid && v.level === level);
  if (!mine) throw new Error(`no ${level} verification of ${uid} under review`);
  const approved = await admin<{ status: string }>('admin/approveVerification', { id: mine.id }, token);
  expect(approved.status).toBe('verified');
}

/** Counts the calls the page makes to `path`: invalid input must send nothing. */
function countCalls(page: Page, apiPath: string): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes(`/api/${apiPath}`)) n += 1;
  });
  return () => n;
}

/** The custom slippage placeholder ("Custom") of each of the 13 languages, as the app ships it. */
function customSlippageLabels(): Record<string, string> {
  const dir = path.join(import.meta.dirname, '../apps/web/src/i18n/locales');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => {
        const pack = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { convert: { custom: string } };
        return [f.replace('.json', ''), pack.convert.custom];
      }),
  );
}

/** The labels that would not fit whole in the custom slippage field, measured in its placeholder's font. */
function clippedPlaceholders(page: Page, labels: Record<string, string>) {
  return page.getByTestId('convert-slippage-custom').evaluate((el, all) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input, '::placeholder');
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return Object.entries(all)
      .filter(([, label]) => ctx.measureText(label).width > room)
      .map(([lang, label]) => `${lang}: ${label} (${Math.ceil(ctx.measureText(label).width)} > ${room} px)`);
  }, labels);
}

/** The amounts the page asks quotes for (index/sdQuote is a read: its body is the query string). */
function quotedAmounts(page: Page): () => string[] {
  const amounts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/index/sdQuote')) amounts.push(new URL(r.url()).searchParams.get('amount') ?? '');
  });
  return () => amounts;
}

/** A KYC prompt as the app ships it in `lang` (kyc.errors.<key>). */
function kycPrompt(lang: string, key: string): string {
  const file = path.join(import.meta.dirname, `../apps/web/src/i18n/locales/${lang}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { kyc: { errors: Record<string, string> } }).kyc.errors[key] ?? '';
}

/** How many toasts the page shows once a refusal's toast, if any, has had time to appear. */
async function toastsAfterRefusal(page: Page): Promise<number> {
  await page.waitForTimeout(800);
  return page.locator('.adm-toast-main').count();
}

async function spot(token: string): Promise<Record<string, string>> {
  const money = await api<{ currencies: { currency: string; available: string }[] }>(
    'index/money',
    { wallet: 'spot' },
    token,
  );
  return Object.fromEntries(money.currencies.map((c) => [c.currency, c.available]));
}

describe('convert', () => {
  it('converts demo USDT to BTC within the slippage, shows the fill, the new balances and the record', async () => {
    const session = await registerUser('convert');
    await api('user/changeUser', { mode: 'demo' }, session.token);
    await api('user/getDemoMoney', { requestId: randomUUID() }, session.token);
    const demoUser = await api('user/getUserinfo', {}, session.token);
    const demo = { token: session.token, user: demoUser };

    const context = await phone(browser);
    const page = await context.newPage();
    const submits = countCalls(page, 'index/sdSubmit');
    await openSignedIn(page, demo, ROUTE.convert);
    await page.getByTestId('convert-page').waitFor();
    await expect.poll(() => text(page, 'convert-mode')).toBe('Demo account');
    await expect.poll(() => text(page, 'convert-available')).toBe('10,000.00');
    await expect.poll(() => text(page, 'convert-rate'), { timeout: 20_000 }).toMatch(/^1 BTC ≈ [\d,]+\.\d{2} USDT$/);
    // The custom slippage field shows its placeholder whole at 390 px ("Custom", not "Cust…"), in every language.
    await expect(clippedPlaceholders(page, customSlippageLabels())).resolves.toEqual([]);

    // Spec §5 prompts, nothing sent.
    await page.getByTestId('convert-submit').click();
    await expect.poll(() => text(page, 'convert-amount-error')).toBe('Please enter amount');
    // More than the wallet holds is said as it is typed, before any submit.
    await page.getByTestId('convert-amount').fill('20000');
    await expect.poll(() => text(page, 'convert-amount-error')).toBe('Insufficient balance');
    await page.getByTestId('convert-amount').fill('200');
    await expect.poll(() => page.getByTestId('convert-amount-error').count()).toBe(0);
    await page.getByTestId('convert-amount').fill('20000');
    await page.getByTestId('convert-submit').click();
    await expect.poll(() => text(page, 'convert-amount-error')).toBe('Insufficient balance');
    await page.getByTestId('convert-max').click();
    await expect(page.getByTestId('convert-amount').inputValue()).resolves.toBe('10000.00');
    // In English a comma typed key by key (the decimal key of a comma region's keypad) is the decimal point at once,
    // and the amount quoted is the decimal it shows.
    const quoted = quotedAmounts(page);
    await page.getByTestId('convert-amount').fill('');
    await page.getByTestId('convert-amount').pressSequentially('1,');
    await expect(page.getByTestId('convert-amount').inputValue()).resolves.toBe('1.');
    await page.getByTestId('convert-amount').pressSequentially('5');
    await expect(page.getByTestId('convert-amount').inputValue()).resolves.toBe('1.5');
    await expect.poll(quoted, { timeout: 10_000 }).toContain('1.5');
    await expect.poll(() => text(page, 'convert-receive'), { timeout: 10_000 }).toMatch(/^0\.0000\d{4}$/);
    await page.getByTestId('convert-amount').fill('1000');
    await page.getByTestId('convert-slippage-custom').fill('6');
    await page.getByTestId('convert-submit').click();
    await expect.poll(() => text(page, 'convert-slippage-error')).toBe('Slippage must be between 0 and 5%');
    expect(submits()).toBe(0);

    // 1 % slippage, 1000 USDT: the receive amount follows the amount.
    await page.getByTestId('convert-slippage-1').click();
    await expect(page.getByTestId('convert-slippage-1').getAttribute('aria-pressed')).resolves.toBe('true');
    await expect.poll(() => text(page, 'convert-receive'), { timeout: 10_000 }).toMatch(/^0\.\d{8}$/);
    await expect.poll(() => text(page, 'convert-minimum')).toMatch(/^0\.\d{8} BTC$/);
    await shot(page, 'convert-filled-en-dark');

    // Outside the slippage: a rate the market no longer gives (the one sent is made 50 % better than quoted) is
    // the server's refusal, shown as its message, and nothing moves.
    await page.route('**/api/index/sdSubmit', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { rate: string };
      body.rate = (Number(body.rate) * 1.5).toFixed(18);
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByTestId('convert-submit').click();
    await page.getByTestId('convert-confirm').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent())
      .toBe('The price moved beyond your slippage of 1%. Please check the new rate and try again.');
    expect(submits()).toBe(1);
    await expect(page.getByTestId('convert-result').count()).resolves.toBe(0);
    expect((await spot(session.token)).USDT).toBe('10000.00');
    await page.unroute('**/api/index/sdSubmit');
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });

    await page.getByTestId('convert-submit').click();
    // The confirmation writes amounts with their currency's decimals, as everywhere else.
    await expect.poll(() => text(page, 'convert-confirm-pay')).toBe('1,000.00');
    await expect(text(page, 'convert-confirm-receive')).resolves.toMatch(/^0\.\d{8}$/);
    await expect(text(page, 'convert-confirm-minimum')).resolves.toMatch(/^0\.\d{8}$/);
    await page.getByTestId('convert-confirm').click();
    await page.getByTestId('convert-result').waitFor({ timeout: 15_000 });
    expect(submits()).toBe(2);
    const got = await text(page, 'convert-result-record-in');
    expect(got).toMatch(/^\+0\.\d{8}$/);
    await expect(text(page, 'convert-result-text')).resolves.toMatch(/^You got .*0\.\d{8}.* BTC at .*1 BTC = .* USDT/);
    await expect.poll(() => text(page, 'convert-available')).toBe('9,000.00');
    await expect.poll(() => text(page, 'convert-to-available')).toBe(got?.slice(1));
    await shot(page, 'convert-result-en-dark');

    // The server agrees.
    const balances = await spot(session.token);
    expect(balances.USDT).toBe('9000.00');
    expect(balances.BTC).toBe(got?.slice(1));

    // The record: both sides before → after, price and slippage.
    await page.getByTestId('convert-records').click();
    await page.getByTestId('convert-record-page').waitFor();
    await expect.poll(() => page.getByTestId('convert-record').count()).toBe(1);
    await expect(text(page, 'convert-record-out')).resolves.toBe('-1,000.00');
    await expect(text(page, 'convert-record-in')).resolves.toBe(got);
    await expect(text(page, 'convert-record-side-out')).resolves.toContain('10,000.00');
    await expect(text(page, 'convert-record-side-out')).resolves.toContain('9,000.00');
    await expect(text(page, 'convert-record-slippage')).resolves.toBe('1%');
    await expect(text(page, 'convert-record-price')).resolves.toMatch(/^1 BTC = [\d,]+\.\d+ USDT$/);
    await shot(page, 'convert-record-en-dark');

    // The real account's spot wallet was never touched.
    await api('user/changeUser', { mode: 'real' }, session.token);
    expect((await spot(session.token)).USDT).toBe('0.00');
    await api('user/changeUser', { mode: 'demo' }, session.token);

    await shootEverywhere(context, demo, ROUTE.convert, 'convert-page', 'convert');
    await shootEverywhere(context, demo, ROUTE.convertRecord, 'convert-record', 'convert-record');
    await context.close();
  });
});

describe('convert in a decimal-comma language', () => {
  it('shows the amount as typed in German ("1," then "1,5") and quotes, confirms and converts the decimal 1.5', async () => {
    const session = await registerUser('komma');
    await api('user/changeUser', { mode: 'demo' }, session.token);
    await api('user/getDemoMoney', { requestId: randomUUID() }, session.token);
    const demo = { token: session.token, user: await api('user/getUserinfo', {}, session.token) };

    const context = await phone(browser);
    const page = await context.newPage();
    const quoted = quotedAmounts(page);
    const sent: { amount: string; slippage: string }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/index/sdSubmit')) sent.push(JSON.parse(r.postData() ?? '{}'));
    });
    await openSignedIn(page, demo, ROUTE.convert, { lang: 'de', theme: 'light' });
    await page.getByTestId('convert-page').waitFor();
    await expect.poll(() => text(page, 'convert-available')).toBe('10,000.00');
    const amount = page.getByTestId('convert-amount');
    await expect(amount.getAttribute('placeholder')).resolves.toBe('Betrag');

    // Key by key, the way a phone's keypad types it: the comma stays a comma, the amount quoted is 1.5.
    await amount.pressSequentially('1,');
    await expect(amount.inputValue()).resolves.toBe('1,');
    await amount.pressSequentially('5');
    await expect(amount.inputValue()).resolves.toBe('1,5');
    await expect.poll(quoted, { timeout: 10_000 }).toContain('1.5');
    expect(quoted().every((a) => /^\d+(\.\d+)?$/.test(a))).toBe(true);
    await expect.poll(() => text(page, 'convert-receive'), { timeout: 10_000 }).toMatch(/^0\.0000\d{4}$/);
    // A point (a keypad of a point region) is the decimal mark too, shown as the comma; a second mark changes nothing.
    await amount.fill('');
    await amount.pressSequentially('2.2,5');
    await expect(amount.inputValue()).resolves.toBe('2,25');
    // Max writes the balance in the same way.
    await page.getByTestId('convert-max').click();
    await expect(amount.inputValue()).resolves.toBe('10000,00');
    await amount.fill('');
    await amount.pressSequentially('1,5');
    await page.getByTestId('convert-slippage-custom').pressSequentially('0,7');
    await expect(page.getByTestId('convert-slippage-custom').inputValue()).resolves.toBe('0,7');
    await shot(page, 'convert-comma-de-light');

    await page.getByTestId('convert-submit').click();
    await expect.poll(() => text(page, 'convert-confirm-pay')).toBe('1.50');
    await page.getByTestId('convert-confirm').click();
    await page.getByTestId('convert-result').waitFor({ timeout: 15_000 });
    expect(sent.map(({ amount, slippage }) => ({ amount, slippage }))).toEqual([{ amount: '1.5', slippage: '0.7' }]);
    expect((await spot(session.token)).USDT).toBe('9998.50');
    await context.close();
  });
});

describe('identity verification', () => {
  // Two reviews, two photo uploads and five screens: about 50 s on an idle machine, so it gets more than the default.
  it(
    'submits basic, is approved by an operator, then advanced for that identity with two different photos',
    { timeout: 180_000 },
    async () => {
      const session = await registerUser('kyc');
      const uid = (session.user as { uid: number }).uid;
      const context = await phone(browser);
      const page = await context.newPage();
      const submits = countCalls(page, 'user_verification/submitIdentityVerification');

      await openSignedIn(page, session, ROUTE.verification);
      await page.getByTestId('verification-page').waitFor();
      await expect.poll(() => text(page, 'kyc-basic-status')).toBe('Not verified');
      await expect(page.getByTestId('kyc-advanced-start').isDisabled()).resolves.toBe(true);
      await shot(page, 'verification-unverified-en-dark');

      // Basic: every prompt first, nothing sent.
      await page.getByTestId('kyc-basic-start').click();
      await page.getByTestId('primary-page').waitFor();
      await page.getByTestId('kyc-submit').click();
      await expect.poll(() => text(page, 'kyc-country-error')).toBe('Please select country or region');
      await expect(text(page, 'kyc-name-error')).resolves.toBe('Please enter name');
      await expect(text(page, 'kyc-id-number-error')).resolves.toBe('Please enter ID number');
      await page.getByTestId('kyc-id-number').fill('x');
      await page.getByTestId('kyc-submit').click();
      await expect
        .poll(() => text(page, 'kyc-id-number-error'))
        .toBe('The ID number has 4 to 32 letters, digits or hyphens');
      expect(submits()).toBe(0);
      await shot(page, 'primary-errors-en-dark');

      await page.getByTestId('kyc-country').click();
      await page.getByTestId('kyc-country-search').fill('germ');
      await page.getByTestId('kyc-country-option-DE').click();
      await expect(page.getByTestId('kyc-country').getAttribute('data-value')).resolves.toBe('DE');
      await expect(text(page, 'kyc-country')).resolves.toContain('Germany');
      // A name pasted with a tab in it passes the form's checks; the server refuses it, and the form says why once:
      // under the name (not "at most 100 characters"), not again in a toast.
      await page.getByTestId('kyc-name').fill('Erika\tMustermann');
      await page.getByTestId('kyc-id-number').fill('T22000129');
      await page.getByTestId('kyc-submit').click();
      await expect
        .poll(() => text(page, 'kyc-name-error'))
        .toBe('The name contains a character that cannot be used, such as a tab');
      expect(submits()).toBe(1);
      expect(await toastsAfterRefusal(page)).toBe(0);
      await shot(page, 'primary-refused-name-en-dark');

      // A refusal no field of the form says (here the network) is still a toast.
      const submitCall = '**/api/user_verification/submitIdentityVerification';
      await context.route(submitCall, (route) => route.abort('internetdisconnected'));
      await page.getByTestId('kyc-name').fill('Erika Mustermann');
      await expect(page.getByTestId('kyc-name-error').count()).resolves.toBe(0);
      await page.getByTestId('kyc-submit').click();
      await expect
        .poll(() => page.locator('.adm-toast-main').textContent(), { timeout: 10_000 })
        .toBe('Network error, please check your connection');
      await context.unroute(submitCall);
      await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
      expect(submits()).toBe(2);
      await page.getByTestId('kyc-submit').click();

      // Under review on the status page; the operator approves; the page shows it without a reload.
      await page.getByTestId('verification-page').waitFor();
      await expect.poll(() => text(page, 'kyc-basic-status')).toBe('Under review');
      expect(submits()).toBe(3);
      await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
      await shot(page, 'verification-review-en-dark');
      await approveVerification(uid, 'basic');
      await expect.poll(() => text(page, 'kyc-basic-status'), { timeout: 15_000 }).toBe('Verified');
      await expect(page.getByTestId('kyc-advanced-start').isDisabled()).resolves.toBe(false);

      // Advanced: for the verified basic identity, shown read only (the ID number masked); only the new details asked.
      await page.getByTestId('kyc-advanced-start').click();
      await page.getByTestId('primary2-page').waitFor();
      await expect.poll(() => text(page, 'kyc-identity-country')).toBe('Germany');
      await expect(page.getByTestId('kyc-identity-country').getAttribute('data-value')).resolves.toBe('DE');
      await expect(text(page, 'kyc-identity-name')).resolves.toBe('Erika Mustermann');
      await expect(text(page, 'kyc-identity-id-number')).resolves.toBe('****0129');
      for (const input of ['kyc-country', 'kyc-name', 'kyc-id-number']) {
        await expect(page.getByTestId(input).count(), input).resolves.toBe(0);
      }
      await page.getByTestId('kyc-submit').click();
      await expect.poll(() => text(page, 'kyc-address-error')).toBe('Please enter address');
      await expect(text(page, 'kyc-city-error')).resolves.toBe('Please enter city');
      await expect(text(page, 'kyc-front-error')).resolves.toBe('Please upload the front of your ID');
      await expect(text(page, 'kyc-back-error')).resolves.toBe('Please upload the back of your ID');
      const notImage = path.join(files, 'notes.txt');
      writeFileSync(notImage, 'not an image');
      const uploads = countCalls(page, 'common/upload');
      await page.getByTestId('kyc-front-input').setInputFiles(notImage);
      await expect.poll(() => text(page, 'kyc-front-error')).toBe('Please choose an image (PNG, JPEG, WebP or GIF)');
      // Named like an image, it is still text: told apart by its content as the server does, before any upload.
      const namedPng = path.join(files, 'notes.png');
      writeFileSync(namedPng, 'not an image either');
      await page.getByTestId('kyc-back-input').setInputFiles(namedPng);
      await expect.poll(() => text(page, 'kyc-back-error')).toBe('Please choose an image (PNG, JPEG, WebP or GIF)');
      expect(uploads()).toBe(0);
      expect(await toastsAfterRefusal(page)).toBe(0);
      expect(submits()).toBe(3);

      // What only the server finds (here: bytes that are no image by the time they arrive) is said under the photo
      // too, in its words and the user's language, and not again in a toast.
      const garbled = path.join(files, 'garbled.png');
      writeFileSync(garbled, TINY_PNG);
      // (Chromium does not hand a file's body to the route: the request goes on with another one, as a client whose
      // own check was bypassed would send it.)
      await page.route('**/api/common/upload', async (route) => {
        const boundary = 'nexa-e2e-boundary';
        const body =
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="garbled.png"\r\n` +
          `Content-Type: image/png\r\n\r\nnot an image by now\r\n--${boundary}--\r\n`;
        const headers = { ...route.request().headers(), 'content-type': `multipart/form-data; boundary=${boundary}` };
        await route.continue({ postData: body, headers });
      });
      await page.getByTestId('kyc-front-input').setInputFiles(garbled);
      await expect
        .poll(() => text(page, 'kyc-front-error'))
        .toBe('Only images can be uploaded (PNG, JPEG, WebP or GIF)');
      await expect(page.getByTestId('kyc-front').getAttribute('data-state')).resolves.toBe('empty');
      expect(uploads()).toBe(1);
      expect(await toastsAfterRefusal(page)).toBe(0);
      await page.unroute('**/api/common/upload');

      // One picture chosen for both sides: the server refuses it on the back photo, nothing is stored.
      const png = path.join(files, 'id.png');
      writeFileSync(png, TINY_PNG);
      await page.getByTestId('kyc-front-input').setInputFiles(png);
      await page.getByTestId('kyc-back-input').setInputFiles(png);
      await expect.poll(() => page.getByTestId('kyc-front').getAttribute('data-state')).toBe('done');
      await expect.poll(() => page.getByTestId('kyc-back').getAttribute('data-state')).toBe('done');
      await page.getByTestId('kyc-address').fill('Heidestraße 17');
      await page.getByTestId('kyc-city').fill('Köln');
      const sent = page.waitForRequest((r) => r.url().includes('/api/user_verification/submitIdentityVerification'));
      await page.getByTestId('kyc-submit').click();
      // The app sends only what is new: the server takes country, name and ID number from the basic record.
      const body = JSON.parse((await sent).postData() ?? '{}') as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['address', 'backImage', 'city', 'frontImage', 'level']);
      await expect
        .poll(() => text(page, 'kyc-back-error'))
        .toBe('This is the same picture as the front. Please upload a photo of the back of your ID');
      expect(submits()).toBe(4);
      // Said once: under the back photo, not again in a toast.
      expect(await toastsAfterRefusal(page)).toBe(0);
      await page.getByTestId('kyc-back-error').scrollIntoViewIfNeeded();
      await shot(page, 'primary2-same-photo-en-dark');
      expect(
        (await api<{ advanced: { status: string } }>('user_verification/getUserVerification', {}, session.token))
          .advanced.status,
      ).toBe('unverified');

      const back = path.join(files, 'id-back.png');
      writeFileSync(back, Buffer.concat([TINY_PNG, Buffer.from('back of the card')]));
      await page.getByTestId('kyc-back-input').setInputFiles(back);
      await expect.poll(() => page.getByTestId('kyc-back-error').count()).toBe(0);
      await expect.poll(() => page.getByTestId('kyc-back').getAttribute('data-state')).toBe('done');
      await page.getByTestId('kyc-address').fill('Heidestraße 17');
      await page.getByTestId('kyc-city').fill('Köln');
      await page.getByTestId('kyc-city').blur();
      await page.waitForTimeout(300); // the fields' border transitions
      await shot(page, 'primary2-filled-en-dark');
      await page.getByTestId('kyc-submit').click();

      await page.getByTestId('verification-page').waitFor();
      await expect.poll(() => text(page, 'kyc-advanced-status')).toBe('Under review');
      // Basic done, advanced pending: the headline says how far, not that the identity is verified.
      await expect(text(page, 'kyc-summary')).resolves.toBe('Basic verification complete');
      await approveVerification(uid, 'advanced');
      await expect.poll(() => text(page, 'kyc-advanced-status'), { timeout: 15_000 }).toBe('Verified');
      await expect(page.getByTestId('kyc-summary').getAttribute('data-verified')).resolves.toBe('true');
      await expect.poll(() => text(page, 'kyc-summary')).toBe('Your identity is verified');
      await shot(page, 'verification-verified-en-dark');

      await shootEverywhere(context, session, ROUTE.verification, 'kyc-advanced', 'verification');
      // The forms as a new user sees them.
      const fresh = await registerUser('kyc2');
      await shootEverywhere(context, fresh, ROUTE.primary, 'kyc-submit', 'primary');
      await shootEverywhere(context, fresh, ROUTE.primary2, 'kyc-notice', 'primary2-locked');
      // Both levels' refusals in Arabic: the server's reason under the field, in the user's language, no toast.
      const ar = await context.newPage();
      await openSignedIn(ar, fresh, ROUTE.primary, { lang: 'ar', theme: 'dark' });
      await ar.getByTestId('kyc-country').click();
      await ar.getByTestId('kyc-country-search').fill('FR');
      await ar.getByTestId('kyc-country-option-FR').click();
      // Typed text reads in its own direction, the empty field's placeholder on the page's side (dir="auto" put an
      // empty ID number's Arabic placeholder on the left).
      const bidi = (id: string) =>
        ar.getByTestId(id).evaluate((el) => [getComputedStyle(el).unicodeBidi, el.getAttribute('dir')]);
      expect(await bidi('kyc-id-number')).toEqual(['plaintext', null]);
      await ar.getByTestId('kyc-name').fill('Jean\tDupont');
      await ar.getByTestId('kyc-id-number').fill('FR-88231');
      await ar.getByTestId('kyc-submit').click();
      await expect.poll(() => text(ar, 'kyc-name-error')).toBe(kycPrompt('ar', 'nameInvalid'));
      expect(await toastsAfterRefusal(ar)).toBe(0);
      await shot(ar, 'primary-refused-name-ar-dark');
      await api(
        'user_verification/submitIdentityVerification',
        { level: 'basic', country: 'FR', name: 'Jean Dupont', idNumber: 'FR-88231' },
        fresh.token,
      );
      await approveVerification((fresh.user as { uid: number }).uid, 'basic');
      await openSignedIn(ar, fresh, ROUTE.primary2, { lang: 'ar', theme: 'dark' });
      await ar.getByTestId('kyc-front-input').setInputFiles(png);
      await ar.getByTestId('kyc-back-input').setInputFiles(png);
      await expect.poll(() => ar.getByTestId('kyc-front').getAttribute('data-state')).toBe('done');
      await expect.poll(() => ar.getByTestId('kyc-back').getAttribute('data-state')).toBe('done');
      await ar.getByTestId('kyc-address').fill('12 rue de Rivoli');
      // A Latin address in an Arabic form reads in its own order ('rue de Rivoli 12' before).
      expect(await bidi('kyc-address')).toEqual(['plaintext', null]);
      await ar.getByTestId('kyc-city').fill('Paris');
      await ar.getByTestId('kyc-submit').click();
      await expect.poll(() => text(ar, 'kyc-back-error')).toBe(kycPrompt('ar', 'backSame'));
      expect(await toastsAfterRefusal(ar)).toBe(0);
      await ar.getByTestId('kyc-back-error').scrollIntoViewIfNeeded();
      await shot(ar, 'primary2-same-photo-ar-dark');
      await ar.close();
      await shootEverywhere(context, fresh, ROUTE.primary2, 'kyc-submit', 'primary2');
      await context.close();
    },
  );
});

describe('change login password', () => {
  it('changes it in the UI: the old password stops working, other sessions end, this one stays', async () => {
    const session = await registerUser('password');
    const email = (session.user as { email: string }).email;
    const oldPassword = 'password-pass-1';
    const newPassword = 'brand-new-pass-2';
    const other = await api<{ token: string }>('user/login', { type: 'email', email, password: oldPassword });

    const context = await phone(browser);
    const page = await context.newPage();
    const calls = countCalls(page, 'index/resetPassword');
    await openSignedIn(page, session, ROUTE.settings);
    await page.getByTestId('settings-password').click();
    await page.getByTestId('password-page').waitFor();

    await page.getByTestId('password-submit').click();
    await expect.poll(() => text(page, 'password-old-error')).toBe('Please enter old password');
    await expect(text(page, 'password-new-error')).resolves.toBe('Please enter new password');
    await expect(text(page, 'password-new2-error')).resolves.toBe('Please enter password again');
    await page.getByTestId('password-old').fill(oldPassword);
    await page.getByTestId('password-new').fill(newPassword);
    await page.getByTestId('password-new2').fill(`${newPassword}x`);
    await page.getByTestId('password-submit').click();
    await expect.poll(() => text(page, 'password-new2-error')).toBe('The passwords do not match');
    expect(calls()).toBe(0);
    await shot(page, 'password-errors-en-dark');

    // A wrong old password is the server's refusal, shown as its message.
    await page.getByTestId('password-old').fill('not-my-password');
    await page.getByTestId('password-new2').fill(newPassword);
    await page.getByTestId('password-submit').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBeTruthy();
    expect(calls()).toBe(1);
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });

    await page.getByTestId('password-old').fill(oldPassword);
    await page.getByTestId('password-submit').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent())
      .toBe('Password changed. Other devices have been logged out.');
    await page.getByTestId('settings-page').waitFor();

    // The old password no longer logs in, the new one does; the other session is gone, this one is not.
    await expect(api('user/login', { type: 'email', email, password: oldPassword })).rejects.toThrow();
    await expect(api('user/login', { type: 'email', email, password: newPassword })).resolves.toBeTruthy();
    await expect(api('user/getUserinfo', {}, other.token)).rejects.toThrow(/401/);
    await expect(api('user/getUserinfo', {}, session.token)).resolves.toBeTruthy();
    await page.reload();
    await page.getByTestId('settings-page').waitFor();

    await shootEverywhere(context, session, ROUTE.password, 'password-submit', 'password');
    await context.close();
  });
});
