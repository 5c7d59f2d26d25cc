import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, registerUser } from '../testing.js';
import { queryRows } from './db.js';
import { idempotent } from './idempotency/index.js';
import { countStatements } from './statement-count.js';

let t: TestApp;
let userId: bigint;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await registerUser(t);
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`SELECT id::text AS id FROM users WHERE uid = ${user.uid}`,
  );
  userId = BigInt(rows[0]!.id);
});
afterAll(() => t?.close());

let n = 0;
const key = (body: object = { amount: '1' }) => ({
  userId,
  requestId: `idem-${Date.now().toString(36)}-${++n}`,
  scope: 'test/call',
  body,
});
const stored = async (requestId: string) =>
  (
    await queryRows<{ response: unknown }>(
      t.database.db,
      sql`SELECT response FROM idempotency_keys WHERE user_id = ${String(userId)} AND request_id = ${requestId}`,
    )
  )[0]?.response;

describe('idempotent: the stored answer is deferred to the commit', () => {
  it('stores each answer with the transaction’s last statement, and a repeat answers from it', async () => {
    const a = key();
    const b = key({ amount: '2' });
    let runs = 0;
    const { result, statements } = await countStatements(() =>
      t.database.db.transaction(async (tx) => [
        await idempotent(tx, a, async () => ({ n: ++runs })),
        await idempotent(tx, b, async () => ({ n: ++runs })),
      ]),
    );
    expect(result).toEqual([{ n: 1 }, { n: 2 }]);
    // Two claims, then both answers in one statement (no journal statement to ride with here).
    expect(statements.filter((s) => s.includes('UPDATE idempotency_keys'))).toHaveLength(1);
    expect(statements.at(-1)).toMatch(/^WITH w0 AS \(UPDATE idempotency_keys .*w1 AS \(UPDATE idempotency_keys/);
    expect(await stored(a.requestId)).toEqual({ n: 1 });
    expect(await stored(b.requestId)).toEqual({ n: 2 });
    const again = await t.database.db.transaction((tx) => idempotent(tx, a, async () => ({ n: ++runs })));
    expect(again).toEqual({ n: 1 });
    expect(runs).toBe(2);
  });

  it('stores nothing when the transaction rolls back, so a retry runs again', async () => {
    const k = key();
    await expect(
      t.database.db.transaction(async (tx) => {
        await idempotent(tx, k, async () => 'first');
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await stored(k.requestId)).toBeUndefined();
    expect(await t.database.db.transaction((tx) => idempotent(tx, k, async () => 'second'))).toBe('second');
    expect(await stored(k.requestId)).toBe('second');
  });

  it('a money call’s answer rides with its user events in one statement', async () => {
    const { as } = await registerUser(t);
    await as('user/changeUser', { mode: 'demo' });
    const requestId = `idem-demo-${++n}`;
    const { result, statements } = await countStatements(() => as('user/getDemoMoney', { requestId }));
    expect(result.code).toBe(1);
    const carrying = statements.filter((s) => s.includes('UPDATE idempotency_keys'));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]).toContain('INSERT INTO user_events');
    // The repeat answers with what was stored.
    expect((await as('user/getDemoMoney', { requestId })).data).toEqual(result.data);
  });
});

describe('idempotent: the record id drawn with the claim', () => {
  const lastValue = async () =>
    (await queryRows<{ v: string }>(t.database.db, sql`SELECT last_value::text AS v FROM wallet_transfers_id_seq`))[0]!
      .v;

  it('hands a claimed call the table’s next id in the claim’s own statement, and a repeat draws none', async () => {
    const k = { ...key(), reserve: 'wallet_transfers' as const };
    const seen: (string | null)[] = [];
    const first = await t.database.db.transaction(async (tx) => {
      const { result, statements } = await countStatements(() =>
        idempotent(tx, k, async (reserved) => {
          seen.push(reserved);
          return { id: reserved };
        }),
      );
      // The claim (with the id) and nothing else before the work: the answer is deferred to the commit.
      expect(statements).toHaveLength(1);
      return result;
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^\d+$/);
    expect(await lastValue()).toBe(seen[0]);
    // A repeat answers from the stored answer: no run, no id drawn.
    const again = await t.database.db.transaction((tx) =>
      idempotent(tx, k, async (reserved) => {
        seen.push(reserved);
        return { id: reserved };
      }),
    );
    expect(again).toEqual(first);
    expect(seen).toHaveLength(1);
    expect(await lastValue()).toBe(seen[0]);
    // Without a table to reserve from, the work gets no id.
    const plain = await t.database.db.transaction((tx) => idempotent(tx, key(), async (reserved) => reserved));
    expect(plain).toBeNull();
  });
});
