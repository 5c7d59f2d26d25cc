import type { AccountMode, Wallet } from '@nexa/contract';
import { money } from '@nexa/rules';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db.js';
import { queryRows } from '../platform/db.js';
import { countStatements } from '../platform/statement-count.js';
import { createTestDatabase } from '../testing.js';
import { type BatchOp, InsufficientFunds, Ledger, type SystemCode, ensureSystemAccounts } from './ledger.js';

let database: Database;
const ledger = new Ledger();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let uidSeq = 0;
async function makeUsers(n: number): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let i = 0; i < n; i++) {
    const u = ++uidSeq + Math.floor(Math.random() * 1e6) * 100;
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO users (uid, email, password_hash, invite_code)
          VALUES (${10_000_000 + u}, ${`ledger${u}@example.com`}, 'x', ${`L${u}`}) RETURNING id::text AS id`,
    );
    ids.push(BigInt(rows[0]!.id));
  }
  return ids;
}

const WALLETS: Wallet[] = ['spot', 'delivery', 'perpetual', 'copy'];
const MODES: AccountMode[] = ['real', 'demo'];
const cents = (c: number) => money(c).div(100);

type Op =
  | { op: 'fund'; user: number; mode: AccountMode; cents: number }
  | { op: 'transfer'; user: number; mode: AccountMode; from: number; to: number; cents: number }
  | { op: 'hold'; user: number; mode: AccountMode; wallet: number; cents: number }
  | { op: 'post' | 'void'; pick: number }
  | { op: 'crossMode'; user: number; cents: number };

const user = fc.integer({ min: 0, max: 1 });
const mode = fc.constantFrom<AccountMode>(...MODES);
const amount = fc.integer({ min: 50_000, max: 500_000 });
const wallet = fc.integer({ min: 0, max: 3 });
// Money enters in spot: draw spot as the source more often, so most steps have something to move.
const source = fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: wallet, weight: 2 });
const small = fc.integer({ min: 1, max: 150_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('fund' as const), user, mode, cents: amount }), weight: 3 },
  {
    arbitrary: fc.record({ op: fc.constant('transfer' as const), user, mode, from: source, to: wallet, cents: small }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('hold' as const),
      user,
      mode,
      wallet: source,
      cents: fc.integer({ min: 1, max: 60_000 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ op: fc.constantFrom('post' as const, 'void' as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('crossMode' as const), user, cents: amount }), weight: 1 },
);

describe('ledger model', () => {
  it(
    'keeps every invariant over random sequences of transfers, holds, posts, voids and demo claims',
    () => model(ledger),
    120_000,
  );

  it(
    'keeps them with the system accounts known, as the app runs it (single movements in one statement)',
    async () => model(new Ledger(undefined, undefined, await ensureSystemAccounts(database.db, ['USDT']))),
    120_000,
  );

  it('moves money between open accounts in one statement, and refuses an overdraft there with nothing changed', async () => {
    const app = new Ledger(undefined, undefined, await ensureSystemAccounts(database.db, ['USDT']));
    const [u] = await makeUsers(1);
    const at = (wallet: Wallet) => ({ userId: u!, mode: 'real' as const, wallet, currency: 'USDT' as const });
    const move = (amount: number) =>
      database.db.transaction((t) =>
        app.transfer(t, {
          debit: at('spot'),
          credit: at('delivery'),
          amount: money(amount),
          types: { debit: 'transfer_out', credit: 'transfer_in' },
          ref: 'one-statement',
        }),
      );
    await database.db.transaction((t) =>
      app.transfer(t, {
        debit: { system: 'deposits', mode: 'real', currency: 'USDT' },
        credit: at('spot'),
        amount: money(10),
        types: { debit: 'deposit', credit: 'deposit' },
        ref: 'one-statement',
      }),
    );
    // The statement-by-statement path opens the delivery account, and finds it open the next time.
    await move(1);
    await move(1);
    const moved = await countStatements(() => move(2));
    expect(moved.statements).toHaveLength(1);
    expect(moved.result.debit).toMatchObject({ availableBefore: '8', availableAfter: '6' });
    expect(moved.result.credit).toMatchObject({ availableBefore: '2', availableAfter: '4' });
    const refused = await countStatements(() => move(8).catch((e: unknown) => e));
    expect(refused.result).toBeInstanceOf(InsufficientFunds);
    expect(refused.statements).toHaveLength(1);
    const balances = async () =>
      Object.fromEntries(
        (await app.balances(database.db, u!, 'real')).map((b) => [b.wallet, money(b.available).toFixed()]),
      );
    expect(await balances()).toEqual({ spot: '6', delivery: '4' });

    // A hold is one statement; its post reads the hold, moves both accounts and records, then moves the system row.
    const held = await countStatements(() =>
      database.db.transaction((t) =>
        app.hold(t, {
          debit: at('spot'),
          credit: { system: 'withdrawals', mode: 'real', currency: 'USDT' },
          amount: money(5),
          types: { debit: 'hold', credit: 'hold' },
          ref: 'one-statement',
        }),
      ),
    );
    expect(held.statements).toHaveLength(1);
    const posted = await countStatements(() =>
      database.db.transaction((t) => app.post(t, held.result.transferId, 'hold_post')),
    );
    expect(posted.statements).toHaveLength(3);
    expect(await balances()).toEqual({ spot: '1', delivery: '4' });
    expect(await app.violations(database.db)).toEqual([]);
  });
  it('refuses by SQL constraint what the code would never do', async () => {
    const [u] = await makeUsers(1);
    await database.db.transaction((t) =>
      ledger.transfer(t, {
        debit: { system: 'deposits', mode: 'real', currency: 'USDT' },
        credit: { userId: u!, mode: 'real', wallet: 'spot', currency: 'USDT' },
        amount: money(5),
        types: { debit: 'deposit', credit: 'deposit' },
        ref: 'constraint',
      }),
    );
    const id = String(u);
    await expect(
      database.db.execute(sql`UPDATE ledger_accounts SET available = -1 WHERE user_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`UPDATE ledger_accounts SET frozen = -1 WHERE user_id = ${id}`),
    ).rejects.toThrow();
    const appendOnly = (e: { cause?: { message?: string } }) => /append-only/.test(e.cause?.message ?? '');
    await expect(database.db.execute(sql`UPDATE ledger_transfers SET amount = 1`)).rejects.toSatisfy(appendOnly);
    await expect(database.db.execute(sql`DELETE FROM account_changes`)).rejects.toSatisfy(appendOnly);

    // References, checked once a statement (migration 0026): a statement with one bad row among good ones is refused
    // whole, and the accounts they name keep their keys.
    await database.db.execute(
      sql`INSERT INTO ledger_accounts (user_id, mode, wallet, currency) VALUES (${id}, 'demo', 'spot', 'USDT')
          ON CONFLICT DO NOTHING`,
    );
    const [real, demo, dep] = await Promise.all(
      [
        sql`SELECT id::text AS id FROM ledger_accounts WHERE user_id = ${id} AND mode = 'real' AND wallet = 'spot'`,
        sql`SELECT id::text AS id FROM ledger_accounts WHERE user_id = ${id} AND mode = 'demo' AND wallet = 'spot'`,
        sql`SELECT id::text AS id FROM ledger_accounts
            WHERE system_code = 'deposits' AND mode = 'real' AND currency = 'USDT' LIMIT 1`,
      ].map(async (q) => (await queryRows<{ id: string }>(database.db, q))[0]!.id),
    );
    const [paid] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM ledger_transfers WHERE ref = 'constraint'`,
    );
    const transfers = () => queryRows(database.db, sql`SELECT id FROM ledger_transfers`);
    const before = (await transfers()).length;
    const reference = (e: { cause?: { message?: string } }) => /no such|another mode/.test(e.cause?.message ?? '');
    const transfer = (debit: string, credit: string, mode: string, pending: string | null) =>
      sql`(${pending === null ? 'single' : 'void'}, ${mode}, 'USDT', ${debit}, ${credit}, 1, ${pending}::bigint, 'x', 'x')`;
    const insert = (...rows: ReturnType<typeof transfer>[]) =>
      database.db.execute(
        sql`INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id,
                                          type, ref) VALUES ${sql.join(rows, sql`, `)}`,
      );
    // Real and demo never meet; a currency is its accounts'; what a post or void resolves exists.
    await expect(insert(transfer(dep!, real!, 'real', null), transfer(real!, demo!, 'real', null))).rejects.toSatisfy(
      reference,
    );
    await expect(insert(transfer(real!, demo!, 'demo', null))).rejects.toSatisfy(reference);
    await expect(
      database.db.execute(
        sql`INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, type, ref)
            VALUES ('single', 'real', 'BTC', ${dep}, ${real}, 1, 'x', 'x')`,
      ),
    ).rejects.toSatisfy(reference);
    // Each side is checked on its own: a USDT transfer into (or out of) the user's BTC account is refused.
    const [btc] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO ledger_accounts (user_id, mode, wallet, currency) VALUES (${id}, 'real', 'spot', 'BTC')
          RETURNING id::text AS id`,
    );
    await expect(insert(transfer(dep!, btc!.id, 'real', null))).rejects.toSatisfy(reference);
    await expect(insert(transfer(btc!.id, real!, 'real', null))).rejects.toSatisfy(reference);
    await expect(insert(transfer(dep!, real!, 'real', '999999999'))).rejects.toSatisfy(reference);
    expect((await transfers()).length).toBe(before);
    // A change row names its account's own user, mode, wallet and currency, and an existing transfer.
    const change = (
      account: string,
      user: string,
      mode: string,
      wallet: string,
      transferId: string,
      currency = 'USDT',
    ) =>
      database.db.execute(
        sql`INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                         balance_before, balance_after, ref)
            VALUES (${user}, ${account}, ${transferId}, ${mode}, ${wallet}, ${currency}, 'x', 0, 0, 0, 'x')`,
      );
    const [other] = await makeUsers(1);
    await expect(change(real!, String(other), 'real', 'spot', paid!.id)).rejects.toSatisfy(reference);
    await expect(change(real!, id, 'demo', 'spot', paid!.id)).rejects.toSatisfy(reference);
    await expect(change(real!, id, 'real', 'delivery', paid!.id)).rejects.toSatisfy(reference);
    await expect(change(real!, id, 'real', 'spot', paid!.id, 'BTC')).rejects.toSatisfy(reference);
    await expect(change(real!, id, 'real', 'spot', '999999999')).rejects.toSatisfy(reference);
    // Accounts are never deleted nor re-keyed; their balances still move.
    const keys = (e: { cause?: { message?: string } }) => /never deleted|keeps its/.test(e.cause?.message ?? '');
    await expect(database.db.execute(sql`DELETE FROM ledger_accounts WHERE id = ${demo}`)).rejects.toSatisfy(keys);
    await expect(
      database.db.execute(sql`UPDATE ledger_accounts SET mode = 'demo' WHERE id = ${real}`),
    ).rejects.toSatisfy(keys);
    for (const rekey of [
      sql`UPDATE ledger_accounts SET user_id = ${String(other)} WHERE id = ${real}`,
      sql`UPDATE ledger_accounts SET wallet = 'delivery' WHERE id = ${real}`,
      sql`UPDATE ledger_accounts SET currency = 'BTC' WHERE id = ${real}`,
      sql`UPDATE ledger_accounts SET id = id + 1000000000 WHERE id = ${real}`,
      sql`UPDATE ledger_accounts SET system_code = 'rebates' WHERE id = ${dep}`,
    ]) {
      await expect(database.db.execute(rekey)).rejects.toSatisfy(keys);
    }
    await database.db.execute(sql`UPDATE ledger_accounts SET available = available WHERE id = ${real}`);
    // TRUNCATE fires no row trigger; the tables whose rows are never deleted refuse it too (migration 0027).
    for (const table of ['ledger_accounts', 'ledger_transfers', 'account_changes', 'audit_log']) {
      // Its own trigger, not another table's reached by the cascade.
      const truncated = (e: { cause?: { message?: string } }) =>
        (e.cause?.message ?? '').includes(`${table} is never truncated`);
      await expect(database.db.execute(sql.raw(`TRUNCATE ${table} CASCADE`)), table).rejects.toSatisfy(truncated);
    }
    expect((await transfers()).length).toBe(before);
  });

  it('checks a transfer’s references by probing indexes, not by reading every account (migration 0029)', async () => {
    const [u] = await makeUsers(1);
    // Sequential scans of the ledger's tables as this connection counts them (within one transaction nothing is
    // flushed, so the difference is the transfer's own; the figures may include earlier transactions' unflushed ones).
    const seqScans = async (t: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) =>
      queryRows<{ relname: string; seq_scan: string }>(
        t,
        sql`SELECT relname, seq_scan::text AS seq_scan FROM pg_stat_xact_user_tables
            WHERE relname IN ('ledger_accounts', 'ledger_transfers', 'account_changes') ORDER BY relname`,
      );
    const [before, after] = await database.db.transaction(async (t) => {
      const before = await seqScans(t);
      await ledger.transfer(t, {
        debit: { system: 'deposits', mode: 'real', currency: 'USDT' },
        credit: { userId: u!, mode: 'real', wallet: 'spot', currency: 'USDT' },
        amount: money(1),
        types: { debit: 'deposit', credit: 'deposit' },
        ref: 'probes',
      });
      return [before, await seqScans(t)];
    });
    // The checks of 0026 hashed the whole accounts table for every insert (an OR of NOT EXISTS is no anti-join), and
    // the system rows' move scanned it too when the planner took its JSON for 100 rows.
    expect(after!.map((r) => r.relname)).toEqual(['account_changes', 'ledger_accounts', 'ledger_transfers']);
    expect(after).toEqual(before);
  });

  it('spreads a hot system account over shards so its sum stays exact', async () => {
    const users = await makeUsers(8);
    await Promise.all(
      users.map((u) =>
        database.db.transaction((t) =>
          ledger.transfer(t, {
            debit: { system: 'demo_faucet', mode: 'demo', currency: 'USDT' },
            credit: { userId: u, mode: 'demo', wallet: 'spot', currency: 'USDT' },
            amount: money('0.01'),
            types: { debit: 'demo_claim', credit: 'demo_claim' },
            ref: 'shards',
          }),
        ),
      ),
    );
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE system_code = 'demo_faucet'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(1);
    expect(await ledger.violations(database.db)).toEqual([]);
  });
});

