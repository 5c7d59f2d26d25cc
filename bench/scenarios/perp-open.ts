// Sustainable/createOrder (a market long) end to end over HTTP on PostgreSQL at 8 concurrent clients, against the
// same SQL statements run directly with pg at the same concurrency in the same run, and pgbench's simple-update
// transaction (the floor of a money transaction on this machine). Targets: HTTP ≥ 0.5 × direct (issue 7),
// HTTP ≥ 0.35 × pgbench simple-update at p99 ≤ 3 × p50 (issue 18).

import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { CLIENTS, agent, compareRounds, directPool, loop, post, startServer } from '../lib/http-vs-pg.js';

/**
 * Users each client rotates over, per path: a user may hold 200 open positions, so the pool keeps every user
 * under that for the whole run, and both paths see the same number of positions per user.
 */
const POOL = Number(process.env.BENCH_POOL ?? 6);
const SYMBOL = 'BTCUSDT';

interface Client {
  token: string;
  userId: string;
}

export default async function perpOpen() {
  const server = await startServer({ TRUST_PROXY: 'true' });
  const pool = directPool(server.databaseUrl);
  try {
    // A trader: demo mode, the monthly demo assets claimed and moved to the perpetual wallet.
    const newClient = async (n: number): Promise<Client> => {
      const email = `perp${n}.${Date.now()}@example.com`;
      // Each from an address of its own (behind the trusted proxy): sign-up is rate-limited per address.
      const from = { 'x-forwarded-for': `10.7.${n >> 8}.${n & 255}` };
      await post(server.url, 'ems/send', { email, scene: 'register' }, undefined, from);
      const reg = await post(
        server.url,
        'user/register',
        { type: 'email', email, code: server.lastCode(email), password: 'bench-password', password2: 'bench-password' },
        undefined,
        from,
      );
      const token = reg.data.token as string;
      await post(server.url, 'user/changeUser', { mode: 'demo' }, token);
      await post(server.url, 'user/getDemoMoney', { requestId: randomUUID() }, token);
      const moved = await post(
        server.url,
        'index/zySubmit',
        { from: 'spot', to: 'perpetual', currency: 'USDT', amount: '10000', requestId: randomUUID() },
        token,
      );
      if (moved.code !== 1) throw new Error(`funding failed: ${moved.msg}`);
      const row = await pool.query('SELECT id::text AS id FROM users WHERE uid = $1', [reg.data.user.uid]);
      return { token, userId: row.rows[0].id };
    };
    const httpUsers: Client[] = [];
    const directUsers: Client[] = [];
    for (let i = 0; i < CLIENTS * POOL; i++) {
      httpUsers.push(await newClient(2 * i));
      directUsers.push(await newClient(2 * i + 1));
    }
    // Every shard of the system accounts the two paths touch exists before either runs.
    for (const code of ['fees', 'house']) {
      await pool.query(
        `INSERT INTO ledger_accounts (user_id, system_code, shard, mode, wallet, currency)
         SELECT NULL, $1, s, 'demo', NULL, 'USDT' FROM generate_series(0, 15) s ON CONFLICT DO NOTHING`,
        [code],
      );
    }
    const userOf = (users: Client[], i: number) => {
      const c = Math.floor(i / 1_000_000);
      return users[c * POOL + ((i % 1_000_000) % POOL)]!;
    };

    // Warm both paths (JIT, connections, plans) before measuring.
    const httpOpen = (i: number) =>
      post(
        server.url,
        'Sustainable/createOrder',
        { symbol: SYMBOL, side: 'long', type: 'market', quantity: '1', leverage: 10, requestId: randomUUID() },
        userOf(httpUsers, i).token,
      ).then((r) => {
        if (r.code !== 1) throw new Error(`createOrder failed: ${r.msg}`);
      });
    const direct = (i: number) => directOpen(pool, userOf(directUsers, i));
    await loop(1, httpOpen);
    await loop(1, direct);

    await compareRounds({
      label: 'createOrder',
      unit: 'positions/s',
      http: httpOpen,
      direct,
      floorTarget: '0.35',
      serverPid: server.pid,
    });
    const open = await pool.query(
      `SELECT count(*)::int AS n, max(c)::int AS most FROM (
         SELECT count(*) AS c FROM perp_positions WHERE status = 'open' GROUP BY user_id) per_user`,
    );
    console.log(`positions opened             ${open.rows[0].n} users, at most ${open.rows[0].most} open per user`);
  } finally {
    agent.destroy();
    await pool.end();
    await server.close();
  }
}

