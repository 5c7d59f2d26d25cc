import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { type TestServer, startTestServer } from '@nexa/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser.js';
import {
  approveUnderReview,
  callApi,
  submitDeposit as submitRealDeposit,
  verifiedIdentity as verifyIdentity,
} from './real-money.js';
import { type Session, appSession, textOf } from './session.js';

let server: TestServer;
let browser: Browser;
let operatorToken: string;
beforeAll(async () => {
  // The journeys withdraw right after binding: no waiting time here (the whitelist step below has its own server).
  server = await startTestServer({ funding: { addressDelayHours: 0 } });
  browser = await launch();
  operatorToken = (await server.createOperator()).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const { api, registerUser, openSignedIn } = appSession(() => server);
const text = textOf;
/** A record's time as every record list shows it: to the second. */
const RECORD_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const ROUTE = {
  mine: '/pages/tabbarPages/mine/index',
  detail: '/pages/tabbarPages/mine/assetsDetail',
  recharge: '/pages/tabbarPages/mine/recharge',
  recharge3: '/pages/tabbarPages/mine/recharge3',
  rechargeRecord: '/pages/tabbarPages/mine/rechargeRecord',
  withdrawal: '/pages/tabbarPages/mine/withdrawal',
  withdrawalRecord: '/pages/tabbarPages/mine/withdrawalRecord',
  bindAddress: '/pages/tabbarPages/mine/bindWithdrawalAddress',
  saveBank: '/pages/tabbarPages/mine/saveBank',
  withdrawalPassword: '/pages/tabbarPages/mine/withdwawalPassword',
  verification: '/pages/tabbarPages/home/verification',
  changes: '/pages/tabbarPages/mine/changeRecord',
} as const;

/** A valid TRC20 address (base58, 34 characters, starting with T). */
const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** A real PNG (stripes of colour, so a preview or thumbnail shows something), encoded here with zlib. */
function stripesPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const colours = [
    [31, 209, 165],
    [59, 130, 246],
    [240, 185, 11],
    [246, 70, 93],
  ];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(colours[Math.floor((x + y) / 24) % colours.length] as number[], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG_BYTES = stripesPng(120, 160);
const files = mkdtempSync(path.join(tmpdir(), 'nexa-funding-e2e-'));
const PNG_FILE = path.join(files, 'transfer-proof.png');
const TEXT_FILE = path.join(files, 'notes.txt');
writeFileSync(PNG_FILE, PNG_BYTES);
writeFileSync(TEXT_FILE, 'not an image');

/** An operator call (/api/admin/…, ADMIN-TOKEN); throws unless the envelope says success. */
const admin = <T>(apiPath: string, body: object) =>
  callApi<T>(server, `admin/${apiPath}`, body, { 'ADMIN-TOKEN': operatorToken });
const approve = (kind: 'Deposit' | 'Verification', uid: number) => approveUnderReview(server, operatorToken, kind, uid);
const submitDeposit = (token: string, amount: string) => submitRealDeposit(server, token, amount, PNG_BYTES);

/** Funds the real spot wallet as a user would: upload a screenshot, submit a deposit, an operator approves it. */
async function fundedUser(tag: string, amount: string): Promise<Session & { uid: number }> {
  const session = await registerUser(tag);
  const deposit = await submitDeposit(session.token, amount);
  await admin('approveDeposit', { id: deposit.id });
  return { ...session, uid: (session.user as { uid: number }).uid };
}

const verifiedIdentity = (session: Session & { uid: number }) =>
  verifyIdentity(server, session.token, session.uid, operatorToken);

const toast = (page: Page) => page.locator('.adm-toast-main').textContent();

describe('funding: deposit and withdrawal screens', () => {
  it('deposits USDT over TRC20 with a screenshot; an operator approves; the balance shows', async () => {
    const context = await phone(browser);
    const page = await context.newPage();
    const session = await registerUser('deposit');
    const uid = (session.user as { uid: number }).uid;
    await openSignedIn(page, session, ROUTE.mine);

    // Assets → Deposit: currency and network.
    await page.getByTestId('assets-action-deposit').click();
    await page.getByTestId('recharge-page').waitFor();
    await page.getByTestId('recharge-currency-USDT').click();
    await page.getByTestId('recharge-chain-TRC20').click();
    await expect(page.getByTestId('recharge-chain-TRC20').getAttribute('aria-pressed')).resolves.toBe('true');
    await shot(page, 'recharge-dark-en');
    await page.getByTestId('recharge-next').click();

    // The platform's address, as index/chainAddress gives it, with its QR code.
    await page.getByTestId('recharge3-page').waitFor();
    const target = await api<{ address: string; minAmount: string }>(
      'index/chainAddress',
      { currency: 'USDT', chain: 'TRC20' },
      session.token,
    );
    await expect.poll(() => text(page, 'deposit-address')).toBe(target.address);
    await expect.poll(() => page.getByTestId('deposit-qr').getAttribute('data-ready')).toBe('true');
    await expect(text(page, 'deposit-chain')).resolves.toBe('TRC20');

    // Nothing is sent for missing or wrong input.
    let submits = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/index/czSubmit')) submits += 1;
    });
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => text(page, 'deposit-amount-error')).toBe('Please enter recharge amount');
    await expect(text(page, 'deposit-screenshot-error')).resolves.toBe('Please upload the transaction screenshot');
    await page.getByTestId('deposit-amount').fill('5');
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => text(page, 'deposit-amount-error')).toBe(`The minimum is ${target.minAmount} USDT`);
    await page.getByTestId('deposit-screenshot-input').setInputFiles(TEXT_FILE);
    await expect
      .poll(() => text(page, 'deposit-screenshot-error'))
      .toBe('Please choose an image (PNG, JPG, WebP or GIF)');
    expect(submits).toBe(0);
    // Named and typed as a PNG but not one: the server refuses its content, and the tile is empty again (no
    // broken picture), ready for another pick.
    await page
      .getByTestId('deposit-screenshot-input')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await expect.poll(() => page.getByTestId('deposit-screenshot').getAttribute('data-status')).toBe('failed');
    await expect.poll(() => text(page, 'deposit-screenshot-error')).toMatch(/image/i);
    expect(await page.getByTestId('deposit-screenshot-preview').count()).toBe(0);
    await expect(text(page, 'deposit-screenshot')).resolves.toBe('Upload screenshot');

    // The screenshot: previewed and uploaded.
    await page.getByTestId('deposit-screenshot-input').setInputFiles(PNG_FILE);
    await expect.poll(() => page.getByTestId('deposit-screenshot').getAttribute('data-status')).toBe('done');
    await page.getByTestId('deposit-screenshot-preview').waitFor();
    await page.getByTestId('deposit-amount').fill('250');
    await shot(page, 'recharge3-dark-en');

    // The submit's answer is lost: the app looks up what became of it (by its requestId), finds it recorded, and
    // goes on as if the answer had come; nothing is sent twice.
    const requestIds: string[] = [];
    let loseAnswer = true;
    await page.route('**/api/index/czSubmit', async (route) => {
      requestIds.push(JSON.parse(route.request().postData() ?? '{}').requestId);
      if (loseAnswer) {
        loseAnswer = false;
        await route.fetch();
        await route.abort('failed');
        return;
      }
      await route.continue();
    });
    await page.getByTestId('deposit-submit').click();

    // Under review in the deposit records, with its screenshot.
    await page.getByTestId('recharge-record-page').waitFor();
    expect(requestIds).toHaveLength(1);
    await expect.poll(() => page.getByTestId('deposit-record').count()).toBe(1);
    const record = page.getByTestId('deposit-record');
    await expect(record.getAttribute('data-status')).resolves.toBe('review');
    const row = (await record.textContent()) ?? '';
    for (const part of ['USDT', 'TRC20', 'Under review', '250', target.address]) expect(row).toContain(part);
    // To the second, as every other record list.
    await expect(text(page, 'deposit-record-time')).resolves.toMatch(RECORD_TIME);
    await expect.poll(() => page.getByTestId('deposit-record-thumb').getAttribute('data-loaded')).toBe('true');
    await shot(page, 'recharge-record-review-dark-en');
    // The screenshot opens full screen; the browser's back button closes it with the page.
    await page.getByTestId('deposit-record-thumb').click();
    await page.locator('.adm-image-viewer-content').waitFor();
    await page.goBack();
    await page.getByTestId('recharge-record-page').waitFor({ state: 'detached' });
    await page.locator('.adm-image-viewer-content').waitFor({ state: 'detached' });
    await page.goForward();
    await page.getByTestId('recharge-record-page').waitFor();

    // An operator approves it over the API: the open record list says so by itself (the decision's message reads it
    // again), and the spot wallet holds the money.
    await approve('Deposit', uid);
    await expect
      .poll(() => page.getByTestId('deposit-record').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('approved');
    await expect(text(page, 'deposit-record-status')).resolves.toBe('Approved');
    await page.goto(`${server.url}/h5/#${ROUTE.mine}`);
    await expect.poll(() => text(page, 'assets-wallet-spot')).toContain('250.00');
    await expect.poll(() => text(page, 'assets-total')).toBe('$250.00');
    await shot(page, 'assets-after-deposit-dark-en');
    await context.close();
  });

  it('withdraws: asks for verification, the password and an address before confirming, keeps the form, then succeeds', async () => {
    const session = await fundedUser('withdraw', '1000');
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, session, ROUTE.mine);
    await page.getByTestId('assets-action-withdraw').click();
    await page.getByTestId('withdrawal-page').waitFor();

    // What the page shows before anything is done: the real spot balance, the unbound address, the notice.
    await expect.poll(() => text(page, 'withdraw-available')).toBe('1,000.00 USDT');
    await expect(page.getByTestId('withdraw-address').getAttribute('data-bound')).resolves.toBe('false');
    await expect(text(page, 'withdraw-address')).resolves.toContain('Not bound, bind first');
    await expect(text(page, 'withdraw-notice-limits')).resolves.toBe(
      'Each withdrawal is worth at least 10 USD and at most 50,000 USD.',
    );
    await expect(text(page, 'withdraw-notice-daily')).resolves.toBe('At most 5 withdrawals a day; used today: 0.');
    await page.getByTestId('withdraw-verify-prompt').waitFor();

    // All: the most whose amount + 1 % fee fits.
    await page.getByTestId('withdraw-all').click();
    await expect(page.getByTestId('withdraw-amount').inputValue()).resolves.toBe('990.09');
    await expect(text(page, 'withdraw-fee')).resolves.toBe('9.91 USDT');
    await expect(text(page, 'withdraw-total')).resolves.toBe('1,000.00 USDT');
    await page.getByTestId('withdraw-amount').fill('100');
    await expect(text(page, 'withdraw-fee')).resolves.toBe('1.00 USDT');
    await expect(text(page, 'withdraw-receive')).resolves.toBe('100.00 USDT');
    await expect(text(page, 'withdraw-total')).resolves.toBe('101.00 USDT');
    await shot(page, 'withdrawal-unverified-dark-en');

    // Nothing in place yet: the confirm does not open; the page says what is missing, with the way to each fix.
    await page.getByTestId('withdraw-password').fill('123456');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-prereq').waitFor();
    for (const missing of ['verification', 'password', 'address']) {
      await page.getByTestId(`withdraw-prereq-${missing}`).waitFor();
    }
    await expect(text(page, 'withdraw-prereq-address')).resolves.toBe('No TRC20 withdrawal address is bound');
    await expect(page.getByTestId('withdraw-confirm').count()).resolves.toBe(0);
    await shot(page, 'withdrawal-prereq-dark-en');
    await page.getByTestId('withdraw-prereq-go-verification').click();
    await page.getByTestId('verification-page').waitFor();

    // Verified meanwhile (approved by an operator). Back on the withdrawal page the form is as the user left it
    // (never the password), and only what is still missing is asked for.
    await verifiedIdentity(session);
    await page.goBack();
    await page.getByTestId('withdrawal-page').waitFor();
    await expect.poll(() => page.getByTestId('withdraw-amount').inputValue()).toBe('100');
    await expect(page.getByTestId('withdraw-password').inputValue()).resolves.toBe('');
    await expect.poll(() => page.getByTestId('withdraw-verify-prompt').count()).toBe(0);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-prereq-password').waitFor();
    await expect(page.getByTestId('withdraw-prereq-verification').count()).resolves.toBe(0);
    await page.getByTestId('withdraw-prereq-go-password').click();
    await page.getByTestId('withdrawal-password-page').waitFor();

    // The password, entered twice, in the UI.
    await page.getByTestId('withdrawal-password-new').fill('246810');
    await page.getByTestId('withdrawal-password-again').fill('246811');
    await page.getByTestId('withdrawal-password-submit').click();
    await expect.poll(() => text(page, 'withdrawal-password-again-error')).toBe('The passwords do not match');
    await shot(page, 'withdrawal-password-dark-en');
    await page.getByTestId('withdrawal-password-again').fill('246810');
    await page.getByTestId('withdrawal-password-submit').click();
    await expect.poll(() => toast(page)).toBe('Withdrawal password saved');
    await page.getByTestId('withdrawal-page').waitFor();
    await expect.poll(() => page.getByTestId('withdraw-password-unset').count()).toBe(0);
    await expect.poll(() => page.getByTestId('withdraw-amount').inputValue()).toBe('100');

    // The address, bound in the UI from the prompt, checked against the chain's format first.
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-prereq-address').waitFor();
    await expect(page.getByTestId('withdraw-prereq-password').count()).resolves.toBe(0);
    await page.getByTestId('withdraw-prereq-go-address').click();
    await page.getByTestId('bind-address-page').waitFor();
    await expect(page.getByTestId('bind-chain-TRC20').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByTestId('bind-address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await page.getByTestId('bind-address-submit').click();
    await expect.poll(() => text(page, 'bind-address-error')).toBe('This is not a valid TRC20 address');
    await expect(text(page, 'bind-address-label-error')).resolves.toBe('Please enter a label');
    await page.getByTestId('bind-address').fill(TRON_ADDRESS);
    await page.getByTestId('bind-address-label').fill('Cold wallet');
    await shot(page, 'bind-address-dark-en');
    await page.getByTestId('bind-address-submit').click();
    await page.getByTestId('withdrawal-page').waitFor();
    await expect.poll(() => page.getByTestId('withdraw-address').getAttribute('data-bound')).toBe('true');
    await expect(text(page, 'withdraw-address')).resolves.toBe(`Cold wallet${TRON_ADDRESS}`);
    await expect(page.getByTestId('bound-pending-TRC20').count()).resolves.toBe(0);
    await expect(page.getByTestId('withdraw-amount').inputValue()).resolves.toBe('100');

    // With everything in place, input errors are caught here, nothing sent.
    await page.getByTestId('withdraw-amount').fill('');
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => text(page, 'withdraw-amount-error')).toBe('Please enter withdrawal amount');
    await expect(text(page, 'withdraw-password-error')).resolves.toBe('Please enter withdrawal password');
    await page.getByTestId('withdraw-amount').fill('5');
    await page.getByTestId('withdraw-password').fill('12');
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => text(page, 'withdraw-amount-error')).toBe('The minimum per withdrawal is 10 USD');
    await expect(text(page, 'withdraw-password-error')).resolves.toBe('The withdrawal password has 6 digits');
    await page.getByTestId('withdraw-amount').fill('995');
    await page.getByTestId('withdraw-submit').click();
    await expect
      .poll(() => text(page, 'withdraw-amount-error'))
      .toBe('Insufficient balance for the amount plus the fee');

    // Now it goes through: under review in the records, amount + fee frozen in the real spot wallet.
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-password').fill('246810');
    await shot(page, 'withdrawal-ready-dark-en');
    await page.getByTestId('withdraw-submit').click();
    // The confirmation says where the money goes: the network and the whole address, under its label (the picture
    // after the dialog's opening animation).
    await expect.poll(() => text(page, 'withdraw-confirm-chain')).toBe('TRC20');
    await expect(text(page, 'withdraw-confirm-address')).resolves.toBe(`Cold wallet${TRON_ADDRESS}`);
    await page.waitForTimeout(400);
    await shot(page, 'withdrawal-confirm-dark-en');
    await page.getByTestId('withdraw-confirm').click();
    await page.getByTestId('withdrawal-record-page').waitFor();
    await expect.poll(() => page.getByTestId('withdrawal-record').count()).toBe(1);
    const record = page.getByTestId('withdrawal-record');
    await expect(record.getAttribute('data-status')).resolves.toBe('review');
    const row = (await record.textContent()) ?? '';
    for (const part of ['USDT', 'TRC20', 'Under review', '100', '1', TRON_ADDRESS]) expect(row).toContain(part);
    await expect(text(page, 'withdrawal-record-fee')).resolves.toContain('1');
    await expect(text(page, 'withdrawal-record-time')).resolves.toMatch(RECORD_TIME);
    await shot(page, 'withdrawal-record-dark-en');

    await page.goto(`${server.url}/h5/#${ROUTE.detail}?wallet=spot`);
    const usdt = page.getByTestId('detail-currency-USDT');
    await expect.poll(() => usdt.textContent()).toContain('899.00');
    await expect(usdt.textContent()).resolves.toContain('101.00');
    await shot(page, 'detail-frozen-dark-en');
    // Its account changes are holds: the available balance goes down, the frozen amount up by as much, each said
    // apart, and "Available after" is what the available figures add up to.
    const held = page.locator('[data-testid="change-item"][data-type="withdrawal_freeze"]');
    await expect.poll(() => held.getByTestId('change-available').textContent()).toBe('-100.00 USDT');
    await expect(held.getByTestId('change-frozen').textContent()).resolves.toBe('Frozen +100.00 USDT');
    await expect(held.getByTestId('change-available-after').textContent()).resolves.toBe('Available after 900.00');
    const fee = page.locator('[data-testid="change-item"][data-type="withdrawal_fee"]');
    await expect(fee.getByTestId('change-available').textContent()).resolves.toBe('-1.00 USDT');
    await expect(fee.getByTestId('change-frozen').textContent()).resolves.toBe('Frozen +1.00 USDT');
    await expect(fee.getByTestId('change-available-after').textContent()).resolves.toBe('Available after 899.00');

    // The withdrawal page counts today's withdrawal, and starts empty: the kept form went with the submit.
    await page.goto(`${server.url}/h5/#${ROUTE.withdrawal}`);
    await expect.poll(() => text(page, 'withdraw-notice-daily')).toContain('1');
    await expect(page.getByTestId('withdraw-amount').inputValue()).resolves.toBe('');
    await expect.poll(() => text(page, 'withdraw-notice-daily')).toBe('At most 5 withdrawals a day; used today: 1.');
    await expect.poll(() => text(page, 'withdraw-available')).toBe('899.00 USDT');
    await context.close();
  });

  it('binds a bank card in the UI and shows it masked', async () => {
    const session = await registerUser('bank');
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, session, ROUTE.withdrawal);
    await page.getByTestId('withdraw-method-bank').click();
    await expect.poll(() => text(page, 'withdraw-card')).toContain('Bind your bank card first');
    await page.getByTestId('withdraw-card-bind').click();
    await page.getByTestId('save-bank-page').waitFor();
    await page.getByTestId('bank-submit').click();
    await expect.poll(() => text(page, 'bank-name-error')).toBe('Please enter bank name');
    await expect(text(page, 'bank-card-number-input-error')).resolves.toBe('Please enter card number or IBAN');
    await expect(text(page, 'bank-user-name-error')).resolves.toBe('Please enter user name');
    await page.getByTestId('bank-name').fill('First Example Bank');
    await page.getByTestId('bank-card-number-input').fill('6222 0212 3456 7894');
    await page.getByTestId('bank-user-name').fill('Alex Doe');
    await page.getByTestId('bank-submit').click();
    await page.getByTestId('withdrawal-page').waitFor();
    await page.getByTestId('withdraw-method-bank').click();
    await expect.poll(() => page.getByTestId('withdraw-card').getAttribute('data-bound')).toBe('true');
    const card = (await text(page, 'withdraw-card')) ?? '';
    expect(card).toContain('First Example Bank');
    expect(card).toContain('7894');
    expect(card).not.toContain('62220212');
    await page.goto(`${server.url}/h5/#${ROUTE.saveBank}`);
    await expect.poll(() => text(page, 'bank-card-number')).toContain('7894');
    await expect(text(page, 'bank-card-number')).resolves.not.toContain('0212');
    await context.close();
  });

  it('paused by an operator: the withdrawal page says so before the form is filled, the message centre tells it, a credit too', async () => {
    const session = await fundedUser('paused', '300');
    const found = await admin<{ list: { userId: string }[] }>('users', { q: String(session.uid) });
    const userId = found.list[0]!.userId;
    await admin('userFreeze', { userId, what: 'withdrawals', frozen: true, reason: 'chargeback under review' });
    const proposed = await admin<{ id: string }>('proposeAdjustment', {
      requestId: randomUUID(),
      uid: session.uid,
      wallet: 'spot',
      mode: 'real',
      currency: 'USDT',
      amount: '1250',
      reason: 'Outage refund',
    });
    const second = await server.createOperator(`second-${randomUUID().slice(0, 8)}`);
    await callApi(server, 'admin/approveAdjustment', { id: proposed.id }, { 'ADMIN-TOKEN': second.token });

    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, session, ROUTE.withdrawal);
    await page.getByTestId('withdraw-paused').waitFor();
    await expect(text(page, 'withdraw-paused')).resolves.toContain('Withdrawals from your account are paused');
    await expect(page.getByTestId('withdraw-submit').isDisabled()).resolves.toBe(true);
    await shot(page, 'withdrawal-paused-dark-en');
    await page.goto(`${server.url}/h5/#/pages/tabbarPages/mine/messages`);
    await page.getByTestId('messages-page').waitFor();
    const cards = page.getByTestId('message-card');
    await expect
      .poll(async () => (await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).slice(0, 2))
      .toEqual(['balance.adjusted', 'withdrawals.frozen']);
    await expect(cards.first().getByTestId('message-body').textContent()).resolves.toBe(
      'Your Spot wallet (Real account) was adjusted by +1,250.00 USDT. Reason: Outage refund.',
    );
    // The pause's message leads to customer service.
    await cards.nth(1).click();
    await page.waitForURL(/userPages\/service/);
    await admin('userFreeze', { userId, what: 'withdrawals', frozen: false, reason: 'cleared' });
    await page.goto(`${server.url}/h5/#${ROUTE.withdrawal}`);
    await expect.poll(() => text(page, 'withdraw-available')).toBe('1,550.00 USDT');
    await expect(page.getByTestId('withdraw-paused').count()).resolves.toBe(0);
    await expect(page.getByTestId('withdraw-submit').isDisabled()).resolves.toBe(false);
    await context.close();
  });

  it('in the demo account says deposits and withdrawals concern the real account', async () => {
    const session = await fundedUser('demo', '500');
    await api('user/changeUser', { mode: 'demo' }, session.token);
    const user = await api('user/getUserinfo', {}, session.token);
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, { token: session.token, user }, ROUTE.withdrawal);
    await page.getByTestId('funding-demo-notice').waitFor();
    await expect(text(page, 'funding-demo-notice')).resolves.toBe(
      'You are in the demo account. Withdrawals are always paid from the spot wallet of your real account.',
    );
    // index/money answers for the demo account: the real balance is not shown as if it were the demo one.
    await expect.poll(() => text(page, 'withdraw-available')).toBe('Switch to the real account to see it');
    await expect(page.getByTestId('withdraw-all').isDisabled()).resolves.toBe(true);
    await shot(page, 'withdrawal-demo-dark-en');
    await page.goto(`${server.url}/h5/#${ROUTE.recharge}`);
    await expect
      .poll(() => text(page, 'funding-demo-notice'))
      .toBe('You are in the demo account. Deposits are always credited to the spot wallet of your real account.');
    await context.close();
  });

  describe('a newly bound address waits (production delay, 24 h)', () => {
    let waiting: TestServer;
    const w = appSession(() => waiting);
    beforeAll(async () => {
      waiting = await startTestServer();
    });
    afterAll(() => waiting?.close());

    it('says from when it can be used on the address list, the withdrawal page and before the confirm (ar, dark)', async () => {
      const session = await w.registerUser('waiting');
      await w.api('index/withdrawalPassword', { password: '135790', password2: '135790' }, session.token);
      const context = await phone(browser);
      const page = await context.newPage();
      await w.openSignedIn(page, session, `${ROUTE.bindAddress}?chain=TRC20`, { lang: 'ar', theme: 'dark' });
      await page.getByTestId('bind-address-page').waitFor();
      await page.getByTestId('bind-address').fill(TRON_ADDRESS);
      await page.getByTestId('bind-address-label').fill('محفظتي');
      await page.getByTestId('bind-address-submit').click();
      await page.getByTestId('withdrawal-page').waitFor();
      await expect.poll(() => text(page, 'bound-pending-TRC20')).toContain('متاح اعتبارًا من');
      await expect(text(page, 'bound-label-TRC20')).resolves.toBe('محفظتي');
      await page.getByTestId('withdraw-amount').fill('20');
      await page.getByTestId('withdraw-password').fill('135790');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-prereq-addressPending').waitFor();
      await expect(text(page, 'withdraw-prereq-addressPending')).resolves.toContain('TRC20');
      await expect(page.getByTestId('withdraw-prereq-go-addressPending').count()).resolves.toBe(0);
      await expect(page.getByTestId('withdraw-confirm').count()).resolves.toBe(0);
      await shot(page, 'withdrawal-address-waiting-dark-ar');
      await page.getByTestId('withdraw-prereq-cancel').click();
      await page.goto(`${waiting.url}/h5/#${ROUTE.bindAddress}`);
      await expect.poll(() => text(page, 'bound-addresses')).toContain('محفظتي');
      await expect(text(page, 'bound-pending-TRC20')).resolves.toContain('متاح اعتبارًا من');
      await page.waitForTimeout(250);
      await shot(page, 'bind-address-waiting-dark-ar');
      await context.close();
    });
  });

  describe('every funding screen in zh and ar, dark and light', () => {
    let token: string;
    let user: unknown;
    beforeAll(async () => {
      // A user with something on every screen: verified, a password, an address and a card bound, and records in
      // every status.
      const session = await fundedUser('screens', '1000');
      token = session.token;
      await verifiedIdentity(session);
      await api('index/withdrawalPassword', { password: '135790', password2: '135790' }, token);
      await api('user/saveUserAddress', { chain: 'TRC20', address: TRON_ADDRESS, label: 'My wallet' }, token);
      await api(
        'user/saveUserBank',
        { bankName: 'First Example Bank', cardNumber: '6222021234567894', userName: 'Alex Doe' },
        token,
      );
      const withdraw = (amount: string) =>
        api<{ id: string }>(
          'index/tbSubmit',
          {
            method: 'crypto',
            currency: 'USDT',
            chain: 'TRC20',
            amount,
            withdrawalPassword: '135790',
            requestId: randomUUID(),
          },
          token,
        );
      // Every status on the record lists: a refused one (with its reason), one under review, one approved.
      const refusedWithdrawal = await withdraw('50');
      await admin('rejectWithdrawal', { id: refusedWithdrawal.id, reason: 'Address flagged by compliance' });
      await withdraw('120');
      const refusedDeposit = await submitDeposit(token, '300');
      await admin('rejectDeposit', { id: refusedDeposit.id, reason: 'The transaction was not found on chain' });
      await submitDeposit(token, '75.5');
      user = await api('user/getUserinfo', {}, token);
    });

    const screens: { name: string; path: string; ready: string }[] = [
      { name: 'recharge', path: ROUTE.recharge, ready: 'recharge-chain-TRC20' },
      { name: 'recharge3', path: `${ROUTE.recharge3}?currency=USDT&chain=TRC20`, ready: 'deposit-address' },
      { name: 'recharge-record', path: ROUTE.rechargeRecord, ready: 'deposit-record' },
      { name: 'withdrawal', path: ROUTE.withdrawal, ready: 'withdraw-notice' },
      { name: 'withdrawal-record', path: ROUTE.withdrawalRecord, ready: 'withdrawal-record' },
      { name: 'bind-address', path: `${ROUTE.bindAddress}?chain=TRC20`, ready: 'bound-address-TRC20' },
      { name: 'save-bank', path: ROUTE.saveBank, ready: 'bank-card' },
      { name: 'withdrawal-password', path: ROUTE.withdrawalPassword, ready: 'withdrawal-password-old' },
      // The holds of both withdrawals and the release of the refused one.
      { name: 'changes', path: ROUTE.changes, ready: 'change-frozen' },
    ];

    it.each([
      ['zh', 'dark'],
      ['zh', 'light'],
      ['ar', 'dark'],
      ['ar', 'light'],
    ] as const)('%s, %s', async (lang, theme) => {
      const context = await phone(browser);
      const page = await context.newPage();
      await openSignedIn(page, { token, user }, ROUTE.mine, { lang, theme });
      for (const screen of screens) {
        await page.goto(`${server.url}/h5/#${screen.path}`);
        await page
          .getByTestId(screen.ready)
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(async (error: unknown) => {
            // What was on screen instead (CI once timed out here on its first screen, a case not seen locally).
            const url = page.url();
            const onScreen = (
              await page
                .locator('body')
                .innerText()
                .catch(() => '')
            ).slice(0, 400);
            throw new Error(
              `${screen.name} (${lang}, ${theme}) did not show ${screen.ready} at ${url}, showing: ${onScreen}: ${String(error)}`,
            );
          });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.lang))
          .toBe(lang === 'zh' ? 'zh-CN' : 'ar');
        if (screen.name === 'recharge3') {
          await expect.poll(() => page.getByTestId('deposit-qr').getAttribute('data-ready')).toBe('true');
        }
        if (screen.name === 'withdrawal') {
          await expect.poll(() => text(page, 'withdraw-available')).toContain('878.80');
        }
        if (screen.name === 'recharge-record') {
          await expect
            .poll(() => page.getByTestId('deposit-record-thumb').first().getAttribute('data-loaded'))
            .toBe('true');
        }
        // Let skeletons and the page transition settle before the picture.
        await page.waitForTimeout(250);
        await shot(page, `${screen.name}-${theme}-${lang}`);
      }
      // The prompts for the input the user left out, in the user's language.
      await page.goto(`${server.url}/h5/#${ROUTE.withdrawal}`);
      await page.getByTestId('withdraw-submit').click();
      const prompts = {
        zh: ['请输入提现金额', '请输入提现密码'],
        ar: ['يرجى إدخال مبلغ السحب', 'يرجى إدخال كلمة مرور السحب'],
      }[lang];
      await expect.poll(() => text(page, 'withdraw-amount-error')).toBe(prompts[0]);
      await expect(text(page, 'withdraw-password-error')).resolves.toBe(prompts[1]);
      await shot(page, `withdrawal-errors-${theme}-${lang}`);
      // To the bound card: the confirmation names the bank and the card, masked, before anything is sent.
      await page.getByTestId('withdraw-method-bank').click();
      await expect.poll(() => page.getByTestId('withdraw-card').getAttribute('data-bound')).toBe('true');
      await page.getByTestId('withdraw-amount').fill('20');
      await page.getByTestId('withdraw-password').fill('135790');
      await page.getByTestId('withdraw-submit').click();
      await expect.poll(() => text(page, 'withdraw-confirm-card')).toBe('First Example Bank**** 7894');
      // The dialog's opening animation ends before the picture.
      await page.waitForTimeout(400);
      await shot(page, `withdrawal-confirm-bank-${theme}-${lang}`);
      await page.getByTestId('withdraw-cancel').click();
      await context.close();
    });
  });
});
