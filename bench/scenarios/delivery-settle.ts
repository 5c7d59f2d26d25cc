// Delivery settlement on PostgreSQL (issues 5 and 15): 10 000 real-money delivery orders expiring in the same
// second, their users each three levels deep in an invitation tree, settled by the running server and their
// rebates paid to the three uplines in the settlement's transactions (time from expiry to the last rebate posted, and
// settlements a second), against the same postings done as set-based SQL (one transaction, a handful of
// statements) on 10 000 other orders of another tree in the same run.
// Targets: all settled and all their rebates posted within 2 s of expiry; server rate ≥ 0.5 × the set-based rate.

import { openDatabase } from '@nexa/server/db';
import { Ledger } from '@nexa/server/ledger';
import pg from 'pg';
import { type CpuSnapshot, canMeasureCpu, cpuBetween, cpuLine, cpuSnapshot } from '../lib/cpu.js';
import { startServer } from '../lib/http-vs-pg.js';

/** Orders per path; users hold ORDERS_PER_USER each (the server's open-order limit), so 500 users a path. */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const ORDERS_PER_USER = 20;
const USERS = ORDERS / ORDERS_PER_USER;
const SYMBOL = 'BTCUSDT';
const SECONDS = 30;
/** Large enough that every level's turnover rebate (0.1 %, 0.05 %, 0.02 % at LV1) is at least a cent. */
const STAKE = '100.00';
/** What each user deposited: the 20 stakes plus some left over. */
const FUNDS = '3000.00';
/** Each upline invited this many: traders → level-1 → level-2 → level-3 uplines, a tree of its own per path. */
const FAN_OUT = 5;
/** Rebates per settled (won or lost) order: one per upline level. */
const DEPTHS = 3;
/** Rows the house account is spread over (SYSTEM_SHARDS in ledger/ledger.ts). */
const HOUSE_SHARDS = 16;
/** The first whole second at least this far ahead is the expiry of the server's orders. */
const LEAD_MS = 8_000;
const POLL_MS = 50;
const GIVE_UP_MS = 60_000;
const FINAL = `('won', 'lost', 'draw', 'refunded')`;
const SEQ = `nextval(pg_get_serial_sequence('ledger_transfers', 'id'))`;

interface Tick {
  ts: number;
  price: string;
  source: string;
}

interface Progress {
  settled: number;
  /** Won or lost: the orders that pay rebates. */
  paying: number;
  rebates: number;
  first: number | null;
  last: number | null;
}

