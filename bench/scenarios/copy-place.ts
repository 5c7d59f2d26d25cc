// Copy-trading placement on PostgreSQL (issue 14): one follow plan with 5 000 confirmed followers reaching its order
// time, placed by the running server (the leader's and every follower's delivery order at one entry tick), against
// the same rows placed as one set-based SQL statement on another plan of 5 000 followers in the same run.
// Targets: all placed within 1 s of the order time; server rate ≥ 0.5 × the set-based SQL rate.

import { openDatabase } from '@nexa/server/db';
import { Ledger } from '@nexa/server/ledger';
import pg from 'pg';
import { startServer } from '../lib/http-vs-pg.js';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 5_000);
const SYMBOL = 'BTCUSDT';
const SECONDS = 30;
const STAKE = '10.00';
const LEADER_STAKE = '50.00';
const FUNDS = '100.00';
const HOUSE_SHARDS = 16;
/** The order time is the first whole second at least this far ahead of the end of seeding. */
const LEAD_MS = 4_000;
const POLL_MS = 20;
const GIVE_UP_MS = 30_000;
const SEQ = `nextval(pg_get_serial_sequence('ledger_transfers', 'id'))`;

export default async function copyPlace() {
  const server = await startServer();
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
  try {
    await waitForTicks(pool);
    const { serverPlan, sqlPlan, orderTime } = await seed(pool);
    await assertBalanced(server.databaseUrl, 'after seeding');

    // Set A: the server's placement worker finds the due plan on its own.
    let seenAll: number | null = null;
    let placed = 0;
    while (Date.now() < orderTime + GIVE_UP_MS) {
      placed = await placedCount(pool, serverPlan);
      if (placed === FOLLOWERS + 1) {
        seenAll = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    const started = await placementStart(pool, serverPlan);

    // Set B: the same rows as one set-based statement (plus the plan's own row), at the latest stored tick.
    const sqlMs = await placeSetBased(pool, sqlPlan);
    await assertBalanced(server.databaseUrl, 'after placement');

    const entries = await pool.query<{ n: number }>(
      `SELECT count(DISTINCT (entry_ts, entry_price))::int AS n FROM delivery_orders
       WHERE hold_id IN (SELECT hold_id FROM copy_follows WHERE plan_id = $1 UNION SELECT hold_id FROM copy_plans WHERE id = $1)`,
      [serverPlan],
    );
    const spanMs = seenAll !== null && started !== null ? seenAll - started : Number.NaN;
    const serverRate = (FOLLOWERS + 1) / (spanMs / 1000);
    const sqlRate = (FOLLOWERS + 1) / (sqlMs / 1000);
    const line = (label: string, value: string) => console.log(`${label.padEnd(29)}${value}`);
    line('plan', `1 leader + ${FOLLOWERS} confirmed followers (${STAKE} USDT each, ${SYMBOL} ${SECONDS} s)`);
    line(
      'order time → all seen placed',
      `${seenAll === null ? `not within ${GIVE_UP_MS / 1000} s (${placed} placed)` : `${seenAll - orderTime} ms`} ` +
        `(committed, ${POLL_MS} ms poll; target ≤ 1000 ms)`,
    );
    line('order time → pass began', started === null ? 'n/a' : `${started - orderTime} ms`);
    line('entry ticks in the plan', `${entries.rows[0]!.n} (target 1)`);
    line('server placements', `${serverRate.toFixed(0)}/s (${FOLLOWERS + 1} orders, ${spanMs} ms)`);
    line('set-based SQL placements', `${sqlRate.toFixed(0)}/s (${FOLLOWERS + 1} orders, ${sqlMs.toFixed(0)} ms)`);
    line('ratio server / SQL', `${(serverRate / sqlRate).toFixed(2)} (target ≥ 0.50)`);
    line('ledger invariants', 'ok');
  } finally {
    await pool.end();
    await server.close();
  }
}

async function waitForTicks(pool: pg.Pool) {
  for (let i = 0; i < 300; i++) {
    const r = await pool.query<{ ts: string }>(
      'SELECT ts_ms::text AS ts FROM ticks WHERE symbol = $1 ORDER BY ts_ms DESC LIMIT 1',
      [SYMBOL],
    );
    if (r.rows[0] && Date.now() - Number(r.rows[0].ts) < 3_000) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${SYMBOL} ticks were stored within 30 s of the server starting`);
}

const placedCount = async (pool: pg.Pool, planId: string) =>
  (
    await pool.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM copy_follows WHERE plan_id = $1 AND state = 'placed')
            + (SELECT count(*) FROM copy_plans WHERE id = $1 AND status = 'placed') AS n`,
      [planId],
    )
  ).rows[0]!.n * 1;

/** When the placing transaction began (the orders' created_at is the worker's clock at the claim). */
async function placementStart(pool: pg.Pool, planId: string): Promise<number | null> {
  const r = await pool.query<{ t: Date | null }>(
    'SELECT o.created_at AS t FROM copy_plans p JOIN delivery_orders o ON o.id = p.order_id WHERE p.id = $1',
    [planId],
  );
  return r.rows[0]?.t?.getTime() ?? null;
}

/**
 * A demo leader funded in `delivery` and 2 × FOLLOWERS demo followers funded in `copy`, as the ledger records it
 * (faucet transfers, account changes, balances); two plans, each holding the leader's stake, and each follower's
 * confirmed copy held (pending transfers to a house shard). Plan A is due at the returned order time, plan B a day
 * later. One transaction.
 */
async function seed(pool: pg.Pool) {
  const db = await pool.connect();
  const uidBase = 8_000_000_000;
  const tag = Date.now().toString(36);
  try {
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO users (uid, email, password_hash, invite_code, mode)
       SELECT $1::bigint + n, 'copy-place.' || $2 || '.' || n || '@example.com', 'bench: no password', 'CP' || $2 || n, 'demo'
       FROM generate_series(0, $3::int) n`,
      [uidBase, tag, 2 * FOLLOWERS],
    );
    await db.query(
      `INSERT INTO ledger_accounts (user_id, system_code, shard, mode, wallet, currency)
       SELECT NULL::bigint, 'house', s, 'demo', NULL, 'USDT' FROM generate_series(0, $1::int - 1) s
       UNION ALL SELECT NULL, 'demo_faucet', 0, 'demo', NULL, 'USDT'
       ON CONFLICT DO NOTHING`,
      [HOUSE_SHARDS],
    );
    await db.query(
      `INSERT INTO ledger_accounts (user_id, mode, wallet, currency)
       SELECT id, 'demo', CASE WHEN uid = $1::bigint THEN 'delivery' ELSE 'copy' END, 'USDT'
       FROM users WHERE uid >= $1::bigint AND uid <= $1::bigint + $2::int ORDER BY id`,
      [uidBase, 2 * FOLLOWERS],
    );
    const leader = (await db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE uid = $1', [uidBase]))
      .rows[0]!.id;
    // One row per hold to be: the leader's two plan stakes, each follower's copy stake (set A: plan 1, B: plan 2).
    await db.query(
      `CREATE TEMP TABLE bench_hold ON COMMIT DROP AS
       SELECT u.id AS user_id, a.id AS account_id,
              CASE WHEN u.uid = $1::bigint THEN k ELSE CASE WHEN u.uid - $1::bigint <= $2::int THEN 1 ELSE 2 END END AS plan_no,
              u.uid = $1::bigint AS leader, h.id AS house_id, ${SEQ} AS hold_id,
              CASE WHEN u.uid = $1::bigint THEN $4::numeric ELSE $5::numeric END AS amount
       FROM users u
       JOIN ledger_accounts a ON a.user_id = u.id AND a.mode = 'demo' AND a.currency = 'USDT'
       CROSS JOIN generate_series(1, 2) k
       JOIN ledger_accounts h ON h.system_code = 'house' AND h.mode = 'demo' AND h.currency = 'USDT'
                             AND h.shard = u.id % $3::int
       WHERE u.uid >= $1::bigint AND u.uid <= $1::bigint + 2 * $2::int AND (u.uid = $1::bigint OR k = 1)`,
      [uidBase, FOLLOWERS, HOUSE_SHARDS, LEADER_STAKE, STAKE],
    );
    await fund(db);
    await hold(db);
    const orderTime = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
    const plans = await db.query<{ id: string; no: number }>(
      `INSERT INTO copy_plans (leader_id, mode, title, symbol, direction, seconds, order_time, cond_type, cond_value,
                               stake, profit_share_pct, status, hold_id, created_at, updated_at)
       SELECT $1::bigint, 'demo', 'bench ' || plan_no, $2, 'call', $3::int,
              $4::timestamptz + (plan_no - 1) * interval '1 day', 'fixed', $5::numeric, $6::numeric, 10, 'open', hold_id,
              now(), now()
       FROM bench_hold WHERE leader ORDER BY plan_no
       RETURNING id::text AS id, (CASE WHEN order_time = $4::timestamptz THEN 1 ELSE 2 END) AS no`,
      [leader, SYMBOL, SECONDS, new Date(orderTime).toISOString(), STAKE, LEADER_STAKE],
    );
    const planOf = (no: number) => plans.rows.find((p) => p.no === no)!.id;
    await db.query(
      `INSERT INTO copy_follows (plan_id, user_id, state, stake, hold_id, invited_at, confirmed_at, updated_at)
       SELECT CASE plan_no WHEN 1 THEN $1::bigint ELSE $2::bigint END, user_id, 'confirmed', amount, hold_id, now(), now(), now()
       FROM bench_hold WHERE NOT leader ORDER BY user_id`,
      [planOf(1), planOf(2)],
    );
    await db.query('COMMIT');
    await db.query('ANALYZE users, ledger_accounts, ledger_transfers, copy_plans, copy_follows, delivery_orders');
    if (Date.now() > orderTime - 1_000) throw new Error('seeding took too long: the plan was due before it ended');
    return { serverPlan: planOf(1), sqlPlan: planOf(2), orderTime };
  } catch (err) {
    await db.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    db.release();
  }
}

/** The faucet's transfer to each account, its account change and both sides' balances. */
async function fund(db: pg.PoolClient) {
  await db.query(
    `WITH faucet AS (
       SELECT id FROM ledger_accounts WHERE system_code = 'demo_faucet' AND mode = 'demo' AND currency = 'USDT' AND shard = 0
     ),
     funded AS (
       INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
       SELECT 'single', 'demo', 'USDT', f.id, p.account_id, $1::numeric, NULL, 'demo_claim', 'bench:copy-place', now()
       FROM (SELECT DISTINCT account_id FROM bench_hold ORDER BY account_id) p CROSS JOIN faucet f
       RETURNING id, debit_account_id, credit_account_id
     ),
     changes AS (
       INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                    balance_before, balance_after, frozen_change, ref, created_at)
       SELECT a.user_id, a.id, t.id, a.mode, a.wallet, a.currency, 'demo_claim', $1::numeric, a.available,
              a.available + $1::numeric, 0, 'bench:copy-place', now()
       FROM funded t JOIN ledger_accounts a ON a.id = t.credit_account_id ORDER BY t.id
     )
     UPDATE ledger_accounts a SET available = a.available + d.delta
     FROM (SELECT credit_account_id AS id, $1::numeric AS delta FROM funded
           UNION ALL SELECT debit_account_id, -sum($1::numeric) FROM funded GROUP BY debit_account_id) d
     WHERE a.id = d.id`,
    [FUNDS],
  );
}

/** The stakes held: pending transfers user → house shard, the user side's change, the user's balances. */
async function hold(db: pg.PoolClient) {
  await db.query(
    `WITH held AS (
       INSERT INTO ledger_transfers (id, kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
       SELECT hold_id, 'pending', 'demo', 'USDT', account_id, house_id, amount, NULL, 'copy_stake', 'bench:copy:' || hold_id, now()
       FROM bench_hold ORDER BY hold_id
       RETURNING id
     ),
     changes AS (
       INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                    balance_before, balance_after, frozen_change, ref, created_at)
       SELECT p.user_id, a.id, p.hold_id, a.mode, a.wallet, a.currency, 'copy_stake', -p.amount,
              a.available - coalesce(sum(p.amount) OVER w, 0) + p.amount, a.available - sum(p.amount) OVER w,
              p.amount, 'bench:copy:' || p.hold_id, now()
       FROM bench_hold p JOIN held ON held.id = p.hold_id JOIN ledger_accounts a ON a.id = p.account_id
       WINDOW w AS (PARTITION BY p.account_id ORDER BY p.hold_id)
       ORDER BY p.account_id, p.hold_id
     )
     UPDATE ledger_accounts a SET available = a.available - d.total, frozen = a.frozen + d.total
     FROM (SELECT account_id AS id, sum(amount) AS total FROM bench_hold GROUP BY account_id) d
     WHERE a.id = d.id`,
  );
}

/**
 * What the server's placement does, as set-based SQL in one transaction: the plan claimed, the leader's order and
 * one order per confirmed follow at the latest stored tick on the holds the confirmations made (one statement), the
 * follows marked placed, the plan placed. Returns the time taken (ms).
 */
async function placeSetBased(pool: pg.Pool, planId: string): Promise<number> {
  const db = await pool.connect();
  try {
    const t0 = performance.now();
    await db.query('BEGIN');
    await db.query('SELECT id FROM copy_plans WHERE id = $1 FOR UPDATE SKIP LOCKED', [planId]);
    const r = await db.query<{ n: number }>(
      `WITH tick AS (
         SELECT price, ts_ms, source FROM ticks WHERE symbol = $2 ORDER BY ts_ms DESC LIMIT 1
       ),
       period AS (SELECT yield FROM delivery_periods WHERE symbol = $2 AND seconds = $3::int),
       plan AS (SELECT * FROM copy_plans WHERE id = $1),
       placed AS (
         INSERT INTO delivery_orders (user_id, mode, symbol, direction, seconds, stake, yield, status, hold_id,
                                      entry_price, entry_ts, entry_source, open_at, expires_at, created_at, wallet)
         SELECT s.user_id, p.mode, p.symbol, p.direction, p.seconds, s.stake, period.yield, 'open', s.hold_id,
                tick.price, tick.ts_ms, tick.source, now(), now() + p.seconds * interval '1 second', now(), s.wallet
         FROM plan p CROSS JOIN tick CROSS JOIN period
         CROSS JOIN LATERAL (
           SELECT p.leader_id AS user_id, p.stake, p.hold_id, 'delivery' AS wallet
           UNION ALL SELECT f.user_id, f.stake, f.hold_id, 'copy' FROM copy_follows f
           WHERE f.plan_id = p.id AND f.state = 'confirmed'
         ) s
         RETURNING id, user_id, wallet
       ),
       follows AS (
         UPDATE copy_follows f SET state = 'placed', order_id = placed.id, updated_at = now()
         FROM placed WHERE f.plan_id = $1 AND f.user_id = placed.user_id AND placed.wallet = 'copy'
         RETURNING f.id
       )
       UPDATE copy_plans c SET status = 'placed', order_id = placed.id, updated_at = now()
       FROM placed WHERE c.id = $1 AND placed.wallet = 'delivery'
       RETURNING (SELECT count(*) FROM follows) + 1 AS n`,
      [planId, SYMBOL, SECONDS],
    );
    await db.query('COMMIT');
    const ms = performance.now() - t0;
    const n = Number(r.rows[0]?.n ?? 0);
    if (n !== FOLLOWERS + 1) throw new Error(`set-based SQL placed ${n} orders, not ${FOLLOWERS + 1}`);
    return ms;
  } catch (err) {
    await db.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    db.release();
  }
}

async function assertBalanced(databaseUrl: string, when: string) {
  const database = await openDatabase({ databaseUrl, maxConnections: 1 });
  try {
    const problems = await new Ledger().violations(database.db);
    if (problems.length > 0) {
      throw new Error(`ledger invariants broken ${when}:\n  ${problems.slice(0, 20).join('\n  ')}`);
    }
  } finally {
    await database.close();
  }
}
