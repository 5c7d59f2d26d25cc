import type {
  CoinData,
  ConvertRecord,
  MoneyCallOutcomeData,
  PropertyData,
  SdQuoteData,
  SdRecData,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, money } from '../../ledger/index.js';
import { queryRows } from '../../platform/db.js';
import { ManualSource, type TestApp, call, createTestApp, registerUser, until } from '../../testing.js';

let t: TestApp;
const source = new ManualSource();
beforeAll(async () => {
  t = await createTestApp(
    { market: { source: 'sim', seed: 'cv', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    { priceSource: source, settlement: false },
  );
});
afterAll(() => t?.close());
// Whatever a test did, the ledger must still balance.
afterEach(async () => {
  expect(await new Ledger().violations(t.database.db)).toEqual([]);
});

let seq = 0;
const rid = () => `cv-${Date.now().toString(36)}-${++seq}`;

/** A BTC price at the test clock's time, applied by the market as if from the feed. */
async function btc(price: string) {
  t.clock.advance(10);
  const at = t.clock.ms;
  source.ticks([{ symbol: 'BTCUSDT', ts: at, price, size: '1' }]);
  await until(() => (t.app.market.latestTick('BTCUSDT')?.ts ?? 0) >= at);
}

type As = <T = unknown>(path: string, body?: object) => Promise<{ code: number; msg: string; data: T }>;

/** A user in demo mode holding the demo assets (10 000 USDT). */
async function demoUser() {
  const u = await registerUser(t);
  expect((await u.as('user/changeUser', { mode: 'demo' })).code).toBe(1);
  const claim = await u.as('user/getDemoMoney', { requestId: rid() });
  expect(claim.code, claim.msg).toBe(1);
  return u;
}

/** Real money for a test: the ledger credits the user's real spot wallet as a deposit would. */
async function fundReal(uid: number, currency: 'USDT' | 'BTC', amount: string) {
  const rows = await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM users WHERE uid = ${uid}`);
  const userId = BigInt(rows[0]!.id);
  await t.database.db.transaction((tx) =>
    new Ledger().transfer(tx, {
      debit: { system: 'deposits', mode: 'real', currency },
      credit: { userId, mode: 'real', wallet: 'spot', currency },
      amount: money(amount),
      types: { debit: 'deposit', credit: 'deposit' },
      ref: 'test:fund',
    }),
  );
}

async function spot(as: As) {
  const p = (await as<PropertyData>('index/property')).data;
  const w = p.wallets.find((x) => x.wallet === 'spot')!;
  return Object.fromEntries(w.currencies.map((c) => [c.currency, c.available])) as Record<string, string>;
}

const countRows = async (table: 'convert_orders' | 'ledger_transfers' | 'account_changes') =>
  Number((await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);

const submit = (as: As, body: object) => as<ConvertRecord>('index/sdSubmit', { requestId: rid(), ...body });

describe('index/coin and index/sdQuote', () => {
  it('lists the spot currencies with live USDT rates; a stale price is left out, not guessed', async () => {
    const u = await demoUser();
    await btc('50000.00');
    const coins = await u.as<CoinData>('index/coin');
    expect(coins.code, coins.msg).toBe(1);
    expect(coins.data.slippageMax).toBe('5');
    const rates = Object.fromEntries(coins.data.list.map((c) => [c.currency, c.rate]));
    expect(rates).toMatchObject({ USDT: '1', USDC: '1', BTC: '50000' });
    expect(coins.data.list.find((c) => c.currency === 'BTC')!.scale).toBe(8);
    t.clock.advance(60_000);
    const later = await u.as<CoinData>('index/coin');
    expect(later.data.list.map((c) => c.currency)).not.toContain('BTC');
    expect(later.data.list.map((c) => c.currency)).toContain('USDT');
  });

  it('quotes both directions, the receive rounded down to the currency scale', async () => {
    const u = await demoUser();
    await btc('30000.00');
    const sell = await u.as<SdQuoteData>('index/sdQuote', {
      fromCurrency: 'BTC',
      toCurrency: 'USDT',
      amount: '0.0001',
    });
    expect(sell.code, sell.msg).toBe(1);
    expect(sell.data).toMatchObject({ rate: '30000', receive: '3.00', amount: '0.00010000' });
    const buy = await u.as<SdQuoteData>('index/sdQuote', { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '100' });
    // 1/30000 = 0.0000333…: kept to 18 decimals, rounded down, and the receive rounded down to 8.
    expect(buy.data.rate).toBe('0.000033333333333333');
    expect(buy.data.receive).toBe('0.00333333');
    const usdc = await u.as<SdQuoteData>('index/sdQuote', { fromCurrency: 'USDC', toCurrency: 'USDT', amount: '5' });
    expect(usdc.data).toMatchObject({ rate: '1', receive: '5.00' });
  });

  it('refuses a price that is missing or stale', async () => {
    const u = await demoUser();
    await btc('30000.00');
    t.clock.advance(11_000);
    const q = await u.as('index/sdQuote', { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '10' });
    expect(q.code).toBe(0);
    expect(q.msg).toBe('The price of BTC is not available right now. Please try again shortly.');
    const s = await submit(u.as, {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '10',
      slippage: '5',
      rate: '0.00003',
    });
    expect(s.msg).toBe('The price of BTC is not available right now. Please try again shortly.');
    const eth = await u.as('index/sdQuote', { fromCurrency: 'ETH', toCurrency: 'USDT', amount: '1' });
    expect(eth.msg).toContain('ETH');
    expect(await spot(u.as)).toMatchObject({ USDT: '10000.00', BTC: '0.00000000' });
  });
});

describe('index/sdSubmit', () => {
  it('fills within the slippage at the current rate, recording both wallets before and after', async () => {
    const u = await demoUser();
    await btc('50000.00');
    const q = (await u.as<SdQuoteData>('index/sdQuote', { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '1000' }))
      .data;
    // The price rises 0.4 %: BTC got dearer, the user receives a little less, within their 0.5 %.
    await btc('50200.00');
    const res = await submit(u.as, {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '1000',
      slippage: '0.5',
      rate: q.rate,
    });
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toMatchObject({
      mode: 'demo',
      currencyOut: 'USDT',
      walletOut: 'spot',
      amountOut: '1000.00',
      beforeOut: '10000.00',
      afterOut: '9000.00',
      currencyIn: 'BTC',
      walletIn: 'spot',
      beforeIn: '0.00000000',
      quotedRate: '0.00002',
      slippage: '0.5',
    });
    // 1000 / 50200 = 0.019920318…, rounded down.
    expect(res.data.amountIn).toBe('0.01992031');
    expect(res.data.afterIn).toBe('0.01992031');
    expect(money(res.data.rate).toFixed(12)).toBe(money(1).div(50200).toFixed(12, 1));
    expect(await spot(u.as)).toMatchObject({ USDT: '9000.00', BTC: '0.01992031' });

    const log = await u.as<{ list: { type: string; amount: string; currency: string }[] }>('order/moneyLogs', {});
    expect(
      log.data.list
        .slice(0, 2)
        .map((l) => [l.type, l.currency, l.amount])
        .sort(),
    ).toEqual([
      ['convert_in', 'BTC', '0.01992031'],
      ['convert_out', 'USDT', '-1000.00'],
    ]);
  });

  it('gives the user a better current rate', async () => {
    const u = await demoUser();
    await btc('50000.00');
    await submit(u.as, { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '5000', slippage: '0', rate: '0.00002' });
    await btc('51000.00');
    const res = await submit(u.as, {
      fromCurrency: 'BTC',
      toCurrency: 'USDT',
      amount: '0.01',
      slippage: '0',
      rate: '50000',
    });
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toMatchObject({ rate: '51000', quotedRate: '50000', amountIn: '510.00' });
  });

  it('refuses outside the slippage and moves nothing; the same requestId may be retried', async () => {
    const u = await demoUser();
    await btc('50000.00');
    const before = await Promise.all([countRows('convert_orders'), countRows('ledger_transfers')]);
    await btc('50300.00');
    const body = {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '100',
      slippage: '0.5',
      rate: '0.00002',
      requestId: rid(),
    };
    const res = await u.as('index/sdSubmit', body);
    expect(res.code).toBe(0);
    expect(res.msg).toBe('The price moved beyond your slippage of 0.5%. Please check the new rate and try again.');
    expect(await Promise.all([countRows('convert_orders'), countRows('ledger_transfers')])).toEqual(before);
    expect(await spot(u.as)).toMatchObject({ USDT: '10000.00' });
    await btc('50100.00');
    const retry = await u.as<ConvertRecord>('index/sdSubmit', body);
    expect(retry.code, retry.msg).toBe(1);
  });

  it('fills exactly at the edge of the slippage', async () => {
    const u = await demoUser();
    await btc('50000.00');
    await submit(u.as, { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '5000', slippage: '0', rate: '0.00002' });
    await btc('49500.00');
    const edge = await submit(u.as, {
      fromCurrency: 'BTC',
      toCurrency: 'USDT',
      amount: '0.01',
      slippage: '1',
      rate: '50000',
    });
    expect(edge.code, edge.msg).toBe(1);
    expect(edge.data.amountIn).toBe('495.00');
    await btc('49499.99');
    const past = await submit(u.as, {
      fromCurrency: 'BTC',
      toCurrency: 'USDT',
      amount: '0.01',
      slippage: '1',
      rate: '50000',
    });
    expect(past.code).toBe(0);
  });

  it('never fills outside the slippage (random prices, slippages and directions)', async () => {
    const u = await demoUser();
    await btc('50000.00');
    expect(
      (await submit(u.as, { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '4000', slippage: '0', rate: '0.00002' }))
        .code,
    ).toBe(1);
    let fills = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2_000_000, max: 9_000_000 }), // quoted price in cents: 20 000.00 – 90 000.00
        fc.integer({ min: -700, max: 300 }), // move in basis points
        fc.integer({ min: 0, max: 500 }), // slippage in hundredths of a percent
        fc.boolean(),
        async (cents, moveBp, slipHundredths, sell) => {
          const p0 = money(cents).div(100);
          const p1 = p0
            .times(10_000 + moveBp)
            .div(10_000)
            .toDecimalPlaces(2);
          const slippage = money(slipHundredths).div(100).toFixed();
          const [from, to, amount] = sell ? ['BTC', 'USDT', '0.0001'] : ['USDT', 'BTC', '10'];
          await btc(p0.toFixed(2));
          const q = await u.as<SdQuoteData>('index/sdQuote', { fromCurrency: from, toCurrency: to, amount });
          expect(q.code, q.msg).toBe(1);
          await btc(p1.toFixed(2));
          const res = await submit(u.as, { fromCurrency: from, toCurrency: to, amount, slippage, rate: q.data.rate });
          const floor = money(q.data.rate).times(money(1).minus(money(slippage).div(100)));
          const current = sell ? p1 : money(1).div(p1).toDecimalPlaces(18, 1);
          if (current.gte(floor)) {
            expect(res.code, res.msg).toBe(1);
            fills++;
            expect(money(res.data.rate).gte(floor)).toBe(true);
            expect(money(res.data.rate).eq(current)).toBe(true);
            // Never less than the accepted rate less the slippage, rounded down to the currency.
            const least = money(amount)
              .times(floor)
              .toDecimalPlaces(sell ? 2 : 8, 1);
            expect(money(res.data.amountIn).gte(least)).toBe(true);
          } else {
            expect(res.code, res.msg).toBe(0);
            refusals++;
          }
        },
      ),
      { numRuns: 60, seed: 42 },
    );
    expect(fills).toBeGreaterThan(5);
    expect(refusals).toBeGreaterThan(5);
  });

  it('keeps real and demo apart', async () => {
    const u = await demoUser();
    await btc('40000.00');
    const demo = await submit(u.as, {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '400',
      slippage: '1',
      rate: '0.000025',
    });
    expect(demo.code, demo.msg).toBe(1);
    expect(demo.data.mode).toBe('demo');
    await u.as('user/changeUser', { mode: 'real' });
    expect(await spot(u.as)).toMatchObject({ USDT: '0.00', BTC: '0.00000000' });
    expect((await u.as<SdRecData>('index/sdRec')).data.total).toBe(0);
    const real = await submit(u.as, {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '400',
      slippage: '1',
      rate: '0.000025',
    });
    expect(real.msg).toBe('Insufficient balance');
    await fundReal(u.user.uid, 'USDT', '100');
    const ok = await submit(u.as, {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '100',
      slippage: '1',
      rate: '0.000025',
    });
    expect(ok.code, ok.msg).toBe(1);
    expect(ok.data).toMatchObject({ mode: 'real', beforeOut: '100.00', afterOut: '0.00', amountIn: '0.00250000' });
    const recs = (await u.as<SdRecData>('index/sdRec')).data;
    expect(recs.list.map((r) => r.mode)).toEqual(['real']);
    await u.as('user/changeUser', { mode: 'demo' });
    expect(await spot(u.as)).toMatchObject({ USDT: '9600.00', BTC: '0.01000000' });
    // The house account of each mode carries the other side of that mode only.
    const house = await queryRows<{ mode: string; currency: string; total: string }>(
      t.database.db,
      sql`SELECT mode, currency, trim_scale(sum(available))::text AS total FROM ledger_accounts
          WHERE system_code = 'house' GROUP BY mode, currency`,
    );
    expect(house.length).toBeGreaterThan(0);
  });

  it('is idempotent per requestId: a repeat returns the first fill and moves nothing', async () => {
    const u = await demoUser();
    await btc('40000.00');
    const body = {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '400',
      slippage: '1',
      rate: '0.000025',
      requestId: rid(),
    };
    const first = await u.as<ConvertRecord>('index/sdSubmit', body);
    expect(first.code, first.msg).toBe(1);
    await btc('40100.00');
    const again = await u.as<ConvertRecord>('index/sdSubmit', body);
    expect(again.data).toEqual(first.data);
    // A convert whose answer was lost is found by its requestId, with the answer it gave (index/moneyCallOutcome).
    const outcome = await u.as<MoneyCallOutcomeData>('index/moneyCallOutcome', { requestId: body.requestId });
    expect(outcome.data).toEqual({ status: 'applied', scope: 'index/sdSubmit', response: first.data });
    expect((await u.as<SdRecData>('index/sdRec')).data.total).toBe(1);
    expect(await spot(u.as)).toMatchObject({ USDT: '9600.00', BTC: '0.01000000' });
    const other = await u.as('index/sdSubmit', { ...body, amount: '500' });
    expect(other.code).toBe(0);
  });

  it('refuses insufficient funds, the same currency, a bad scale and a zero receive, leaving nothing', async () => {
    const u = await demoUser();
    await btc('40000.00');
    const before = await Promise.all([
      countRows('convert_orders'),
      countRows('ledger_transfers'),
      countRows('account_changes'),
    ]);
    const cases: [object, string][] = [
      [{ fromCurrency: 'USDT', toCurrency: 'BTC', amount: '10000.01' }, 'Insufficient balance'],
      [{ fromCurrency: 'BTC', toCurrency: 'USDT', amount: '0.1' }, 'Insufficient balance'],
      [{ fromCurrency: 'USDT', toCurrency: 'USDT', amount: '1' }, 'Choose two different currencies'],
      [{ fromCurrency: 'USDT', toCurrency: 'BTC', amount: '1.001' }, 'The amount can have at most 2 decimals'],
      [{ fromCurrency: 'USDT', toCurrency: 'BTC', amount: '0.0001' }, 'The amount can have at most 2 decimals'],
      [{ fromCurrency: 'USDT', toCurrency: 'BTC', amount: '0.0' }, 'Amount is not valid'],
      // 0.00000001 BTC is 0.0004 USDT: rounded down, nothing to receive.
      [{ fromCurrency: 'BTC', toCurrency: 'USDT', amount: '0.00000001' }, 'The amount is too small to convert'],
    ];
    for (const [body, msg] of cases) {
      const rate = (body as { fromCurrency: string }).fromCurrency === 'BTC' ? '40000' : '0.000025';
      const res = await submit(u.as, { ...body, slippage: '1', rate });
      expect(res.code, JSON.stringify(body)).not.toBe(1);
      expect(res.msg, JSON.stringify(body)).toBe(msg);
    }
    const bad = await submit(u.as, {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '1',
      slippage: '5.01',
      rate: '0.000025',
    });
    expect(bad.msg).toBe('Slippage is not valid');
    expect(
      await Promise.all([countRows('convert_orders'), countRows('ledger_transfers'), countRows('account_changes')]),
    ).toEqual(before);
    expect(await spot(u.as)).toMatchObject({ USDT: '10000.00', BTC: '0.00000000' });
  });

  it('parallel converts never overdraw', async () => {
    const u = await demoUser();
    await btc('40000.00');
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        submit(u.as, { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '3000', slippage: '1', rate: '0.000025' }),
      ),
    );
    const ok = results.filter((r) => r.code === 1);
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.code !== 1).every((r) => r.msg === 'Insufficient balance')).toBe(true);
    expect(await spot(u.as)).toMatchObject({ USDT: '1000.00', BTC: '0.22500000' });
    // Each fill saw the balance the previous one left.
    const outs = ok.map((r) => [r.data.beforeOut, r.data.afterOut]).sort((a, b) => Number(b[0]) - Number(a[0]));
    expect(outs).toEqual([
      ['10000.00', '7000.00'],
      ['7000.00', '4000.00'],
      ['4000.00', '1000.00'],
    ]);
  });

  it('opposite converts of many users at once all complete (no lock cycles through the house account)', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => demoUser()));
    await btc('40000.00');
    for (const u of users) {
      const r = await submit(u.as, {
        fromCurrency: 'USDT',
        toCurrency: 'BTC',
        amount: '4000',
        slippage: '1',
        rate: '0.000025',
      });
      expect(r.code, r.msg).toBe(1);
    }
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const u = users[i % users.length]!;
        return i % 2 === 0
          ? submit(u.as, { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '10', slippage: '1', rate: '0.000025' })
          : submit(u.as, { fromCurrency: 'BTC', toCurrency: 'USDT', amount: '0.0002', slippage: '1', rate: '40000' });
      }),
    );
    expect(results.filter((r) => r.code !== 1).map((r) => r.msg)).toEqual([]);
  });

  it('lists only the caller’s own records, newest first, paged', async () => {
    const a = await demoUser();
    const b = await demoUser();
    await btc('40000.00');
    for (const amount of ['10', '20', '30']) {
      await submit(a.as, { fromCurrency: 'USDT', toCurrency: 'BTC', amount, slippage: '1', rate: '0.000025' });
    }
    await submit(b.as, { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '40', slippage: '1', rate: '0.000025' });
    const page1 = (await a.as<SdRecData>('index/sdRec', { page: 1, pageSize: 2 })).data;
    expect(page1.total).toBe(3);
    expect(page1.list.map((r) => r.amountOut)).toEqual(['30.00', '20.00']);
    const page2 = (await a.as<SdRecData>('index/sdRec', { page: 2, pageSize: 2 })).data;
    expect(page2.list.map((r) => r.amountOut)).toEqual(['10.00']);
    expect((await b.as<SdRecData>('index/sdRec')).data.list.map((r) => r.amountOut)).toEqual(['40.00']);
    const visitor = await call(t.app, 'index/sdRec', {});
    expect(visitor.code).toBe(401);
  });
});