export default async function deliverySettle() {
  if (!Number.isInteger(USERS / FAN_OUT ** DEPTHS) || USERS < 1) {
    throw new Error(`BENCH_ORDERS must be a multiple of ${ORDERS_PER_USER * FAN_OUT ** DEPTHS}`);
  }
  const server = await startServer();
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
  try {
    const entry = await waitForTicks(pool);
    const yieldRate = (
      await pool.query<{ y: string }>(
        'SELECT trim_scale(yield)::text AS y FROM delivery_periods WHERE symbol = $1 AND seconds = $2',
        [SYMBOL, SECONDS],
      )
    ).rows[0]!.y;
    const expiry = await seed(pool, entry, yieldRate);
    const baselineExpiry = expiry + 86_400_000;
    await assertBalanced(server.databaseUrl, 'after seeding');

    // Set A: the server's settlement engine finds the orders on its own. Poll until every one is final. The poll
    // reads two index ranges (open orders of this expiry, rebate records above the watermark taken before it): a
    // poll that counted through every order and record took 75–120 ms a time, most of a core of this 2-core machine
    // taken from the server it measures.
    const watermark = await rebateWatermark(pool);
    let progress: Progress = { settled: 0, paying: 0, rebates: 0, first: null, last: null };
    let seenSettled: number | null = null;
    let seenAll: number | null = null;
    // CPU from expiry to the last rebate: what the settlement and its rebates cost, whatever else took the cores.
    let cpuAtExpiry: CpuSnapshot | null = null;
    while (Date.now() < expiry + GIVE_UP_MS) {
      if (canMeasureCpu && cpuAtExpiry === null && Date.now() >= expiry) cpuAtExpiry = cpuSnapshot(server.pid);
      progress = await progressOf(pool, expiry, watermark, progress);
      if (progress.settled === ORDERS) seenSettled ??= Date.now();
      if (progress.settled === ORDERS && progress.rebates === progress.paying * DEPTHS) {
        seenAll = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    const stoppedAt = seenAll ?? Date.now();
    const serverCpu = cpuAtExpiry && cpuBetween(cpuAtExpiry, cpuSnapshot(server.pid));
    if (seenAll === null) {
      progress = await progressOf(pool, expiry, watermark, progress, true);
      console.log(
        `gave up                      ${progress.settled} of ${ORDERS} server orders settled and ` +
          `${progress.rebates} of ${progress.paying * DEPTHS} rebates posted ${GIVE_UP_MS / 1000} s after expiry`,
      );
    }

    // Set B: the same postings as set-based SQL, against the tick that settled set A.
    const cpuBeforeSql = canMeasureCpu ? cpuSnapshot(server.pid) : null;
    const sqlMs = await settleSetBased(pool, baselineExpiry, expiry);
    const sqlCpu = cpuBeforeSql && cpuBetween(cpuBeforeSql, cpuSnapshot(server.pid));
    await assertBalanced(server.databaseUrl, 'after settlement');

    const outcomes = async (at: number) => {
      const r = await pool.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM delivery_orders WHERE expires_at = $1::timestamptz
         GROUP BY status ORDER BY status`,
        [new Date(at).toISOString()],
      );
      return r.rows.map((o) => `${o.status} ${o.n}`).join(', ');
    };
    const serverSpanMs = progress.first === null ? Number.NaN : stoppedAt - progress.first;
    const serverRate = progress.settled / (serverSpanMs / 1000);
    const sqlRate = ORDERS / (sqlMs / 1000);
    const since = (t: number | null) => (t === null ? 'n/a' : `${t - expiry} ms`);
    const line = (label: string, value: string) => console.log(`${label.padEnd(29)}${value}`);
    line('orders', `${ORDERS} a path (${USERS} users × ${ORDERS_PER_USER}, ${STAKE} USDT, ${SYMBOL} ${SECONDS} s)`);
    line(
      'invitation tree',
      `${USERS} traders ← ${USERS / FAN_OUT} ← ${USERS / FAN_OUT ** 2} ← ${USERS / FAN_OUT ** 3} uplines a path`,
    );
    line('outcomes, server', await outcomes(expiry));
    line('outcomes, set-based SQL', await outcomes(baselineExpiry));
    const gaveUp = `not within ${GIVE_UP_MS / 1000} s`;
    line(
      'expiry → all seen settled',
      `${seenSettled === null ? gaveUp : since(seenSettled)} (committed, ${POLL_MS} ms poll)`,
    );
    line(
      'expiry → all rebates posted',
      `${seenAll === null ? gaveUp : since(seenAll)} (${progress.rebates} rebates; target ≤ 2000 ms)`,
    );
    line('expiry → last settled_at', `${since(progress.last)} (settled_at is when its batch began)`);
    line('expiry → first settled_at', since(progress.first));
    line(
      'server settlements',
      `${serverRate.toFixed(0)}/s (${progress.settled} from the first settled_at to ` +
        `${seenAll === null ? 'giving up' : 'all rebates posted'}, ${serverSpanMs} ms)`,
    );
    line(
      'set-based SQL settlements',
      `${sqlRate.toFixed(0)}/s (${ORDERS} and their rebates in one transaction, ${sqlMs.toFixed(0)} ms)`,
    );
    line(
      'ratio server / SQL',
      `${(serverRate / sqlRate).toFixed(2)} (target ≥ 0.50)${seenAll === null ? ', gave up' : ''}`,
    );
    if (serverCpu && sqlCpu) {
      line('CPU, server path', `${cpuLine(serverCpu)}, expiry → all rebates posted`);
      line('CPU, set-based SQL', `${cpuLine(sqlCpu)}, its transaction`);
      line(
        'CPU ratio server / SQL',
        `${((serverCpu.server + serverCpu.database) / sqlCpu.database).toFixed(1)} × the database's CPU of the set-based SQL`,
      );
    }
    line('ledger invariants', 'ok');
    line('account change chains', await chainsOf(pool, expiry));
  } finally {
    await pool.end();
    await server.close();
  }
}

/** Waits until the market feed has stored a fresh tick of SYMBOL; returns the latest (the orders' entry). */
async function waitForTicks(pool: pg.Pool): Promise<Tick> {
  for (let i = 0; i < 300; i++) {
    const r = await pool.query<{ ts: string; price: string; source: string }>(
      'SELECT ts_ms::text AS ts, trim_scale(price)::text AS price, source FROM ticks WHERE symbol = $1 ORDER BY ts_ms DESC LIMIT 1',
      [SYMBOL],
    );
    const t = r.rows[0];
    if (t && Date.now() - Number(t.ts) < 3_000) return { ts: Number(t.ts), price: t.price, source: t.source };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${SYMBOL} ticks were stored within 30 s of the server starting`);
}

/**
 * 2 × USERS real-money traders, each invited by a level-1 upline, invited by a level-2 one, invited by a level-3 one
 * (FAN_OUT invitees each; set A's traders and set B's have trees of their own, so their rebates never meet), each
 * trader with a delivery wallet funded by a deposit and ORDERS_PER_USER open orders whose stakes are held (pending
 * transfers to a house shard), recorded as the ledger records them: a transfer, an account change per user side
 * with balances in sequence, and the balances. The uplines have the spot wallets rebates are paid to. Set A (the
 * first USERS traders) expires at the returned whole second, set B a day later. One transaction, a few statements.
 */
async function seed(pool: pg.Pool, entry: Tick, yieldRate: string): Promise<number> {
  const db = await pool.connect();
  const uidBase = 9_000_000_000;
  const tag = Date.now().toString(36);
  try {
    await db.query('BEGIN');
    // Level d's n-th user has uid uidBase + d × UPLINE_UIDS + n (traders: d = 0) and is invited by level d + 1's
    // ceil(n / FAN_OUT)-th: the top level first, so every inviter exists when its invitees are inserted.
    const UPLINE_UIDS = 100_000;
    for (let depth = DEPTHS; depth >= 0; depth--) {
      await db.query(
        `INSERT INTO users (uid, email, password_hash, invite_code, mode, inviter_id)
         SELECT $1::bigint + $4::bigint * $5::int + n,
                'delivery-settle.' || $2 || '.' || $4 || '.' || n || '@example.com', 'bench: no password',
                'DS' || $2 || '.' || $4 || '.' || n, 'real',
                (SELECT id FROM users WHERE $4::int < $6::int AND uid = $1::bigint + ($4::bigint + 1) * $5::int + (n + $7::int - 1) / $7::int)
         FROM generate_series(1, $3::int) n`,
        [uidBase, tag, (2 * USERS) / FAN_OUT ** depth, depth, UPLINE_UIDS, DEPTHS, FAN_OUT],
      );
    }
    await db.query(
      `INSERT INTO ledger_accounts (user_id, system_code, shard, mode, wallet, currency)
       SELECT NULL::bigint, 'house', s, 'real', NULL, 'USDT' FROM generate_series(0, $1::int - 1) s
       UNION ALL SELECT NULL, 'deposits', 0, 'real', NULL, 'USDT'
       ON CONFLICT DO NOTHING`,
      [HOUSE_SHARDS],
    );
    // The traders' delivery wallets, and the uplines' spot wallets (where rebates are paid).
    await db.query(
      `INSERT INTO ledger_accounts (user_id, mode, wallet, currency)
       SELECT id, 'real', CASE WHEN uid <= $1::bigint + $2::int THEN 'delivery' ELSE 'spot' END, 'USDT'
       FROM users WHERE uid > $1::bigint AND uid <= $1::bigint + $3::int ORDER BY id`,
      [uidBase, 2 * USERS, (DEPTHS + 1) * UPLINE_UIDS],
    );
    // One row per order to be: its user, account, set, direction, house shard and the id of its hold.
    await db.query(
      `CREATE TEMP TABLE bench_plan ON COMMIT DROP AS
       SELECT u.id AS user_id, a.id AS account_id, k, (u.uid - $1::bigint) <= $2::int AS server_set,
              CASE WHEN (k + u.uid) % 2 = 0 THEN 'call' ELSE 'put' END AS direction, h.id AS house_id,
              ${SEQ} AS hold_id, 'delivery:' || gen_random_uuid() AS ref
       FROM users u
       JOIN ledger_accounts a ON a.user_id = u.id AND a.mode = 'real' AND a.wallet = 'delivery' AND a.currency = 'USDT'
       CROSS JOIN generate_series(1, $3::int) k
       JOIN ledger_accounts h ON h.system_code = 'house' AND h.mode = 'real' AND h.currency = 'USDT'
                             AND h.shard = (u.id * $3::int + k) % $4::int
       WHERE u.uid > $1::bigint AND u.uid <= $1::bigint + 2 * $2::int`,
      [uidBase, USERS, ORDERS_PER_USER, HOUSE_SHARDS],
    );
    // The deposits' single transfers, each user's account change and both sides' balances (one statement: every
    // part reads the balances before it).
    await db.query(
      `WITH faucet AS (
         SELECT id FROM ledger_accounts WHERE system_code = 'deposits' AND mode = 'real' AND currency = 'USDT' AND shard = 0
       ),
       funded AS (
         INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
         SELECT 'single', 'real', 'USDT', f.id, p.account_id, $1::numeric, NULL, 'deposit', 'bench:delivery-settle', now()
         FROM (SELECT DISTINCT account_id FROM bench_plan ORDER BY account_id) p CROSS JOIN faucet f
         RETURNING id, debit_account_id, credit_account_id
       ),
       changes AS (
         INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                      balance_before, balance_after, frozen_change, ref, created_at)
         SELECT a.user_id, a.id, t.id, a.mode, a.wallet, a.currency, 'deposit', $1::numeric, a.available,
                a.available + $1::numeric, 0, 'bench:delivery-settle', now()
         FROM funded t JOIN ledger_accounts a ON a.id = t.credit_account_id ORDER BY t.id
       )
       UPDATE ledger_accounts a SET available = a.available + d.delta
       FROM (SELECT credit_account_id AS id, $1::numeric AS delta FROM funded
             UNION ALL SELECT debit_account_id, -sum($1::numeric) FROM funded GROUP BY debit_account_id) d
       WHERE a.id = d.id`,
      [FUNDS],
    );
    // The stakes held: pending transfers user → house shard, the user side's change, the user's balances.
    await db.query(
      `WITH held AS (
         INSERT INTO ledger_transfers (id, kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
         SELECT hold_id, 'pending', 'real', 'USDT', account_id, house_id, $1::numeric, NULL, 'delivery_stake', ref, now()
         FROM bench_plan ORDER BY hold_id
         RETURNING id
       ),
       changes AS (
         INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                      balance_before, balance_after, frozen_change, ref, created_at)
         SELECT p.user_id, a.id, p.hold_id, a.mode, a.wallet, a.currency, 'delivery_stake', -$1::numeric,
                a.available - $1::numeric * (row_number() OVER w - 1), a.available - $1::numeric * row_number() OVER w,
                $1::numeric, p.ref, now()
         FROM bench_plan p JOIN held ON held.id = p.hold_id JOIN ledger_accounts a ON a.id = p.account_id
         WINDOW w AS (PARTITION BY p.account_id ORDER BY p.hold_id)
         ORDER BY p.account_id, p.hold_id
       )
       UPDATE ledger_accounts a SET available = a.available - d.total, frozen = a.frozen + d.total
       FROM (SELECT account_id AS id, sum($1::numeric) AS total FROM bench_plan GROUP BY account_id) d
       WHERE a.id = d.id`,
      [STAKE],
    );
    // The orders, opened at the latest stored tick. The expiry is fixed last, as close to the commit as can be.
    const expiry = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
    await db.query(
      `INSERT INTO delivery_orders (user_id, mode, symbol, direction, seconds, stake, yield, status, hold_id,
                                    entry_price, entry_ts, entry_source, open_at, expires_at, created_at)
       SELECT user_id, 'real', $1, direction, $2::int, $3::numeric, $4::numeric, 'open', hold_id, $5::numeric,
              $6::bigint, $7, now(), CASE WHEN server_set THEN $8::timestamptz ELSE $8::timestamptz + interval '1 day' END,
              now()
       FROM bench_plan ORDER BY server_set DESC, user_id, k`,
      [SYMBOL, SECONDS, STAKE, yieldRate, entry.price, entry.ts, entry.source, new Date(expiry).toISOString()],
    );
    await db.query('COMMIT');
    await db.query('ANALYZE users, ledger_accounts, ledger_transfers, account_changes, delivery_orders');
    if (Date.now() > expiry - 2_000) throw new Error('seeding took too long: the orders were due before it ended');
    return expiry;
  } catch (err) {
    await db.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    db.release();
  }
}

/** The newest rebate record's id before the server's orders expire: every stake rebate above it is theirs. */
async function rebateWatermark(pool: pg.Pool): Promise<string> {
  const r = await pool.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM rebate_records');
  return r.rows[0]!.id;
}

/**
 * Where set A stands: how many of its orders are final (through the open-orders index), then, once all are, how many
 * pay rebates and when their batches began (read once, and at `final` when giving up), and the stake rebates recorded above the watermark (set B
 * runs after the poll, so they are all set A's).
 */
async function progressOf(
  pool: pg.Pool,
  expiry: number,
  watermark: string,
  last: Progress,
  final = false,
): Promise<Progress> {
  const at = new Date(expiry).toISOString();
  const open = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM delivery_orders WHERE status = 'open' AND expires_at = $1::timestamptz`,
    [at],
  );
  const settled = ORDERS - open.rows[0]!.n;
  let { paying, first, last: lastAt } = last;
  if ((settled === ORDERS && last.settled !== ORDERS) || final) {
    const r = await pool.query<{ paying: number; first: Date | null; last: Date | null }>(
      `SELECT count(*) FILTER (WHERE status IN ('won', 'lost'))::int AS paying,
              min(settled_at) AS first, max(settled_at) AS last
       FROM delivery_orders WHERE expires_at = $1::timestamptz AND status IN ${FINAL}`,
      [at],
    );
    const row = r.rows[0]!;
    paying = row.paying;
    first = row.first?.getTime() ?? null;
    lastAt = row.last?.getTime() ?? null;
  }
  const rebates = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rebate_records WHERE id > $1::bigint AND source = 'stake'`,
    [watermark],
  );
  return { settled, paying, rebates: rebates.rows[0]!.n, first, last: lastAt };
}

/**
 * Settles every open order expiring at `expiresAt` as the server does, in one transaction with no per-order round
 * trip: the exit is the latest stored tick at or before `exitAt` (none after the entry: refunded); call wins if
 * exit > entry, put if exit < entry, equal is a draw. Lost: the hold is posted to the house. Won: voided, plus the
 * profit (stake × yield, rounded down to the cent) house → user. Draw/refunded: voided. Returns the time taken (ms).
 */
async function settleSetBased(pool: pg.Pool, expiresAt: number, exitAt: number): Promise<number> {
  const db = await pool.connect();
  try {
    const t0 = performance.now();
    await db.query('BEGIN');
    // What each order becomes, and the ids of the transfers that will record it.
    await db.query(
      `CREATE TEMP TABLE bench_settle (id bigint, user_id bigint, account_id bigint, house_id bigint, mode text,
         currency text, stake numeric, profit numeric, hold_id bigint, hold_ref text, status text, resolve_id bigint,
         profit_id bigint) ON COMMIT DROP`,
    );
    const marked = await db.query(
      `WITH due AS (
         SELECT o.id, o.user_id, o.direction, o.stake, o.yield, o.hold_id, o.entry_price, h.debit_account_id,
                h.credit_account_id, h.mode, h.currency, h.ref, x.price, x.ts_ms, x.source
         FROM delivery_orders o
         JOIN ledger_transfers h ON h.id = o.hold_id
         LEFT JOIN LATERAL (
           SELECT t.price, t.ts_ms, t.source FROM ticks t WHERE t.symbol = o.symbol AND t.ts_ms <= $2::bigint
           ORDER BY t.ts_ms DESC LIMIT 1
         ) x ON x.ts_ms > o.entry_ts
         WHERE o.status = 'open' AND o.expires_at = $1::timestamptz
         ORDER BY o.id
         FOR UPDATE OF o
       ),
       decided AS (
         SELECT d.*, trunc(d.stake * d.yield, 2) AS profit,
                CASE WHEN d.price IS NULL THEN 'refunded'
                     WHEN d.price = d.entry_price THEN 'draw'
                     WHEN (d.direction = 'call') = (d.price > d.entry_price) THEN 'won'
                     ELSE 'lost' END AS status
         FROM due d
       ),
       numbered AS (
         SELECT d.*, ${SEQ} AS resolve_id,
                CASE WHEN d.status = 'won' AND d.profit > 0 THEN ${SEQ} END AS profit_id
         FROM decided d ORDER BY d.id
       ),
       updated AS (
         UPDATE delivery_orders o
         SET status = n.status, exit_price = n.price, exit_ts = n.ts_ms, exit_source = n.source,
             payout = CASE n.status WHEN 'won' THEN n.stake + n.profit WHEN 'lost' THEN 0 ELSE n.stake END,
             settled_at = now()
         FROM numbered n WHERE o.id = n.id
         RETURNING o.id
       )
       INSERT INTO bench_settle
       SELECT n.id, n.user_id, n.debit_account_id, n.credit_account_id, n.mode, n.currency, n.stake,
              CASE WHEN n.profit_id IS NULL THEN 0 ELSE n.profit END, n.hold_id, n.ref, n.status, n.resolve_id, n.profit_id
       FROM numbered n JOIN updated USING (id)`,
      [new Date(expiresAt).toISOString(), exitAt],
    );
    await db.query('ANALYZE bench_settle');
    // The transfers: post (lost) or void (won, draw, refunded) of each hold; a win's profit house → user.
    await db.query(
      `INSERT INTO ledger_transfers (id, kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
       SELECT resolve_id, CASE WHEN status = 'lost' THEN 'post' ELSE 'void' END, mode, currency, account_id, house_id,
              stake, hold_id,
              CASE status WHEN 'lost' THEN 'delivery_loss' WHEN 'won' THEN 'delivery_win' ELSE 'delivery_refund' END,
              hold_ref, now()
       FROM bench_settle
       UNION ALL
       SELECT profit_id, 'single', mode, currency, house_id, account_id, profit, NULL, 'delivery_profit',
              'delivery:' || id, now()
       FROM bench_settle WHERE profit_id IS NOT NULL
       ORDER BY 1`,
    );
    // One account change per user side, each order's in turn: balances before/after as a running sum.
    await db.query(
      `WITH steps AS (
         SELECT id AS order_id, 1 AS step, user_id, account_id, resolve_id AS transfer_id,
                CASE status WHEN 'lost' THEN 'delivery_loss' WHEN 'won' THEN 'delivery_win' ELSE 'delivery_refund' END AS type,
                CASE WHEN status = 'lost' THEN 0 ELSE stake END AS amount, -stake AS frozen_change, hold_ref AS ref
         FROM bench_settle
         UNION ALL
         SELECT id, 2, user_id, account_id, profit_id, 'delivery_profit', profit, 0, 'delivery:' || id
         FROM bench_settle WHERE profit_id IS NOT NULL
       ),
       running AS (
         SELECT s.*, a.mode, a.wallet, a.currency,
                a.available + sum(s.amount) OVER (PARTITION BY s.account_id ORDER BY s.order_id, s.step) AS after
         FROM steps s JOIN ledger_accounts a ON a.id = s.account_id
       )
       INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                    balance_before, balance_after, frozen_change, ref, created_at)
       SELECT user_id, account_id, transfer_id, mode, wallet, currency, type, amount, after - amount, after,
              frozen_change, ref, now()
       FROM running ORDER BY account_id, order_id, step`,
    );
    // The balances, one update per account: the user's frozen stakes released, won/draw/refunded stakes and
    // profits returned to available; the house shards gain lost stakes and pay the profits.
    await db.query(
      `UPDATE ledger_accounts a SET available = a.available + d.available, frozen = a.frozen + d.frozen
       FROM (
         SELECT id, sum(available) AS available, sum(frozen) AS frozen FROM (
           SELECT account_id AS id, CASE WHEN status = 'lost' THEN 0 ELSE stake END + profit AS available,
                  -stake AS frozen
           FROM bench_settle
           UNION ALL
           SELECT house_id, CASE WHEN status = 'lost' THEN stake ELSE 0 END - profit, 0 FROM bench_settle
         ) m GROUP BY id
       ) d
       WHERE a.id = d.id`,
    );
    await payRebatesSetBased(db);
    await db.query('COMMIT');
    const ms = performance.now() - t0;
    if (marked.rowCount !== ORDERS) throw new Error(`set-based SQL settled ${marked.rowCount} orders, not ${ORDERS}`);
    return ms;
  } catch (err) {
    await db.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    db.release();
  }
}

/**
 * The rebates of the orders in `bench_settle` as the rebate batches pay them, set-based: each won or lost order is
 * claimed once in `rebate_events`, and each of its owner's three uplines earns the stake × the turnover rate of
 * their depth at their team level (from their qualified direct and second-level invitees, in the table in force),
 * rounded down to the cent, if that is a cent or more. Each earner is paid their sum with one transfer from a
 * `rebates` shard to their real spot wallet (as a batch pays; here all 10 000 orders are one batch), with its account
 * change, the balances, and a rebate record per rebate naming that transfer.
 */
async function payRebatesSetBased(db: pg.PoolClient) {
  await db.query(
    `INSERT INTO rebate_events (source, source_id, claimed_at)
     SELECT 'stake', id, now() FROM bench_settle WHERE status IN ('won', 'lost') ORDER BY id`,
  );
  await db.query(
    `CREATE TEMP TABLE bench_rebates ON COMMIT DROP AS
     WITH tbl AS (
       SELECT version, levels FROM referral_tables WHERE effective_at <= now()
       ORDER BY effective_at DESC, version DESC LIMIT 1
     ),
     up AS (
       SELECT s.id AS source_id, s.user_id AS source_user_id, s.stake, d.depth, d.earner
       FROM bench_settle s
       JOIN users u0 ON u0.id = s.user_id
       LEFT JOIN users u1 ON u1.id = u0.inviter_id
       LEFT JOIN users u2 ON u2.id = u1.inviter_id
       CROSS JOIN LATERAL (VALUES (1, u0.inviter_id), (2, u1.inviter_id), (3, u2.inviter_id)) d(depth, earner)
       WHERE s.status IN ('won', 'lost') AND d.earner IS NOT NULL
     ),
     counts AS (
       SELECT e.earner,
              (SELECT count(*) FROM users c JOIN referral_qualifications q ON q.user_id = c.id
               WHERE c.inviter_id = e.earner) AS direct,
              (SELECT count(*) FROM users c JOIN users g ON g.inviter_id = c.id
               JOIN referral_qualifications q ON q.user_id = g.id WHERE c.inviter_id = e.earner) AS second
       FROM (SELECT DISTINCT earner FROM up) e
     ),
     levels AS (
       SELECT c.earner, max((l->>'level')::int) AS level
       FROM counts c CROSS JOIN tbl CROSS JOIN jsonb_array_elements(tbl.levels) l
       WHERE c.direct >= (l->>'needDirect')::int AND c.second >= (l->>'needSecond')::int
       GROUP BY c.earner
     ),
     priced AS (
       SELECT up.*, lv.level, tbl.version,
              (SELECT (l->'turnoverRates'->>(up.depth - 1))::numeric FROM jsonb_array_elements(tbl.levels) l
               WHERE (l->>'level')::int = lv.level) AS rate
       FROM up JOIN levels lv ON lv.earner = up.earner CROSS JOIN tbl
     )
     SELECT p.*, trunc(p.stake * p.rate, 2) AS rebate
     FROM priced p
     WHERE trunc(p.stake * p.rate, 2) > 0`,
  );
  // One transfer per earner: the sum of their rebates, from a rebates shard to their spot wallet.
  await db.query(
    `CREATE TEMP TABLE bench_rebate_pay ON COMMIT DROP AS
     SELECT b.earner, a.id AS account_id, r.id AS rebates_id, b.amount, ${SEQ} AS transfer_id
     FROM (SELECT earner, sum(rebate) AS amount FROM bench_rebates GROUP BY earner ORDER BY earner) b
     JOIN ledger_accounts a ON a.user_id = b.earner AND a.mode = 'real' AND a.wallet = 'spot' AND a.currency = 'USDT'
     JOIN ledger_accounts r ON r.system_code = 'rebates' AND r.mode = 'real' AND r.currency = 'USDT'
                           AND r.shard = b.earner % ${HOUSE_SHARDS}
     ORDER BY b.earner`,
  );
  await db.query(
    `INSERT INTO ledger_transfers (id, kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
     SELECT transfer_id, 'single', 'real', 'USDT', rebates_id, account_id, amount, NULL, 'rebate',
            'rebate:stake:bench:' || earner, now()
     FROM bench_rebate_pay ORDER BY transfer_id`,
  );
  await db.query(
    `INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                  balance_before, balance_after, frozen_change, ref, created_at)
     SELECT p.earner, p.account_id, p.transfer_id, 'real', 'spot', 'USDT', 'rebate', p.amount,
            a.available, a.available + p.amount, 0, 'rebate:stake:bench:' || p.earner, now()
     FROM bench_rebate_pay p JOIN ledger_accounts a ON a.id = p.account_id
     ORDER BY p.account_id`,
  );
  await db.query(
    `UPDATE ledger_accounts a SET available = a.available + d.delta
     FROM (
       SELECT account_id AS id, sum(amount) AS delta FROM bench_rebate_pay GROUP BY account_id
       UNION ALL
       SELECT rebates_id, -sum(amount) FROM bench_rebate_pay GROUP BY rebates_id
     ) d
     WHERE a.id = d.id`,
  );
  await db.query(
    `INSERT INTO rebate_records (source, source_id, earner_id, source_user_id, depth, product, currency, base_amount,
                                 rate, rebate, earner_level, table_version, transfer_id, created_at)
     SELECT 'stake', b.source_id, b.earner, b.source_user_id, b.depth, 'delivery', 'USDT', b.stake, b.rate, b.rebate,
            b.level, b.version, p.transfer_id, now()
     FROM bench_rebates b JOIN bench_rebate_pay p ON p.earner = b.earner
     ORDER BY b.source_id, b.depth`,
  );
}

/**
 * Each user account's change log read in id order: every balance_before is the previous balance_after (0 first),
 * after = before + amount, and the last after and the frozen changes add up to the account's balances. Tells the
 * server's accounts and the set-based ones apart.
 */
async function chainsOf(pool: pg.Pool, expiry: number): Promise<string> {
  const r = await pool.query<{ server: boolean; accounts: number; broken: number; example: string | null }>(
    `WITH links AS (
       SELECT account_id, balance_before, balance_after, amount,
              lag(balance_after) OVER (PARTITION BY account_id ORDER BY id) AS previous
       FROM account_changes
     ),
     totals AS (
       SELECT account_id, (array_agg(balance_after ORDER BY id DESC))[1] AS last_after, sum(frozen_change) AS frozen
       FROM account_changes GROUP BY account_id
     ),
     bad AS (
       SELECT account_id FROM links
       WHERE balance_before <> coalesce(previous, 0) OR balance_after <> balance_before + amount
       UNION
       SELECT t.account_id FROM totals t JOIN ledger_accounts a ON a.id = t.account_id
       WHERE t.last_after <> a.available OR t.frozen <> a.frozen
     )
     SELECT EXISTS (SELECT 1 FROM delivery_orders o WHERE o.user_id = a.user_id AND o.expires_at = $1::timestamptz) AS server,
            count(*)::int AS accounts, count(bad.account_id)::int AS broken, min(bad.account_id)::text AS example
     FROM ledger_accounts a LEFT JOIN bad ON bad.account_id = a.id
     WHERE a.user_id IS NOT NULL
     GROUP BY 1 ORDER BY 1 DESC`,
    [new Date(expiry).toISOString()],
  );
  const broken = r.rows.filter((g) => g.broken > 0);
  if (broken.length === 0) return `ok (${r.rows.reduce((n, g) => n + g.accounts, 0)} user accounts)`;
  return broken
    .map(
      (g) =>
        `${g.broken} of ${g.accounts} ${g.server ? 'server' : 'set-based SQL'} accounts broken (e.g. ${g.example})`,
    )
    .join('; ');
}

/** The ledger's own invariant check (Ledger.violations), on a connection of its own. */
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