/**
 * The production bundle in its own process on a fresh PostgreSQL database, as a phone would reach it: the load
 * generator here does not share the server's event loop. The market runs its simulated feed, so market orders
 * have a fresh price and the trigger engine watches every position opened over HTTP.
 */

const ACCOUNT = 'RETURNING id::text AS id, available::text AS available, frozen::text AS frozen';
const POSITION_COLUMNS = `id::text AS id, user_id::text AS user_id, mode, symbol, side, trim_scale(quantity)::text AS quantity,
  trim_scale(contract_size)::text AS contract_size, leverage, trim_scale(entry_price)::text AS entry_price,
  trim_scale(margin)::text AS margin, array_to_string(hold_ids, ',') AS hold_ids, trim_scale(tp_price)::text AS tp_price,
  trim_scale(sl_price)::text AS sl_price, trim_scale(realized_pnl)::text AS realized_pnl, status, version, opened_at, closed_at`;
const ORDER_COLUMNS = `id::text AS id, user_id::text AS user_id, mode, symbol, side, type, intent, trim_scale(price)::text AS price,
  trim_scale(quantity)::text AS quantity, trim_scale(filled_quantity)::text AS filled_quantity, leverage,
  trim_scale(contract_size)::text AS contract_size, trim_scale(margin)::text AS margin, trim_scale(fee)::text AS fee,
  margin_hold_id::text AS margin_hold_id, fee_hold_id::text AS fee_hold_id, trim_scale(fill_price)::text AS fill_price,
  trim_scale(tp_price)::text AS tp_price, trim_scale(sl_price)::text AS sl_price, status, position_id::text AS position_id,
  version, created_at, updated_at`;
const TRADE_COLUMNS = `id::text AS id, mode, order_id::text AS order_id, position_id::text AS position_id, symbol, side, action,
  trim_scale(price)::text AS price, trim_scale(quantity)::text AS quantity, trim_scale(fee)::text AS fee,
  trim_scale(realized_pnl)::text AS realized_pnl, created_at`;

/**
 * The statements Sustainable/createOrder runs for a market order, in order: the session lookup, then in one
 * transaction the idempotency claim, the wallet lock, the open-position count, the fee transfer (fee shard and
 * wallet updates, the transfer, the account change), the margin hold (house account ensured and read, wallet
 * update, the pending transfer, the account change), the position, order and trade rows and the stored
 * response. Prices as the server would see them (BTC about 67 000, 1 lot of 0.001 at 10x). Keep in step with
 * modules/perpetual and ledger/.
 */