describe('batches', () => {
  /** Each user's spot funded with 2000 USDT (real), then holds of the given cents on spot toward the house. */
  async function withHolds(holdCents: number[][]) {
    const users = await makeUsers(holdCents.length);
    const holds: string[][] = [];
    for (const [i, u] of users.entries()) {
      holds.push([]);
      await database.db.transaction(async (t) => {
        await ledger.transfer(t, {
          debit: { system: 'deposits', mode: 'real', currency: 'USDT' },
          credit: { userId: u, mode: 'real', wallet: 'spot', currency: 'USDT' },
          amount: money(2000),
          types: { debit: 'deposit', credit: 'deposit' },
          ref: 'batch-fund',
        });
        for (const c of holdCents[i]!) {
          const h = await ledger.hold(t, {
            debit: { userId: u, mode: 'real', wallet: 'spot', currency: 'USDT' },
            credit: { system: 'house', mode: 'real', currency: 'USDT' },
            amount: cents(c),
            types: { debit: 'stake', credit: 'stake' },
            ref: `stake:${i}`,
          });
          holds[i]!.push(h.transferId);
        }
      });
    }
    return { users, holds };
  }

  type Step = { user: number; hold: number; outcome: 'post' | 'void'; profitCents: number };
  const toOps = (s: Step[], users: bigint[], holds: string[][]): BatchOp[] =>
    s.flatMap((st): BatchOp[] => [
      { kind: st.outcome, pendingId: holds[st.user]![st.hold]!, type: st.outcome === 'post' ? 'loss' : 'win' },
      ...(st.profitCents > 0
        ? [
            {
              kind: 'transfer' as const,
              entry: {
                debit: { system: 'house' as const, mode: 'real' as const, currency: 'USDT' as const },
                credit: {
                  userId: users[st.user]!,
                  mode: 'real' as const,
                  wallet: 'spot' as const,
                  currency: 'USDT' as const,
                },
                amount: cents(st.profitCents),
                types: { debit: 'profit', credit: 'profit' },
                ref: `profit:${st.user}`,
              },
            },
          ]
        : []),
    ]);

  async function history(users: bigint[]) {
    const out = [];
    for (const u of users) {
      out.push({
        balances: (await ledger.balances(database.db, u, 'real')).map((b) => [b.wallet, b.available, b.frozen]),
        changes: (
          await queryRows<{ type: string; amount: string; b: string; a: string; f: string }>(
            database.db,
            sql`SELECT type, amount::text AS amount, balance_before::text AS b, balance_after::text AS a,
                       frozen_change::text AS f
                FROM account_changes WHERE user_id = ${String(u)} ORDER BY id`,
          )
        ).map((c) => [c.type, c.amount, c.b, c.a, c.f]),
      });
    }
    return out;
  }

  it('records exactly what the same posts, voids and transfers one by one would', async () => {
    const steps = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 30_000 }), fc.boolean(), fc.integer({ min: 0, max: 20_000 })), {
        minLength: 1,
        maxLength: 6,
      })
      .chain((perUser0) =>
        fc.tuple(
          fc.constant(perUser0),
          fc.array(fc.tuple(fc.integer({ min: 1, max: 30_000 }), fc.boolean(), fc.integer({ min: 0, max: 20_000 })), {
            minLength: 1,
            maxLength: 6,
          }),
        ),
      );
    await fc.assert(
      fc.asyncProperty(steps, fc.infiniteStream(fc.nat()), async ([a, b], picks) => {
        const holdCents = [a.map((x) => x[0]), b.map((x) => x[0])];
        // Interleave the two users' steps in a random order.
        const queue: Step[] = [];
        const next = [0, 0];
        const it = picks[Symbol.iterator]();
        while (next[0]! < a.length || next[1]! < b.length) {
          let u = (it.next().value as number) % 2;
          if (next[u]! >= (u === 0 ? a : b).length) u = 1 - u;
          const [, win, profit] = (u === 0 ? a : b)[next[u]!]!;
          queue.push({ user: u, hold: next[u]!, outcome: win ? 'void' : 'post', profitCents: win ? profit : 0 });
          next[u]!++;
        }
        const one = await withHolds(holdCents);
        for (const op of toOps(queue, one.users, one.holds)) {
          await database.db.transaction(async (t) => {
            if (op.kind === 'transfer') await ledger.transfer(t, op.entry);
            else if (op.kind === 'post') await ledger.post(t, op.pendingId, op.type);
            else await ledger.void(t, op.pendingId, op.type);
          });
        }
        const batch = await withHolds(holdCents);
        const posted = await database.db.transaction((t) =>
          ledger.postBatch(t, toOps(queue, batch.users, batch.holds)),
        );
        expect(posted).toHaveLength(toOps(queue, batch.users, batch.holds).length);
        expect(await history(batch.users)).toEqual(await history(one.users));
      }),
      { numRuns: 12 },
    );
    expect(await ledger.violations(database.db)).toEqual([]);
  });

  it('refuses the whole batch for a resolved hold or a debit beyond the balance, and changes nothing', async () => {
    const { users, holds } = await withHolds([[100, 200]]);
    await database.db.transaction((t) => ledger.post(t, holds[0]![0]!, 'loss'));
    const before = await history(users);
    await expect(
      database.db.transaction((t) =>
        ledger.postBatch(t, [
          { kind: 'void', pendingId: holds[0]![1]!, type: 'win' },
          { kind: 'void', pendingId: holds[0]![0]!, type: 'win' },
        ]),
      ),
    ).rejects.toThrow(/already resolved/);
    await expect(
      database.db.transaction((t) =>
        ledger.postBatch(t, [
          { kind: 'void', pendingId: holds[0]![1]!, type: 'win' },
          {
            kind: 'transfer',
            entry: {
              debit: { userId: users[0]!, mode: 'real', wallet: 'spot', currency: 'USDT' },
              credit: { system: 'house', mode: 'real', currency: 'USDT' },
              amount: money(2000),
              types: { debit: 'x', credit: 'x' },
              ref: 'too-much',
            },
          },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await history(users)).toEqual(before);
    expect(await ledger.violations(database.db)).toEqual([]);
  });

  it('posts a batch transfer under an id reserved for it before, and the others under fresh ones', async () => {
    const [u] = await makeUsers(1);
    const entry = (ref: string) => ({
      debit: { system: 'adjustments' as const, mode: 'real' as const, currency: 'USDT' as const },
      credit: { userId: u!, mode: 'real' as const, wallet: 'spot' as const, currency: 'USDT' as const },
      amount: money(5),
      types: { debit: 'x', credit: 'x' },
      ref,
    });
    const { reserved, posted } = await database.db.transaction(async (t) => {
      const reserved = await ledger.reserveTransferIds(t, 2);
      // Reserved out of order and interleaved with an unreserved one: each keeps the id it was given.
      const posted = await ledger.postBatch(t, [
        { kind: 'transfer', entry: entry('reserved-b'), id: reserved[1]! },
        { kind: 'transfer', entry: entry('fresh') },
        { kind: 'transfer', entry: entry('reserved-a'), id: reserved[0]! },
      ]);
      return { reserved, posted };
    });
    expect(new Set(reserved).size).toBe(2);
    expect(posted.map((p) => p.transferId)).toEqual([reserved[1], expect.any(String), reserved[0]]);
    expect(reserved).not.toContain(posted[1]!.transferId);
    const rows = await queryRows<{ id: string; ref: string }>(
      database.db,
      sql`SELECT id::text AS id, ref FROM ledger_transfers WHERE id IN (${sql.join(
        posted.map((p) => sql`${p.transferId}::bigint`),
        sql`, `,
      )}) ORDER BY ref`,
    );
    expect(rows).toEqual([
      { id: posted[1]!.transferId, ref: 'fresh' },
      { id: reserved[0], ref: 'reserved-a' },
      { id: reserved[1], ref: 'reserved-b' },
    ]);
    expect(await ledger.violations(database.db)).toEqual([]);
  });

  it('resolves a hold once when two batches race for it', async () => {
    const { users, holds } = await withHolds([[500]]);
    const results = await Promise.allSettled(
      [0, 1].map(() =>
        database.db.transaction((t) => ledger.postBatch(t, [{ kind: 'post', pendingId: holds[0]![0]!, type: 'loss' }])),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await ledger.balances(database.db, users[0]!, 'real')).map((b) => [b.available, b.frozen])).toEqual([
      ['1995.000000000000000000', '0.000000000000000000'],
    ]);
    expect(await ledger.violations(database.db)).toEqual([]);
  });
});

/** The ledger against a model in cents over random steps: every invariant and balance after each step. */
async function model(ledger: Ledger) {
  const seen = new Map<string, number>();
  const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 40 }), async (ops) => {
      const users = await makeUsers(2);
      // Model: minor units (cents) per "user|mode|wallet".
      const model = new Map<string, { available: number; frozen: number }>();
      const acct = (u: number, m: AccountMode, w: Wallet) => {
        const k = `${u}|${m}|${w}`;
        if (!model.has(k)) model.set(k, { available: 0, frozen: 0 });
        return model.get(k)!;
      };
      const holds: { id: string; key: { available: number; frozen: number }; cents: number; open: boolean }[] = [];
      const tx = <T>(fn: Parameters<Database['db']['transaction']>[0]) => database.db.transaction(fn) as Promise<T>;

      for (const o of ops) {
        if (o.op === 'fund') {
          // Real money enters by deposit, demo money by the monthly demo claim.
          const system: SystemCode = o.mode === 'real' ? 'deposits' : 'demo_faucet';
          await tx(async (t) =>
            ledger.transfer(t, {
              debit: { system, mode: o.mode, currency: 'USDT' },
              credit: { userId: users[o.user]!, mode: o.mode, wallet: 'spot', currency: 'USDT' },
              amount: cents(o.cents),
              types: { debit: o.mode === 'real' ? 'deposit' : 'demo_claim', credit: 'demo_claim' },
              ref: 'model',
            }),
          );
          acct(o.user, o.mode, 'spot').available += o.cents;
          saw('fund');
        } else if (o.op === 'transfer') {
          if (o.from === o.to) continue;
          const from = acct(o.user, o.mode, WALLETS[o.from]!);
          const to = acct(o.user, o.mode, WALLETS[o.to]!);
          const fits = from.available >= o.cents;
          const run = tx(async (t) =>
            ledger.transfer(t, {
              debit: { userId: users[o.user]!, mode: o.mode, wallet: WALLETS[o.from]!, currency: 'USDT' },
              credit: { userId: users[o.user]!, mode: o.mode, wallet: WALLETS[o.to]!, currency: 'USDT' },
              amount: cents(o.cents),
              types: { debit: 'transfer_out', credit: 'transfer_in' },
              ref: 'model',
            }),
          );
          if (fits) {
            await run;
            from.available -= o.cents;
            to.available += o.cents;
            saw('transfer');
          } else {
            await expect(run).rejects.toBeInstanceOf(InsufficientFunds);
            saw('transfer refused');
          }
        } else if (o.op === 'hold') {
          const from = acct(o.user, o.mode, WALLETS[o.wallet]!);
          const run = tx<{ transferId: string }>(async (t) =>
            ledger.hold(t, {
              debit: { userId: users[o.user]!, mode: o.mode, wallet: WALLETS[o.wallet]!, currency: 'USDT' },
              credit: { system: o.mode === 'real' ? 'withdrawals' : 'house', mode: o.mode, currency: 'USDT' },
              amount: cents(o.cents),
              types: { debit: 'hold', credit: 'hold' },
              ref: 'model',
            }),
          );
          if (from.available >= o.cents) {
            const h = await run;
            from.available -= o.cents;
            from.frozen += o.cents;
            holds.push({ id: h.transferId, key: from, cents: o.cents, open: true });
            saw('hold');
          } else {
            await expect(run).rejects.toBeInstanceOf(InsufficientFunds);
            saw('hold refused');
          }
        } else if (o.op === 'post' || o.op === 'void') {
          if (holds.length === 0) continue;
          const h = holds[o.pick % holds.length]!;
          const run = tx(async (t) =>
            o.op === 'post' ? ledger.post(t, h.id, 'hold_post') : ledger.void(t, h.id, 'hold_void'),
          );
          if (!h.open) {
            await expect(run).rejects.toThrow(/already resolved/);
            saw('resolved twice');
            continue;
          }
          await run;
          saw(o.op);
          h.open = false;
          h.key.frozen -= h.cents;
          if (o.op === 'void') h.key.available += h.cents;
        } else if (o.op === 'crossMode') {
          const run = tx(async (t) =>
            ledger.transfer(t, {
              debit: { userId: users[o.user]!, mode: 'real', wallet: 'spot', currency: 'USDT' },
              credit: { userId: users[o.user]!, mode: 'demo', wallet: 'spot', currency: 'USDT' },
              amount: cents(o.cents),
              types: { debit: 'x', credit: 'x' },
              ref: 'model',
            }),
          );
          await expect(run).rejects.toThrow(/real and demo/);
          saw('cross mode');
        }

        expect(await ledger.violations(database.db)).toEqual([]);
        for (const [i, id] of users.entries()) {
          for (const m of MODES) {
            const rows = await ledger.balances(database.db, id, m);
            for (const w of WALLETS) {
              const row = rows.find((r) => r.wallet === w);
              const want = model.get(`${i}|${m}|${w}`) ?? { available: 0, frozen: 0 };
              expect(
                money(row?.available ?? 0)
                  .times(100)
                  .toNumber(),
                `${i} ${m} ${w} available`,
              ).toBe(want.available);
              expect(
                money(row?.frozen ?? 0)
                  .times(100)
                  .toNumber(),
                `${i} ${m} ${w} frozen`,
              ).toBe(want.frozen);
            }
          }
        }
      }
    }),
    { numRuns: 40 },
  );
  // Every kind of step really happened, not only no-ops.
  for (const what of [
    'fund',
    'transfer',
    'transfer refused',
    'hold',
    'hold refused',
    'post',
    'void',
    'resolved twice',
    'cross mode',
  ]) {
    expect(seen.get(what) ?? 0, what).toBeGreaterThan(0);
  }
}
