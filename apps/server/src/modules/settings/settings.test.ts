import type { Adjustment, AdminProduct, Setting, SettingsData } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../ledger/index.js';
import { type TestApp, call, createTestApp, loginOperator, registerUser, until } from '../../testing.js';

let t: TestApp;
let admin: string;
let adminName: string;
let secondName: string;
let second: string;
const asOp = <T = unknown>(token: string, path: string, body: object = {}) =>
  call<T>(t.app, path, body, { 'ADMIN-TOKEN': token });
const fields = (res: { data: unknown }) =>
  ((res.data as { fields?: { field: string }[] } | null)?.fields ?? []).map((f) => f.field);
let seq = 0;
const rid = () => `req-${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ token: admin, username: adminName } = await loginOperator(t));
  ({ token: second, username: secondName } = await loginOperator(t));
}, 60_000);
afterAll(() => t?.close());

describe('settings', () => {
  it('start from the environment, are audited with before and after, and apply to the next call', async () => {
    const list = await asOp<SettingsData>(admin, 'admin/settings');
    expect(list.code).toBe(1);
    const withdrawal = list.data.list.find((s) => s.key === 'withdrawal')!;
    expect(withdrawal.value).toEqual({ minUsd: '10', maxUsd: '50000', feePercent: '1', dailyLimit: 5 });
    expect(withdrawal.updatedBy).toBeNull();

    const value = { minUsd: '20', maxUsd: '40000', feePercent: '2.5', dailyLimit: 3 };
    const res = await asOp<Setting>(admin, 'admin/updateSetting', { key: 'withdrawal', value, reason: 'new fee' });
    expect(res.code).toBe(1);
    expect(res.data.version).toBe(withdrawal.version + 1);
    // Who changed it, by id and by the name the console shows.
    expect(res.data.updatedByName).toBe(adminName);
    const listed = (await asOp<SettingsData>(admin, 'admin/settings')).data.list.find((s) => s.key === 'withdrawal')!;
    expect([listed.updatedBy, listed.updatedByName]).toEqual([res.data.updatedBy, adminName]);

    const u = await registerUser(t);
    const quote = await u.as<{ minUsd: string; maxUsd: string; feePercent: string; dailyLimit: number }>(
      'index/payment',
    );
    expect(quote.data).toMatchObject({ feePercent: '2.5', dailyLimit: 3 });
    expect(Number(quote.data.minUsd)).toBe(20);

    const audit = await asOp<{ list: { action: string; before: unknown; after: unknown; reason: string }[] }>(
      admin,
      'admin/auditLog',
      { entity: 'setting', entityId: 'withdrawal' },
    );
    expect(audit.data.list[0]).toMatchObject({ action: 'setting.update', after: value, reason: 'new fee' });
    expect(audit.data.list[0]!.before).toEqual(withdrawal.value);
  });

  it('refuse bad and unsafe values, naming the field', async () => {
    const cases: [object, string][] = [
      [{ key: 'withdrawal', value: { minUsd: 'x', maxUsd: '1', feePercent: '1', dailyLimit: 1 } }, 'value.minUsd'],
      [{ key: 'withdrawal', value: { minUsd: '100', maxUsd: '50', feePercent: '1', dailyLimit: 1 } }, 'value.maxUsd'],
      // A minimum above the maximum: both are at fault, and both are named for the form to mark.
      [
        { key: 'withdrawal', value: { minUsd: '60000', maxUsd: '50000', feePercent: '1', dailyLimit: 1 } },
        'value.minUsd',
      ],
      [{ key: 'withdrawal', value: { minUsd: '0', maxUsd: '50', feePercent: '1', dailyLimit: 1 } }, 'value.minUsd'],
      [
        { key: 'withdrawal', value: { minUsd: '1', maxUsd: '50', feePercent: '100', dailyLimit: 1 } },
        'value.feePercent',
      ],
      [{ key: 'withdrawal', value: { minUsd: '1', maxUsd: '50', feePercent: '1', dailyLimit: 0 } }, 'value.dailyLimit'],
      [{ key: 'deposit', value: { options: [], addresses: {} } }, 'value.options'],
      [
        {
          key: 'deposit',
          value: { options: [{ currency: 'USDT', chains: [{ chain: 'TRC20', minAmount: '0' }] }], addresses: {} },
        },
        'value.options.0.chains.0.minAmount',
      ],
      [
        {
          key: 'deposit',
          value: {
            options: [{ currency: 'USDT', chains: [{ chain: 'TRC20', minAmount: '5' }] }],
            addresses: { ERC20: 'TNexa' },
          },
        },
        'value.addresses.ERC20',
      ],
      [{ key: 'registration', value: { inviteCodeRequired: 'yes' } }, 'value.inviteCodeRequired'],
      [{ key: 'demo', value: { amount: '0' } }, 'value.amount'],
      [{ key: 'demo', value: { amount: '1.234' } }, 'value.amount'],
      [{ key: 'nope', value: {} }, 'key'],
    ];
    for (const [body, field] of cases) {
      const res = await asOp(admin, 'admin/updateSetting', body);
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(fields(res), JSON.stringify(body)).toContain(field);
    }
    const stale = await asOp(admin, 'admin/updateSetting', { key: 'demo', value: { amount: '500' }, version: 99 });
    expect(stale.code).toBe(0);
    expect((await asOp(admin, 'admin/settings')).code).toBe(1);
    expect((await call(t.app, 'admin/settings', {})).code).toBe(401);
  });

  it('the invitation switch, deposit options and demo amount are read live', async () => {
    await asOp(admin, 'admin/updateSetting', { key: 'registration', value: { inviteCodeRequired: true } });
    expect((await call<{ required: boolean }>(t.app, 'index/getInviteCodeSwitch')).data.required).toBe(true);
    await asOp(admin, 'admin/updateSetting', { key: 'registration', value: { inviteCodeRequired: false } });

    const deposit = {
      options: [{ currency: 'USDC', chains: [{ chain: 'ERC20', minAmount: '7' }] }],
      addresses: { ERC20: '0x4e6578615465737444657073697445524332307a' },
    };
    expect((await asOp(admin, 'admin/updateSetting', { key: 'deposit', value: deposit })).code).toBe(1);
    const u = await registerUser(t);
    const options = await u.as<{ list: { currency: string; chains: { minAmount: string }[] }[] }>('index/bbRecharge');
    expect(options.data.list).toEqual([
      { currency: 'USDC', chains: [{ chain: 'ERC20', minAmount: '7', configured: true }] },
    ]);

    await asOp(admin, 'admin/updateSetting', { key: 'demo', value: { amount: '1234.5' } });
    await u.as('user/changeUser', { mode: 'demo' });
    const claim = await u.as<{ amount: string }>('user/getDemoMoney', { requestId: rid() });
    expect(Number(claim.data.amount)).toBe(1234.5);
  });
});

describe('products', () => {
  it('enable, perpetual terms and periods change the live catalogue, audited', async () => {
    const list = await asOp<{ list: AdminProduct[] }>(admin, 'admin/products');
    const btc = list.data.list.find((p) => p.symbol === 'BTCUSDT')!;
    const off = await asOp<AdminProduct>(admin, 'admin/updateProduct', { symbol: 'BTCUSDT', enabled: false });
    expect(off.data.enabled).toBe(false);
    const info = await call<{ enabled: boolean }>(t.app, 'product/getProductInfo', { symbol: 'BTCUSDT' });
    expect(info.data.enabled).toBe(false);
    const terms = await asOp<AdminProduct>(admin, 'admin/updateProduct', {
      symbol: 'BTCUSDT',
      enabled: true,
      maxLeverage: 50,
      feeRate: '0.001',
    });
    expect(terms.data).toMatchObject({
      enabled: true,
      maxLeverage: 50,
      feeRate: '0.001',
      contractSize: btc.contractSize,
    });
    const periods = [{ seconds: 120, yield: '0.75', minStake: '5', maxStake: '500' }];
    const set = await asOp<AdminProduct>(admin, 'admin/setDeliveryPeriods', { symbol: 'BTCUSDT', periods });
    expect(set.data.periods).toEqual([{ seconds: 120, yield: '0.75', minStake: '5', maxStake: '500' }]);
    const audit = await asOp<{ list: { action: string }[] }>(admin, 'admin/auditLog', {
      entity: 'product',
      entityId: 'BTCUSDT',
    });
    expect(audit.data.list.map((e) => e.action)).toEqual(['product.periods', 'product.update', 'product.update']);
  });

  it('refuse unsafe values, naming the field', async () => {
    const p = (periods: object[]) => ({ symbol: 'ETHUSDT', periods });
    const ok = { seconds: 60, yield: '0.8', minStake: '10', maxStake: '100' };
    const cases: [string, object, string][] = [
      ['admin/setDeliveryPeriods', p([{ ...ok, yield: '0' }]), 'periods.0.yield'],
      ['admin/setDeliveryPeriods', p([{ ...ok, yield: '5' }]), 'periods.0.yield'],
      ['admin/setDeliveryPeriods', p([{ ...ok, yield: '-1' }]), 'periods.0.yield'],
      ['admin/setDeliveryPeriods', p([{ ...ok, minStake: '200' }]), 'periods.0.maxStake'],
      ['admin/setDeliveryPeriods', p([{ ...ok, minStake: '0' }]), 'periods.0.minStake'],
      ['admin/setDeliveryPeriods', p([ok, ok]), 'periods.1.seconds'],
      ['admin/setDeliveryPeriods', p([{ ...ok, seconds: 0 }]), 'periods.0.seconds'],
      ['admin/setDeliveryPeriods', p([]), 'periods'],
      ['admin/updateProduct', { symbol: 'ETHUSDT', maxLeverage: 0 }, 'maxLeverage'],
      ['admin/updateProduct', { symbol: 'ETHUSDT', maxLeverage: 201 }, 'maxLeverage'],
      ['admin/updateProduct', { symbol: 'ETHUSDT', contractSize: '0' }, 'contractSize'],
      ['admin/updateProduct', { symbol: 'ETHUSDT', feeRate: '0.5' }, 'feeRate'],
      ['admin/updateProduct', { symbol: 'ETHUSDT', feeRate: '0.005', maxLeverage: 200 }, 'maxLeverage'],
      ['admin/updateProduct', { symbol: 'ETHUSDT', enabled: 'no' }, 'enabled'],
    ];
    for (const [path, body, field] of cases) {
      const res = await asOp(admin, path, body);
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(fields(res), JSON.stringify(body)).toContain(field);
    }
    expect((await asOp(admin, 'admin/updateProduct', { symbol: 'NOPE1', enabled: false })).code).toBe(404);
  });
});

describe('balance adjustments (four eyes)', () => {
  it('a second operator approves: one ledger posting of type adjustment; the proposer cannot approve', async () => {
    const u = await registerUser(t);
    const body = {
      requestId: rid(),
      uid: u.user.uid,
      wallet: 'spot',
      mode: 'real',
      currency: 'USDT',
      amount: '125.5',
      reason: 'goodwill credit',
    };
    const proposed = await asOp<Adjustment>(admin, 'admin/proposeAdjustment', body);
    expect(proposed.data).toMatchObject({ status: 'pending', amount: '125.50', proposedByName: adminName });
    // The same requestId: the same proposal; a different input under it: refused.
    expect((await asOp<Adjustment>(admin, 'admin/proposeAdjustment', body)).data.id).toBe(proposed.data.id);
    expect((await asOp(admin, 'admin/proposeAdjustment', { ...body, amount: '1' })).code).toBe(0);

    const own = await asOp(admin, 'admin/approveAdjustment', { id: proposed.data.id });
    expect(own.code).toBe(0);
    expect(own.msg).toMatch(/another operator/);
    expect((await asOp(admin, 'admin/rejectAdjustment', { id: proposed.data.id, reason: 'no' })).code).toBe(0);

    const results = await Promise.all(
      Array.from({ length: 20 }, () => asOp<Adjustment>(second, 'admin/approveAdjustment', { id: proposed.data.id })),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.find((r) => r.code === 1)!.data).toMatchObject({
      proposedByName: adminName,
      decidedByName: secondName,
    });
    expect(results.filter((r) => r.code !== 1).every((r) => r.code === 0)).toBe(true);
    const logs = await u.as<{ list: { type: string; amount: string }[] }>('user/getUserMoneyLog', { wallet: 'spot' });
    const adjustments = logs.data.list.filter((l) => l.type === 'adjustment');
    expect(adjustments).toHaveLength(1);
    expect(Number(adjustments[0]!.amount)).toBe(125.5);
    expect(await new Ledger().violations(t.database.db)).toEqual([]);
    // The user is told once, in the approval's transaction: the signed amount, the wallet and the proposal's reason.
    const messages = await u.as<{ list: { kind: string; params: object; link: string | null }[] }>('message/list');
    expect(messages.data.list.map(({ kind, params, link }) => ({ kind, params, link }))).toEqual([
      {
        kind: 'balance.adjusted',
        params: { amount: '+125.50', currency: 'USDT', wallet: 'spot', mode: 'real', reason: 'goodwill credit' },
        link: '/pages/tabbarPages/mine/changeRecord',
      },
    ]);
  });

  it('never takes a user below zero; a rejection moves nothing; bad input names the field', async () => {
    const u = await registerUser(t);
    const debit = {
      requestId: rid(),
      uid: u.user.uid,
      wallet: 'spot',
      mode: 'real',
      currency: 'USDT',
      amount: '-10',
      reason: 'reverse a credit',
    };
    // More than the wallet holds: refused when proposed, on the amount, rather than accepted and never approvable.
    const tooMuch = await asOp(admin, 'admin/proposeAdjustment', debit);
    expect(tooMuch).toMatchObject({ code: 400, msg: 'Amount is more than the available balance' });
    expect(fields(tooMuch)).toEqual(['amount']);
    expect((await asOp<{ total: number }>(admin, 'admin/adjustments', { status: 'pending' })).data.total).toBe(0);

    const credit = await asOp<Adjustment>(admin, 'admin/proposeAdjustment', {
      ...debit,
      requestId: rid(),
      amount: '10',
    });
    expect((await asOp(second, 'admin/approveAdjustment', { id: credit.data.id })).code).toBe(1);
    // The list names the user as the review queues do (not by uid alone).
    expect(credit.data).toMatchObject({ uid: u.user.uid, email: u.email, mobile: null });
    // Two debits of all of it: each fits when proposed; the second is refused on approval (the balance fell since).
    const first = { ...debit, requestId: rid() };
    const proposed = await asOp<Adjustment>(admin, 'admin/proposeAdjustment', first);
    const again = await asOp<Adjustment>(admin, 'admin/proposeAdjustment', { ...debit, requestId: rid() });
    expect([proposed.code, again.code]).toEqual([1, 1]);
    expect((await asOp(second, 'admin/approveAdjustment', { id: again.data.id })).code).toBe(1);
    // Retried after the balance fell: the same proposal, not a refusal.
    const retried = await asOp<Adjustment>(admin, 'admin/proposeAdjustment', first);
    expect(retried.data.id).toBe(proposed.data.id);
    const refused = await asOp(second, 'admin/approveAdjustment', { id: proposed.data.id });
    expect(refused.code).toBe(0);
    expect(refused.msg).toBe('Insufficient balance');
    const rejected = await asOp<Adjustment>(second, 'admin/rejectAdjustment', {
      id: proposed.data.id,
      reason: 'empty',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', transferId: null });
    expect((await asOp(second, 'admin/approveAdjustment', { id: proposed.data.id })).code).toBe(0);

    const cases: [object, string][] = [
      [{ amount: '0' }, 'amount'],
      [{ amount: 'ten' }, 'amount'],
      [{ amount: '1.001' }, 'amount'],
      [{ wallet: 'delivery', currency: 'BTC' }, 'currency'],
      [{ wallet: 'bank' }, 'wallet'],
      [{ mode: 'paper' }, 'mode'],
      [{ uid: 999999999 }, 'uid'],
      [{ reason: '' }, 'reason'],
      [{ requestId: 'x' }, 'requestId'],
    ];
    for (const [patch, field] of cases) {
      const res = await asOp(admin, 'admin/proposeAdjustment', { ...debit, requestId: rid(), ...patch });
      expect(res.code, JSON.stringify(patch)).toBe(400);
      expect(fields(res), JSON.stringify(patch)).toContain(field);
    }
    const page = await asOp<{ list: Adjustment[]; total: number }>(admin, 'admin/adjustments', { status: 'rejected' });
    expect(page.data.list.some((a) => a.id === proposed.data.id)).toBe(true);
    expect(await new Ledger().violations(t.database.db)).toEqual([]);
  });
});

describe('a second node', () => {
  it('sees a change within seconds (bus, or the revision check if it missed it)', async () => {
    const other = await createTestApp({}, {}, t.database);
    try {
      await asOp(admin, 'admin/updateSetting', {
        key: 'withdrawal',
        value: { minUsd: '15', maxUsd: '30000', feePercent: '3.25', dailyLimit: 4 },
      });
      await asOp(admin, 'admin/updateProduct', { symbol: 'ETHUSDT', maxLeverage: 33 });
      await until(
        () =>
          other.app.settings.get('withdrawal').feePercent === '3.25' &&
          other.app.market.product('ETHUSDT')?.maxLeverage === 33,
        10_000,
      );
      const u = await registerUser(other);
      const quote = await u.as<{ feePercent: string }>('index/payment');
      expect(quote.data.feePercent).toBe('3.25');
    } finally {
      await other.close();
    }
  }, 30_000);
});