async function directOpen(pool: pg.Pool, c: Client) {
  const requestId = randomUUID();
  const ref = `perp_order:${requestId}`;
  const shard = Math.floor(Math.random() * 16);
  const db = await pool.connect();
  try {
    await db.query(
      `SELECT s.id, u.id, u.uid, u.mode FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 LIMIT 1`,
      [createHash('sha256').update(c.token).digest(), new Date()],
    );
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO idempotency_keys (user_id, request_id, scope, body_hash) VALUES ($1, $2, 'Sustainable/createOrder', $3)
       ON CONFLICT (user_id, request_id) DO NOTHING RETURNING 1 AS claimed`,
      [c.userId, requestId, Buffer.alloc(32)],
    );
    await db.query(
      `SELECT id FROM ledger_accounts WHERE user_id = $1 AND mode = 'demo' AND wallet = 'perpetual' AND currency = 'USDT'
       FOR UPDATE`,
      [c.userId],
    );
    await db.query(
      `SELECT (SELECT count(*)::int FROM perp_positions WHERE user_id = $1 AND mode = 'demo' AND status = 'open') AS positions,
              (SELECT count(*)::int FROM perp_orders WHERE user_id = $1 AND mode = 'demo' AND status = 'pending') AS orders`,
      [c.userId],
    );
    // The fee: 67 000 × 0.001 × 0.0005 = 0.0335 → 0.04.
    const fees = await db.query(
      `UPDATE ledger_accounts SET available = available + $1::numeric, frozen = frozen + 0::numeric
       WHERE system_code = 'fees' AND mode = 'demo' AND currency = 'USDT' AND shard = $2 ${ACCOUNT}`,
      ['0.04', shard],
    );
    const payer = await db.query(
      `UPDATE ledger_accounts SET available = available + $1::numeric, frozen = frozen + 0::numeric
       WHERE user_id = $2 AND mode = 'demo' AND wallet = 'perpetual' AND currency = 'USDT' AND available + $1::numeric >= 0
       ${ACCOUNT}`,
      ['-0.04', c.userId],
    );
    const feeTransfer = await db.query(
      `INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
       VALUES ('single', 'demo', 'USDT', $1, $2, 0.04, NULL, 'perp_fee', $3, now()) RETURNING id::text AS id`,
      [payer.rows[0].id, fees.rows[0].id, ref],
    );
    await db.query(
      `INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                    balance_before, balance_after, frozen_change, ref, created_at)
       VALUES ($1, $2, $3, 'demo', 'perpetual', 'USDT', 'perp_fee', -0.04, 0, 0, 0, $4, now())`,
      [c.userId, payer.rows[0].id, feeTransfer.rows[0].id, ref],
    );
    // The margin: 67 000 × 0.001 ÷ 10 = 6.70.
    await db.query(
      `INSERT INTO ledger_accounts (user_id, system_code, shard, mode, wallet, currency)
       VALUES (NULL, 'house', $1, 'demo', NULL, 'USDT') ON CONFLICT DO NOTHING`,
      [shard],
    );
    const house = await db.query(
      `SELECT id::text AS id FROM ledger_accounts WHERE system_code = 'house' AND mode = 'demo' AND currency = 'USDT' AND shard = $1`,
      [shard],
    );
    const held = await db.query(
      `UPDATE ledger_accounts SET available = available + $1::numeric, frozen = frozen + $2::numeric
       WHERE user_id = $3 AND mode = 'demo' AND wallet = 'perpetual' AND currency = 'USDT' AND available + $1::numeric >= 0
       ${ACCOUNT}`,
      ['-6.70', '6.70', c.userId],
    );
    const hold = await db.query(
      `INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
       VALUES ('pending', 'demo', 'USDT', $1, $2, 6.70, NULL, 'perp_margin', $3, now()) RETURNING id::text AS id`,
      [held.rows[0].id, house.rows[0].id, ref],
    );
    await db.query(
      `INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                    balance_before, balance_after, frozen_change, ref, created_at)
       VALUES ($1, $2, $3, 'demo', 'perpetual', 'USDT', 'perp_margin', -6.70, 0, 0, 6.70, $4, now())`,
      [c.userId, held.rows[0].id, hold.rows[0].id, ref],
    );
    const position = await db.query(
      `INSERT INTO perp_positions (user_id, mode, symbol, side, quantity, contract_size, leverage, entry_price, margin,
                                   hold_ids, tp_price, sl_price, status, opened_at, updated_at)
       VALUES ($1, 'demo', $2, 'long', 1, 0.001, 10, 67000, 6.70, ARRAY[$3::bigint], NULL, NULL, 'open', now(), now())
       RETURNING ${POSITION_COLUMNS}`,
      [c.userId, SYMBOL, hold.rows[0].id],
    );
    const order = await db.query(
      `INSERT INTO perp_orders (user_id, mode, symbol, side, type, intent, price, quantity, filled_quantity, leverage,
                                contract_size, margin, fee, margin_hold_id, fee_hold_id, fill_price, tp_price, sl_price,
                                status, position_id, created_at, updated_at)
       VALUES ($1, 'demo', $2, 'long', 'market', 'open', NULL, 1, 1, 10, 0.001, 6.70, 0.04, NULL, NULL, 67000, NULL, NULL,
               'filled', $3, now(), now())
       RETURNING ${ORDER_COLUMNS}`,
      [c.userId, SYMBOL, position.rows[0].id],
    );
    await db.query(
      `INSERT INTO perp_trades (user_id, mode, order_id, position_id, symbol, side, action, price, quantity, fee,
                                realized_pnl, created_at)
       VALUES ($1, 'demo', $2, $3, $4, 'long', 'open', 67000, 1, 0.04, 0, now()) RETURNING ${TRADE_COLUMNS}`,
      [c.userId, order.rows[0].id, position.rows[0].id, SYMBOL],
    );
    await db.query('UPDATE idempotency_keys SET response = $3::jsonb WHERE user_id = $1 AND request_id = $2', [
      c.userId,
      requestId,
      JSON.stringify({ ok: true }),
    ]);
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  } finally {
    db.release();
  }
}
