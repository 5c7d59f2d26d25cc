import {
  type BankCard,
  type ChainAddressData,
  type CzRecData,
  type DepositRecord,
  type MoneyData,
  type MoneyLogsData,
  type PaymentData,
  type RechargeOptionsData,
  type TbRecData,
  type UserAddressData,
  type WithdrawalRecord,
  isChainAddress,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../ledger/index.js';
import { queryRows } from '../../platform/db.js';
import {
  ManualSource,
  TINY_PNG,
  type TestApp,
  call,
  createOperator,
  createTestApp,
  registerUser,
  until,
  uploadFile,
} from '../../testing.js';

let t: TestApp;
let operator: string;
let operator2: string;
const source = new ManualSource();
beforeAll(async () => {
  t = await createTestApp(
    { market: { source: 'sim', seed: 'funding', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    { priceSource: source, settlement: false },
  );
  operator = await createOperator(t.database.db, 'alice-op');
  operator2 = await createOperator(t.database.db, 'bob-op');
});
afterAll(() => t?.close());
// Whatever a test did, the ledger must still balance.
afterEach(async () => {
  expect(await new Ledger().violations(t.database.db)).toEqual([]);
});

let seq = 0;
const rid = () => `fund-${Date.now().toString(36)}-${++seq}`;
const TRC20 = 'TXYZopqrstuvwxyzABCDEFGHJKLMNPQRST';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

type Caller = <T = unknown>(
  path: string,
  body?: object,
  lang?: string,
) => Promise<{ code: number; msg: string; data: T }>;

async function newUser() {
  const r = await registerUser(t);
  const as: Caller = (path, body = {}, lang = 'en') => call(t.app, path, body, { TOKEN: r.token, lang });
  const id = (
    await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM users WHERE uid = ${r.user.uid}`)
  )[0]!.id;
  return { ...r, as, id };
}
type User = Awaited<ReturnType<typeof newUser>>;

const screenshot = async (u: User) => (await uploadFile(t.app, u.token, TINY_PNG)).data.name;

/** A deposit of `amount` USDT, approved by an operator: real money in the user's real spot wallet. */
async function fund(u: User, amount: string, currency = 'USDT') {
  const dep = await u.as<DepositRecord>('index/czSubmit', {
    currency,
    chain: 'ERC20',
    amount,
    screenshot: await screenshot(u),
    requestId: rid(),
  });
  expect(dep.code, dep.msg).toBe(1);
  await t.app.fundingOperations.approveDeposit(dep.data.id, { operatorId: operator, reason: null });
  return dep.data;
}

/** Basic identity verified by an operator. */
async function verify(u: User) {
  const res = await u.as('user_verification/submitIdentityVerification', {
    level: 'basic',
    country: 'DE',
    name: 'Erika Mustermann',
    idNumber: 'L01X00T47',
  });
  expect(res.code, res.msg).toBe(1);
  const { list } = await t.app.kycOperations.listVerifications({ status: 'review', page: 1, pageSize: 100 });
  const mine = list.find((v) => v.owner.userId === u.id)!;
  await t.app.kycOperations.approveVerification(mine.id, { operatorId: operator, reason: null });
}

/** Verified, withdrawal password 123456, a bound TRC20 address and bank card, `balance` USDT in real spot. */
async function withdrawer(balance = '1000') {
  const u = await newUser();
  await verify(u);
  expect((await u.as('index/withdrawalPassword', { password: '123456', password2: '123456' })).code).toBe(1);
  expect((await u.as('user/saveUserAddress', { chain: 'TRC20', address: TRC20, label: 'My wallet' })).code).toBe(1);
  const bank = await u.as('user/saveUserBank', {
    bankName: 'Example Bank',
    cardNumber: '6222 0212 3456 7894',
    userName: 'Erika Mustermann',
  });
  expect(bank.code, bank.msg).toBe(1);
  if (balance !== '0') await fund(u, balance);
  return u;
}

async function spot(u: User, currency = 'USDT') {
  const res = await u.as<MoneyData>('index/money', { wallet: 'spot' });
  const c = res.data.currencies.find((x) => x.currency === currency)!;
  return { available: c.available, frozen: c.frozen };
}

const count = async (table: string, where = sql`true`) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`,
      )
    )[0]!.n,
  );

const systemBalance = async (system: string, currency = 'USDT') =>
  (
    await queryRows<{ total: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(available), 0)::text AS total FROM ledger_accounts
          WHERE system_code = ${system} AND mode = 'real' AND currency = ${currency}`,
    )
  )[0]!.total;

const crypto = (over: object = {}) => ({
  method: 'crypto',
  currency: 'USDT',
  chain: 'TRC20',
  amount: '100',
  withdrawalPassword: '123456',
  requestId: rid(),
  ...over,
});

describe('deposits', () => {
  it('offers USDT on TRC20 and ERC20 and USDC on ERC20, each with a platform address of the right format', async () => {
    const u = await newUser();
    const opts = await u.as<RechargeOptionsData>('index/bbRecharge');
    expect(opts.data.list).toEqual([
      {
        currency: 'USDT',
        chains: [
          { chain: 'TRC20', minAmount: '10', configured: true },
          { chain: 'ERC20', minAmount: '10', configured: true },
        ],
      },
      { currency: 'USDC', chains: [{ chain: 'ERC20', minAmount: '10', configured: true }] },
    ]);
    for (const [currency, chain] of [
      ['USDT', 'TRC20'],
      ['USDT', 'ERC20'],
      ['USDC', 'ERC20'],
    ] as const) {
      const a = await u.as<ChainAddressData>('index/chainAddress', { currency, chain });
      expect(a.data).toMatchObject({ currency, chain, minAmount: '10' });
      expect(isChainAddress(chain, a.data.address)).toBe(true);
    }
    const unsupported = await u.as('index/chainAddress', { currency: 'USDC', chain: 'TRC20' });
    expect(unsupported).toMatchObject({ code: 0, msg: 'Deposits of USDC on TRC20 are not supported' });
    expect((await call(t.app, 'index/bbRecharge', {})).code).toBe(401);
  });

  it('refuses incomplete or wrong deposits with a clear message, storing nothing', async () => {
    const u = await newUser();
    const other = await newUser();
    const mine = await screenshot(u);
    const base = { currency: 'USDT', chain: 'TRC20', amount: '50', screenshot: mine, requestId: rid() };
    const before = await count('deposits');

    const noAmount = await u.as('index/czSubmit', { ...base, amount: '' });
    expect(noAmount).toMatchObject({
      code: 400,
      msg: 'Please enter recharge amount',
      data: { fields: [{ field: 'amount', reason: 'required' }] },
    });
    expect((await u.as('index/czSubmit', { ...base, amount: '' }, 'zh')).msg).toBe('请输入充值金额');
    const noCurrency = await u.as('index/czSubmit', { ...base, currency: undefined });
    expect(noCurrency).toMatchObject({ code: 400, msg: 'Please select a currency' });
    expect((await u.as('index/czSubmit', { ...base, currency: '' }, 'jp')).msg).toBe('通貨を選択してください');
    const noScreenshot = await u.as('index/czSubmit', { ...base, screenshot: '' });
    expect(noScreenshot).toMatchObject({ code: 400, msg: 'Please upload the transaction screenshot' });
    const noChain = await u.as('index/czSubmit', { ...base, chain: '' });
    expect(noChain.msg).toBe('Please select a chain');

    expect(await u.as('index/czSubmit', { ...base, amount: '9.99' })).toMatchObject({
      code: 0,
      msg: 'The minimum deposit is 10 USDT',
    });
    expect((await u.as('index/czSubmit', { ...base, amount: '9.99' }, 'ru')).msg).toBe(
      'Минимальная сумма пополнения — 10 USDT',
    );
    expect(await u.as('index/czSubmit', { ...base, amount: '10.001' })).toMatchObject({
      code: 0,
      msg: 'The amount can have at most 2 decimals',
    });
    expect(await u.as('index/czSubmit', { ...base, currency: 'BTC', chain: 'BTC' })).toMatchObject({
      code: 0,
      msg: 'Deposits of BTC on BTC are not supported',
    });
    // Someone else's screenshot, or a name that was never uploaded.
    const theirs = await screenshot(other);
    expect(await u.as('index/czSubmit', { ...base, screenshot: theirs })).toMatchObject({
      code: 400,
      data: { fields: [{ field: 'screenshot', reason: 'invalid' }] },
    });
    expect(await u.as('index/czSubmit', { ...base, screenshot: `${'a'.repeat(32)}.png` })).toMatchObject({
      code: 400,
      data: { fields: [{ field: 'screenshot', reason: 'invalid' }] },
    });
    expect(await count('deposits')).toBe(before);
    expect((await u.as<CzRecData>('index/czRec')).data.total).toBe(0);
  });

  it('records a deposit under review once per requestId, into the real account whatever the mode', async () => {
    const u = await newUser();
    await u.as('user/changeUser', { mode: 'demo' });
    const body = {
      currency: 'USDT',
      chain: 'TRC20',
      amount: '250.5',
      screenshot: await screenshot(u),
      requestId: rid(),
    };
    const first = await u.as<DepositRecord>('index/czSubmit', body);
    expect(first.code, first.msg).toBe(1);
    expect(first.data).toMatchObject({
      currency: 'USDT',
      chain: 'TRC20',
      amount: '250.50',
      status: 'review',
      reason: null,
      reviewedAt: null,
      screenshot: body.screenshot,
      screenshotUrl: `/api/common/file/${body.screenshot}`,
    });
    expect(first.data.orderNo).toMatch(/^D\d{18}$/);
    expect(isChainAddress('TRC20', first.data.address)).toBe(true);

    const again = await u.as<DepositRecord>('index/czSubmit', body);
    expect(again.data).toEqual(first.data);
    expect(await u.as('index/czSubmit', { ...body, amount: '300' })).toMatchObject({
      code: 0,
      msg: 'This request number was already used for a different request',
    });
    const rec = await u.as<CzRecData>('index/czRec');
    expect(rec.data.total).toBe(1);
    expect(rec.data.list[0]).toEqual(first.data);

    await t.app.fundingOperations.approveDeposit(first.data.id, { operatorId: operator, reason: null });
    // Still in demo mode: the demo spot wallet has nothing, the real one has the deposit.
    expect(await spot(u)).toEqual({ available: '0.00', frozen: '0.00' });
    await u.as('user/changeUser', { mode: 'real' });
    expect(await spot(u)).toEqual({ available: '250.50', frozen: '0.00' });
    const logs = await u.as<MoneyLogsData>('order/moneyLogs');
    expect(logs.data.list.map((l) => [l.type, l.wallet, l.amount])).toEqual([['deposit', 'spot', '250.50']]);
  });

  it('credits an approved deposit exactly once, however many operators approve it at once', async () => {
    const u = await newUser();
    const dep = await u.as<DepositRecord>('index/czSubmit', {
      currency: 'USDC',
      chain: 'ERC20',
      amount: '75',
      screenshot: await screenshot(u),
      requestId: rid(),
    });
    const ops = t.app.fundingOperations;
    const results = await Promise.allSettled([
      ops.approveDeposit(dep.data.id, { operatorId: operator, reason: null }),
      ops.approveDeposit(dep.data.id, { operatorId: operator2, reason: 'ok' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ key: 'review.alreadyDecided' });
    expect(await spot(u, 'USDC')).toEqual({ available: '75.00', frozen: '0.00' });
    expect(await count('audit_log', sql`entity = 'deposit' AND entity_id = ${dep.data.id}`)).toBe(1);
    await expect(ops.rejectDeposit(dep.data.id, { operatorId: operator, reason: 'late' })).rejects.toMatchObject({
      key: 'review.alreadyDecided',
    });
    expect(await spot(u, 'USDC')).toEqual({ available: '75.00', frozen: '0.00' });

    const approved = (await u.as<CzRecData>('index/czRec')).data.list[0]!;
    expect(approved).toMatchObject({ status: 'approved', amount: '75.00' });
    expect(approved.reviewedAt).not.toBeNull();
    const audit = await queryRows<{ before: { status: string }; after: { status: string }; action: string }>(
      t.database.db,
      sql`SELECT before, after, action FROM audit_log WHERE entity = 'deposit' AND entity_id = ${dep.data.id}`,
    );
    expect(audit[0]).toMatchObject({
      action: 'deposit.approve',
      before: { status: 'review' },
      after: { status: 'approved' },
    });
  });

  it('rejects a deposit with a reason the user sees, and credits nothing', async () => {
    const u = await newUser();
    const dep = await u.as<DepositRecord>('index/czSubmit', {
      currency: 'USDT',
      chain: 'ERC20',
      amount: '40',
      screenshot: await screenshot(u),
      requestId: rid(),
    });
    const listed = await t.app.fundingOperations.listDeposits({ status: 'review', page: 1, pageSize: 100 });
    const row = listed.list.find((d) => d.id === dep.data.id)!;
    expect(row.owner).toMatchObject({ userId: u.id, uid: u.user.uid, email: u.email, mobile: null });
    expect(row.screenshotUrl).toBe(`/api/admin/file/${dep.data.screenshot}`);
    const rejected = await t.app.fundingOperations.rejectDeposit(dep.data.id, {
      operatorId: operator,
      reason: 'No such transaction on chain',
    });
    expect(rejected).toMatchObject({ status: 'failed', reason: 'No such transaction on chain' });
    expect((await u.as<CzRecData>('index/czRec')).data.list[0]).toMatchObject({
      status: 'failed',
      reason: 'No such transaction on chain',
    });
    expect(await spot(u)).toEqual({ available: '0.00', frozen: '0.00' });
    await expect(
      t.app.fundingOperations.approveDeposit(dep.data.id, { operatorId: operator, reason: null }),
    ).rejects.toMatchObject({ key: 'review.alreadyDecided' });
    await expect(
      t.app.fundingOperations.approveDeposit('999999999', { operatorId: operator, reason: null }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(
      t.app.fundingOperations.approveDeposit('1; DROP TABLE deposits', { operatorId: operator, reason: null }),
    ).rejects.toMatchObject({ code: 404 });
  });

  it('shows each user only their own deposits', async () => {
    const a = await newUser();
    const b = await newUser();
    await fund(a, '20');
    expect((await a.as<CzRecData>('index/czRec')).data.total).toBe(1);
    expect((await b.as<CzRecData>('index/czRec')).data).toMatchObject({ total: 0, list: [] });
  });
});

describe('withdrawal bindings and password', () => {
  it("refuses the platform's own deposit addresses, for binding and for withdrawing", async () => {
    const u = await newUser();
    for (const [chain, address] of Object.entries(t.config.funding.depositAddresses)) {
      if (chain === 'BTC') continue;
      const bound = await u.as('user/saveUserAddress', { chain, address, label: 'My wallet' });
      expect(bound, chain).toMatchObject({ code: 400, data: { fields: [{ field: 'address', reason: 'invalid' }] } });
    }
    expect((await u.as<UserAddressData>('user/getUserAddress')).data.list).toEqual([]);
    // An address bound before it became the platform's is still never paid out to.
    const w = await withdrawer();
    const own = t.config.funding.depositAddresses.TRC20;
    await t.database.db.execute(sql`UPDATE withdrawal_addresses SET address = ${own} WHERE user_id = ${w.id}`);
    const res = await w.as('index/tbSubmit', {
      method: 'crypto',
      currency: 'USDT',
      chain: 'TRC20',
      amount: '20',
      withdrawalPassword: '123456',
      requestId: rid(),
    });
    expect(res).toMatchObject({ code: 400, data: { fields: [{ field: 'address', reason: 'invalid' }] } });
  });

  it('refuses control characters in free text with 400 on the field, not a 500', async () => {
    const u = await newUser();
    const card = { bankName: 'Example Bank', cardNumber: '6222 0212 3456 7894', userName: 'Erika Mustermann' };
    for (const field of ['bankName', 'userName'] as const) {
      const res = await u.as('user/saveUserBank', { ...card, [field]: 'Erika\u0000Mustermann' });
      expect(res, field).toMatchObject({ code: 400, data: { fields: [{ field, reason: 'invalid' }] } });
    }
    const kyc = { level: 'basic', country: 'DE', name: 'Erika Mustermann', idNumber: 'L01X00T47' };
    const res = await u.as('user_verification/submitIdentityVerification', { ...kyc, name: 'Erika\u0000' });
    expect(res).toMatchObject({ code: 400, data: { fields: [{ field: 'name', reason: 'invalid' }] } });
  });

  it('binds one address per chain, checked against the chain format, replaced on re-binding', async () => {
    const u = await newUser();
    expect(await u.as('user/saveUserAddress', { chain: 'TRC20', address: '', label: 'My wallet' })).toMatchObject({
      code: 400,
      msg: 'Please enter wallet address',
    });
    expect((await u.as('user/saveUserAddress', { chain: 'TRC20', address: '', label: 'My wallet' }, 'de')).msg).toBe(
      'Bitte Wallet-Adresse eingeben',
    );
    expect(await u.as('user/saveUserAddress', { chain: 'TRC20', address: ERC20, label: 'My wallet' })).toMatchObject({
      code: 400,
      msg: 'Wallet address is not valid',
      data: { fields: [{ field: 'address', reason: 'invalid' }] },
    });
    expect((await u.as<UserAddressData>('user/getUserAddress')).data.list).toEqual([]);

    expect((await u.as('user/saveUserAddress', { chain: 'TRC20', address: TRC20, label: 'My wallet' })).code).toBe(1);
    expect((await u.as('user/saveUserAddress', { chain: 'ERC20', address: ERC20, label: 'My wallet' })).code).toBe(1);
    const other = '0x0000000000000000000000000000000000000001';
    expect((await u.as('user/saveUserAddress', { chain: 'ERC20', address: other, label: 'My wallet' })).code).toBe(1);
    const list = (await u.as<UserAddressData>('user/getUserAddress')).data.list;
    expect(list.map((a) => [a.chain, a.address])).toEqual([
      ['ERC20', other],
      ['TRC20', TRC20],
    ]);
    const b = await newUser();
    expect((await b.as<UserAddressData>('user/getUserAddress')).data.list).toEqual([]);
  });

  it('binds a bank card, shows only its last four digits, and asks for each missing field', async () => {
    const u = await newUser();
    const card = { bankName: 'Example Bank', cardNumber: '6222 0212 3456 7894', userName: 'Erika Mustermann' };
    expect(await u.as('user/saveUserBank', { ...card, bankName: ' ' })).toMatchObject({
      code: 400,
      msg: 'Please enter bank name',
    });
    expect(await u.as('user/saveUserBank', { ...card, cardNumber: '' })).toMatchObject({
      msg: 'Please enter card number or IBAN',
    });
    expect(await u.as('user/saveUserBank', { ...card, userName: '' })).toMatchObject({ msg: 'Please enter user name' });
    expect((await u.as('user/saveUserBank', { ...card, userName: '' }, 'fr')).msg).toBe(
      'Veuillez renseigner le champ titulaire de la carte',
    );
    // Letters in a card number, a wrong Luhn or IBAN check digit: refused, never silently dropped or stored.
    for (const cardNumber of ['12ab', '6222 0212 3456 789a', '6222 0212 3456 7890', 'DE89 3704 0044 0532 0130 01']) {
      expect(await u.as('user/saveUserBank', { ...card, cardNumber }), cardNumber).toMatchObject({
        code: 400,
        msg: 'Card number or IBAN is not valid',
        data: { fields: [{ field: 'cardNumber', reason: 'invalid' }] },
      });
    }
    expect((await u.as('user/getUserBank')).data).toBeNull();

    const saved = await u.as<BankCard>('user/saveUserBank', card);
    expect(saved.data).toMatchObject({
      bankName: 'Example Bank',
      cardNumber: '**** 7894',
      userName: 'Erika Mustermann',
    });
    expect(JSON.stringify(saved)).not.toContain('62220212');
    const iban = await u.as<BankCard>('user/saveUserBank', { ...card, cardNumber: 'de89 3704 0044 0532 0130 00' });
    expect(iban.data.cardNumber).toBe('**** 3000');
    const stored = await queryRows<{ card_number: string }>(
      t.database.db,
      sql`SELECT card_number FROM bank_cards WHERE user_id = ${u.id}`,
    );
    expect(stored[0]!.card_number).toBe('DE89370400440532013000');
    await u.as('user/saveUserBank', { ...card, cardNumber: '4000123412341234' });
    expect((await u.as<BankCard>('user/getUserBank')).data.cardNumber).toBe('**** 1234');
    expect(await count('bank_cards', sql`user_id = ${u.id}`)).toBe(1);
  });

  it('sets the withdrawal password once, then changes it only with the correct old one', async () => {
    const u = await newUser();
    expect(await u.as('index/withdrawalPassword', { password: '123456', password2: '654321' })).toMatchObject({
      code: 400,
      msg: 'The passwords do not match',
    });
    expect(await u.as('index/withdrawalPassword', { password: '', password2: '' })).toMatchObject({
      code: 400,
      msg: 'Please enter password',
    });
    expect(await u.as('index/withdrawalPassword', { password: '12345a', password2: '12345a' })).toMatchObject({
      code: 400,
      data: { fields: [{ field: 'password', reason: 'invalid' }] },
    });
    expect((await u.as('index/withdrawalPassword', { password: '123456', password2: '123456' })).code).toBe(1);
    const stored = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`SELECT password_hash FROM withdrawal_passwords WHERE user_id = ${u.id}`,
    );
    expect(stored[0]!.password_hash).toMatch(/^\$argon2id\$/);

    expect(await u.as('index/withdrawalPassword', { password: '111111', password2: '111111' })).toMatchObject({
      code: 400,
      msg: 'Please enter old password',
    });
    expect(
      await u.as('index/withdrawalPassword', { oldPassword: '000000', password: '111111', password2: '111111' }),
    ).toMatchObject({ code: 0, msg: 'The old withdrawal password is incorrect. 4 attempts left.' });
    const changed = await u.as('index/withdrawalPassword', {
      oldPassword: '123456',
      password: '111111',
      password2: '111111',
    });
    expect(changed.code, changed.msg).toBe(1);
    const after = await queryRows<{ password_hash: string; failures: number }>(
      t.database.db,
      sql`SELECT password_hash, failures FROM withdrawal_passwords WHERE user_id = ${u.id}`,
    );
    expect(after[0]!.password_hash).not.toBe(stored[0]!.password_hash);
    expect(after[0]!.failures).toBe(0);
  });
});

describe('withdrawals', () => {
  it('describes what a withdrawal may be and what the user has in place', async () => {
    const u = await newUser();
    const p = (await u.as<PaymentData>('index/payment')).data;
    expect(p).toEqual({
      methods: ['crypto', 'bank'],
      currencies: [
        { currency: 'USDT', chains: ['TRC20', 'ERC20'] },
        { currency: 'USDC', chains: ['ERC20'] },
        { currency: 'BTC', chains: ['BTC'] },
        { currency: 'ETH', chains: ['ERC20'] },
      ],
      bankCurrency: 'USDT',
      minUsd: '10',
      maxUsd: '50000',
      feePercent: '1',
      dailyLimit: 5,
      usedToday: 0,
      hasWithdrawalPassword: false,
      identityVerified: false,
      bankBound: false,
      boundChains: [],
      withdrawalsFrozen: false,
    });
    const w = await withdrawer('0');
    expect((await w.as<PaymentData>('index/payment')).data).toMatchObject({
      hasWithdrawalPassword: true,
      identityVerified: true,
      bankBound: true,
      boundChains: ['TRC20'],
    });
  });

  it('meets 402, then 403, then the bindings, then succeeds and freezes amount + fee', async () => {
    const u = await newUser();
    await fund(u, '500');
    const before = await count('withdrawals');

    const unverified = await u.as('index/tbSubmit', crypto());
    expect(unverified).toMatchObject({ code: 402, msg: 'Please complete identity verification before withdrawing' });
    expect((await u.as('index/tbSubmit', crypto(), 'kr')).msg).toBe('출금하려면 먼저 신원 인증을 완료해 주세요');
    await verify(u);
    const noPassword = await u.as('index/tbSubmit', crypto());
    expect(noPassword).toMatchObject({ code: 403, msg: 'Please set a withdrawal password first' });
    await u.as('index/withdrawalPassword', { password: '123456', password2: '123456' });

    expect(await u.as('index/tbSubmit', crypto())).toMatchObject({
      code: 0,
      msg: 'No TRC20 withdrawal address is bound. Please bind one first.',
    });
    expect((await u.as('index/tbSubmit', crypto(), 'hk')).msg).toBe('尚未綁定 TRC20 提款地址，請先綁定');
    expect(await u.as('index/tbSubmit', crypto({ method: 'bank', chain: '' }))).toMatchObject({
      code: 0,
      msg: 'Please bind your bank card first',
    });
    await u.as('user/saveUserAddress', { chain: 'TRC20', address: TRC20, label: 'My wallet' });
    expect(await u.as('index/tbSubmit', crypto({ address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }))).toMatchObject({
      code: 0,
      msg: 'This is not your bound TRC20 withdrawal address',
    });
    expect(await u.as('index/tbSubmit', crypto({ withdrawalPassword: '999999' }))).toMatchObject({
      code: 0,
      msg: 'The withdrawal password is incorrect. 4 attempts left.',
    });
    expect(await u.as('index/tbSubmit', crypto({ amount: '9.99' }))).toMatchObject({
      code: 0,
      msg: 'The minimum withdrawal is 10 USD',
    });
    expect(await u.as('index/tbSubmit', crypto({ amount: '50000.01' }))).toMatchObject({
      code: 0,
      msg: 'The maximum withdrawal is 50000 USD',
    });
    expect(await u.as('index/tbSubmit', crypto({ amount: '495.1' }))).toMatchObject({
      code: 0,
      msg: 'Insufficient balance',
    });
    // Nothing of the refusals stayed behind.
    expect(await count('withdrawals')).toBe(before);
    expect(await spot(u)).toEqual({ available: '500.00', frozen: '0.00' });
    expect((await u.as<PaymentData>('index/payment')).data.usedToday).toBe(0);

    const ok = await u.as<WithdrawalRecord>('index/tbSubmit', crypto({ amount: '200' }));
    expect(ok.code, ok.msg).toBe(1);
    expect(ok.data).toMatchObject({
      method: 'crypto',
      currency: 'USDT',
      chain: 'TRC20',
      address: TRC20,
      amount: '200.00',
      fee: '2.00',
      total: '202.00',
      status: 'review',
      bankName: null,
      cardNumber: null,
    });
    expect(ok.data.orderNo).toMatch(/^W\d{18}$/);
    expect(await spot(u)).toEqual({ available: '298.00', frozen: '202.00' });
    expect((await u.as<PaymentData>('index/payment')).data.usedToday).toBe(1);
    expect((await u.as<TbRecData>('index/tbRec')).data.list).toEqual([ok.data]);
    // The amount and its fee each have their own, labelled rows.
    const logs = (await u.as<MoneyLogsData>('order/moneyLogs', { type: 'withdrawal_freeze' })).data;
    expect(logs.list.map((l) => [l.amount, l.frozenChange])).toEqual([['-200.00', '200.00']]);
    const fees = (await u.as<MoneyLogsData>('order/moneyLogs', { type: 'withdrawal_fee' })).data;
    expect(fees.list.map((l) => [l.amount, l.frozenChange])).toEqual([['-2.00', '2.00']]);
  });

  it('asks for each missing withdrawal field in the user language', async () => {
    const u = await newUser();
    expect(await u.as('index/tbSubmit', crypto({ amount: '' }))).toMatchObject({
      code: 400,
      msg: 'Please enter withdrawal amount',
    });
    expect((await u.as('index/tbSubmit', crypto({ amount: '' }), 'de')).msg).toBe('Bitte Auszahlungsbetrag eingeben');
    // The plain label where a call gives the field no narrower meaning.
    expect((await u.as('index/zySubmit', { from: 'spot', to: 'delivery', currency: 'USDT', amount: '' })).msg).toBe(
      'Please enter amount',
    );
    expect(await u.as('index/tbSubmit', crypto({ withdrawalPassword: '' }))).toMatchObject({
      code: 400,
      msg: 'Please enter withdrawal password',
    });
    expect((await u.as('index/tbSubmit', crypto({ withdrawalPassword: '' }), 'ru')).msg).toBe(
      'Введите пароль для вывода',
    );
    expect(await u.as('index/tbSubmit', crypto({ method: '' }))).toMatchObject({
      code: 400,
      msg: 'Please select a withdrawal method',
    });
    expect((await u.as('index/tbSubmit', crypto({ method: undefined }), 'sp')).msg).toBe(
      'Selecciona un método de retiro',
    );
    expect(await u.as('index/tbSubmit', crypto({ currency: '' }))).toMatchObject({ msg: 'Please select a currency' });
    expect(await u.as('index/tbSubmit', crypto({ chain: '' }))).toMatchObject({ msg: 'Please select a chain' });
    expect(await u.as('index/tbSubmit', crypto({ currency: 'USDC', chain: 'TRC20' }))).toMatchObject({
      code: 0,
      msg: 'Withdrawals of USDC on TRC20 are not supported',
    });
    expect(await u.as('index/tbSubmit', crypto({ method: 'bank', currency: 'USDC', chain: '' }))).toMatchObject({
      code: 0,
      msg: 'Bank card withdrawals are paid in USDT only',
    });
    expect(await u.as('index/tbSubmit', crypto({ amount: '10.001' }))).toMatchObject({
      code: 0,
      msg: 'The amount can have at most 2 decimals',
    });
  });

  it('pays a bank withdrawal to the bound card, showing the user only its last digits', async () => {
    const u = await withdrawer('300');
    const res = await u.as<WithdrawalRecord>('index/tbSubmit', crypto({ method: 'bank', chain: '', amount: '100' }));
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toMatchObject({
      method: 'bank',
      chain: null,
      address: null,
      bankName: 'Example Bank',
      cardNumber: '**** 7894',
      userName: 'Erika Mustermann',
      total: '101.00',
    });
    const listed = await t.app.fundingOperations.listWithdrawals({ status: 'review', page: 1, pageSize: 100 });
    // The operator pays out to the card, so sees all of it.
    expect(listed.list.find((w) => w.id === res.data.id)).toMatchObject({
      cardNumber: '6222021234567894',
      owner: { userId: u.id, uid: u.user.uid },
    });
  });

  it('values other currencies in USD at the market price for the limits', async () => {
    const u = await withdrawer('0');
    await u.as('user/saveUserAddress', {
      chain: 'BTC',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      label: 'My wallet',
    });
    const btc = (amount: string) => crypto({ currency: 'BTC', chain: 'BTC', amount });
    expect(await u.as('index/tbSubmit', btc('0.001'))).toMatchObject({
      code: 0,
      msg: 'The price of BTC is not available right now. Please try again shortly.',
    });
    source.ticks([{ symbol: 'BTCUSDT', ts: t.clock.ms, price: '60000', size: '1' }]);
    await until(() => t.app.market.usdtPrice('BTC')?.toFixed() === '60000');
    // 0.0001 BTC = 6 USD: below the minimum; 0.001 BTC = 60 USD: allowed, but there is no BTC to withdraw.
    expect(await u.as('index/tbSubmit', btc('0.0001'))).toMatchObject({ msg: 'The minimum withdrawal is 10 USD' });
    expect(await u.as('index/tbSubmit', btc('0.9'))).toMatchObject({ msg: 'The maximum withdrawal is 50000 USD' });
    expect(await u.as('index/tbSubmit', btc('0.001'))).toMatchObject({ msg: 'Insufficient balance' });
  });

  it('locks the withdrawal password after five wrong entries within 15 minutes', async () => {
    const u = await withdrawer('100');
    for (let left = 4; left >= 1; left--) {
      expect((await u.as('index/tbSubmit', crypto({ withdrawalPassword: '000000' }))).msg).toBe(
        `The withdrawal password is incorrect. ${left} attempts left.`,
      );
    }
    expect((await u.as('index/tbSubmit', crypto({ withdrawalPassword: '000000' }))).msg).toBe(
      'Too many wrong withdrawal passwords. Please try again in 15 minutes.',
    );
    // Locked: even the right password is refused, and so is changing it.
    expect((await u.as('index/tbSubmit', crypto())).msg).toBe(
      'Too many wrong withdrawal passwords. Please try again in 15 minutes.',
    );
    expect(
      (await u.as('index/withdrawalPassword', { oldPassword: '123456', password: '222222', password2: '222222' })).msg,
    ).toContain('Too many wrong withdrawal passwords');
    expect(await count('withdrawals', sql`user_id = ${u.id}`)).toBe(0);
    t.clock.advance(15 * 60_000 + 1000);
    const ok = await u.as('index/tbSubmit', crypto({ amount: '50' }));
    expect(ok.code, ok.msg).toBe(1);
  });

  it('counts wrong entries only within the 15-minute window', async () => {
    const u = await withdrawer('0');
    for (let i = 0; i < 4; i++) await u.as('index/tbSubmit', crypto({ withdrawalPassword: '000000' }));
    t.clock.advance(15 * 60_000 + 1000);
    expect((await u.as('index/tbSubmit', crypto({ withdrawalPassword: '000000' }))).msg).toBe(
      'The withdrawal password is incorrect. 4 attempts left.',
    );
  });

  it('clears counted wrong entries when the right password is given', async () => {
    const u = await withdrawer('100');
    for (let i = 0; i < 3; i++) await u.as('index/tbSubmit', crypto({ withdrawalPassword: '000000' }));
    const ok = await u.as('index/tbSubmit', crypto({ amount: '20' }));
    expect(ok.code, ok.msg).toBe(1);
    expect((await u.as('index/tbSubmit', crypto({ withdrawalPassword: '000000' }))).msg).toBe(
      'The withdrawal password is incorrect. 4 attempts left.',
    );
    // With nothing counted, a right password changes nothing and the next wrong one is the first again.
    expect((await u.as('index/tbSubmit', crypto({ amount: '20' }))).code).toBe(1);
    expect((await u.as('index/tbSubmit', crypto({ amount: '20' }))).code).toBe(1);
    expect((await u.as('index/tbSubmit', crypto({ withdrawalPassword: '000000' }))).msg).toBe(
      'The withdrawal password is incorrect. 4 attempts left.',
    );
  });

  it('allows five withdrawals a UTC day', async () => {
    const u = await withdrawer('1000');
    // Start from a known time of day, so the five never straddle midnight.
    const now = new Date(t.clock.ms);
    t.clock.ms = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1);
    for (let i = 0; i < 5; i++) {
      const r = await u.as('index/tbSubmit', crypto({ amount: '20' }));
      expect(r.code, r.msg).toBe(1);
    }
    expect(await u.as('index/tbSubmit', crypto({ amount: '20' }))).toMatchObject({
      code: 0,
      msg: 'You can withdraw at most 5 times a day. Please try again tomorrow.',
    });
    expect((await u.as<PaymentData>('index/payment')).data.usedToday).toBe(5);
    t.clock.advance(24 * 3_600_000);
    expect((await u.as<PaymentData>('index/payment')).data.usedToday).toBe(0);
    expect((await u.as('index/tbSubmit', crypto({ amount: '20' }))).code).toBe(1);
  });

  it('never overdraws nor passes five a day under 20 concurrent submissions', async () => {
    const poor = await withdrawer('350');
    const many = await Promise.all(
      Array.from({ length: 20 }, () => poor.as<WithdrawalRecord>('index/tbSubmit', crypto({ amount: '100' }))),
    );
    // 101 frozen per withdrawal: three fit in 350.
    expect(many.filter((r) => r.code === 1)).toHaveLength(3);
    expect(many.filter((r) => r.code !== 1).every((r) => r.msg === 'Insufficient balance')).toBe(true);
    expect(await spot(poor)).toEqual({ available: '47.00', frozen: '303.00' });

    const rich = await withdrawer('10000');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => rich.as<WithdrawalRecord>('index/tbSubmit', crypto({ amount: '100' }))),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(5);
    expect(new Set(results.filter((r) => r.code !== 1).map((r) => r.msg))).toEqual(
      new Set(['You can withdraw at most 5 times a day. Please try again tomorrow.']),
    );
    expect(await spot(rich)).toEqual({ available: '9495.00', frozen: '505.00' });
    expect(await count('withdrawals', sql`user_id = ${rich.id}`)).toBe(5);
  });

  it('returns the same record for a repeated requestId and moves nothing more', async () => {
    const u = await withdrawer('500');
    const body = crypto({ amount: '100' });
    const first = await u.as<WithdrawalRecord>('index/tbSubmit', body);
    const [again, concurrent] = await Promise.all([
      u.as<WithdrawalRecord>('index/tbSubmit', body),
      u.as<WithdrawalRecord>('index/tbSubmit', body),
    ]);
    expect(again.data).toEqual(first.data);
    expect(concurrent.data).toEqual(first.data);
    expect(await spot(u)).toEqual({ available: '399.00', frozen: '101.00' });
    expect(await count('withdrawals', sql`user_id = ${u.id}`)).toBe(1);
    expect(await u.as('index/tbSubmit', { ...body, amount: '120' })).toMatchObject({
      code: 0,
      msg: 'This request number was already used for a different request',
    });
    // The password is not part of the stored request: nothing about it can be read back.
    const keys = await queryRows<{ response: unknown }>(
      t.database.db,
      sql`SELECT response FROM idempotency_keys WHERE request_id = ${body.requestId}`,
    );
    expect(JSON.stringify(keys)).not.toContain('123456');
  });

  it('pays out on approval (amount to withdrawals, fee to fees) and releases on rejection', async () => {
    const u = await withdrawer('1000');
    const paid = (await u.as<WithdrawalRecord>('index/tbSubmit', crypto({ amount: '300' }))).data;
    const refused = (await u.as<WithdrawalRecord>('index/tbSubmit', crypto({ amount: '200' }))).data;
    expect(await spot(u)).toEqual({ available: '495.00', frozen: '505.00' });
    const withdrawals0 = await systemBalance('withdrawals');
    const fees0 = await systemBalance('fees');

    const ops = t.app.fundingOperations;
    const [a, b] = await Promise.allSettled([
      ops.approveWithdrawal(paid.id, { operatorId: operator, reason: null }),
      ops.approveWithdrawal(paid.id, { operatorId: operator2, reason: null }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
    expect(await spot(u)).toEqual({ available: '495.00', frozen: '202.00' });
    expect(Number(await systemBalance('withdrawals')) - Number(withdrawals0)).toBe(300);
    expect(Number(await systemBalance('fees')) - Number(fees0)).toBe(3);

    await expect(ops.rejectWithdrawal(paid.id, { operatorId: operator, reason: 'x' })).rejects.toMatchObject({
      key: 'review.alreadyDecided',
    });
    const rejected = await ops.rejectWithdrawal(refused.id, { operatorId: operator, reason: 'Address flagged' });
    expect(rejected).toMatchObject({
      status: 'failed',
      reason: 'Address flagged',
      reviewedBy: operator,
      reviewedByName: 'alice-op',
    });
    const approvedList = await ops.listWithdrawals({ status: 'approved', page: 1, pageSize: 100 });
    const winner = a.status === 'fulfilled' ? 'alice-op' : 'bob-op';
    expect(approvedList.list.find((w) => w.id === paid.id)).toMatchObject({ reviewedByName: winner });
    expect(await spot(u)).toEqual({ available: '697.00', frozen: '0.00' });
    expect(Number(await systemBalance('withdrawals')) - Number(withdrawals0)).toBe(300);

    const rec = (await u.as<TbRecData>('index/tbRec')).data.list;
    expect(rec.map((r) => [r.id, r.status, r.reason])).toEqual([
      [refused.id, 'failed', 'Address flagged'],
      [paid.id, 'approved', null],
    ]);
    expect(rec[0]).not.toHaveProperty('reviewedByName');
    const types = (await u.as<MoneyLogsData>('order/moneyLogs', { pageSize: 50 })).data.list.map((l) => l.type);
    expect(types.filter((x) => x === 'withdrawal_paid')).toHaveLength(1);
    // Both fees frozen, the approved one paid (the rejected one comes back as a refund).
    expect(types.filter((x) => x === 'withdrawal_fee')).toHaveLength(3);
    expect(types.filter((x) => x === 'withdrawal_refund')).toHaveLength(2);
    const audit = await queryRows<{ action: string; reason: string | null }>(
      t.database.db,
      sql`SELECT action, reason FROM audit_log WHERE entity = 'withdrawal' AND entity_id IN (${paid.id}, ${refused.id})
          ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'withdrawal.approve', reason: null },
      { action: 'withdrawal.reject', reason: 'Address flagged' },
    ]);
  });

  it('shows each user only their own withdrawals', async () => {
    const a = await withdrawer('100');
    const b = await newUser();
    expect((await a.as('index/tbSubmit', crypto({ amount: '50' }))).code).toBe(1);
    expect((await a.as<TbRecData>('index/tbRec')).data.total).toBe(1);
    expect((await b.as<TbRecData>('index/tbRec')).data).toMatchObject({ total: 0, list: [] });
    expect((await call(t.app, 'index/tbRec', {})).code).toBe(401);
  });
});
