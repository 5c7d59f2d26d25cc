// index/zySubmit end to end over HTTP on PostgreSQL at 8 concurrent clients, against the same SQL statements
// run directly with pg at the same concurrency in the same run, and pgbench's simple-update transaction (the floor of a
// money transaction on this machine). Targets: HTTP ≥ 0.5 × direct (issue 3), HTTP ≥ 0.5 × pgbench simple-update at
// p99 ≤ 3 × p50 (issue 18).

import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { CLIENTS, agent, compareRounds, directPool, loop, post, startServer } from '../lib/http-vs-pg.js';

interface Client {
  token: string;
  userId: string;
}

export default async function zySubmit() {
  const server = await startServer();
  const pool = directPool(server.databaseUrl);
  try {
    const clients: Client[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const email = `bench${i}.${Date.now()}@example.com`;
      await post(server.url, 'ems/send', { email, scene: 'register' });
      const reg = await post(server.url, 'user/register', {
        type: 'email',
        email,
        code: server.lastCode(email),
        password: 'bench-password',
        password2: 'bench-password',
      });
      const token = reg.data.token as string;
      await post(server.url, 'user/changeUser', { mode: 'demo' }, token);
      await post(server.url, 'user/getDemoMoney', { requestId: randomUUID() }, token);
      const row = await pool.query('SELECT id::text AS id FROM users WHERE uid = $1', [reg.data.user.uid]);
      clients.push({ token, userId: row.rows[0].id });
    }

    // Warm both paths (JIT, connections, plans) before measuring.
    const http = (i: number) => {
      const c = clients[Math.floor(i / 1_000_000)]!;
      const [from, to] = i % 2 === 0 ? ['spot', 'delivery'] : ['delivery', 'spot'];
      return post(
        server.url,
        'index/zySubmit',
        { from, to, currency: 'USDT', amount: '0.01', requestId: randomUUID() },
        c.token,
      ).then((r) => {
        if (r.code !== 1) throw new Error(`zySubmit failed: ${r.msg}`);
      });
    };
    const direct = (i: number) => directTransfer(pool, clients[Math.floor(i / 1_000_000)]!, i);
    await loop(1, http);
    await loop(1, direct);

    await compareRounds({
      label: 'zySubmit',
      unit: 'transfers/s',
      http: http,
      direct,
      floorTarget: '0.50',
      serverPid: server.pid,
    });
  } finally {
    agent.destroy();
    await pool.end();
    await server.close();
  }
}

/**
 * The production bundle in its own process on a fresh PostgreSQL database, as a phone would reach it: the load
 * generator here does not share the server's event loop.
 */

/**
 * The statements index/zySubmit runs, in order: the session lookup, then in one transaction the idempotency
 * claim, the two balance updates, the ledger transfer, the two account changes, and the transfer record with the
 * stored response (one statement). Keep in step with modules/wallets and ledger/.
 */
async function directTransfer(pool: pg.Pool, c: Client, i: number) {
  const [from, to] = i % 2 === 0 ? ['spot', 'delivery'] : ['delivery', 'spot'];
  const requestId = randomUUID();
  const db = await pool.connect();
  try {
    await db.query(
      `SELECT s.id, u.id, u.uid, u.mode FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 LIMIT 1`,
      [createHash('sha256').update(c.token).digest(), new Date()],
    );
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO idempotency_keys (user_id, request_id, scope, body_hash) VALUES ($1, $2, 'index/zySubmit', $3)
       ON CONFLICT (user_id, request_id) DO NOTHING RETURNING 1`,
      [c.userId, requestId, Buffer.alloc(32)],
    );
    const debit = await db.query(
      `UPDATE ledger_accounts SET available = available + $1::numeric, frozen = frozen + 0::numeric
       WHERE user_id = $2 AND mode = 'demo' AND wallet = $3 AND currency = 'USDT' AND available + $1::numeric >= 0
       RETURNING id::text AS id, available::text AS available, frozen::text AS frozen`,
      ['-0.01', c.userId, from],
    );
    const credit = await db.query(
      `UPDATE ledger_accounts SET available = available + $1::numeric, frozen = frozen + 0::numeric
       WHERE user_id = $2 AND mode = 'demo' AND wallet = $3 AND currency = 'USDT'
       RETURNING id::text AS id, available::text AS available, frozen::text AS frozen`,
      ['0.01', c.userId, to],
    );
    const t = await db.query(
      `INSERT INTO ledger_transfers (kind, mode, currency, debit_account_id, credit_account_id, amount, pending_id, type, ref, created_at)
       VALUES ('single', 'demo', 'USDT', $1, $2, 0.01, NULL, 'transfer_out', $3, now()) RETURNING id::text AS id`,
      [debit.rows[0].id, credit.rows[0].id, `transfer:${requestId}`],
    );
    await db.query(
      `INSERT INTO account_changes (user_id, account_id, transfer_id, mode, wallet, currency, type, amount,
                                    balance_before, balance_after, frozen_change, ref, created_at)
       VALUES ($1, $2, $3, 'demo', $4, 'USDT', 'transfer_out', -0.01, 0, 0, 0, $6, now()),
              ($1, $5, $3, 'demo', $7, 'USDT', 'transfer_in', 0.01, 0, 0, 0, $6, now())`,
      [c.userId, debit.rows[0].id, t.rows[0].id, from, credit.rows[0].id, `transfer:${requestId}`, to],
    );
    // The transfer record rides with the stored response, as the server's deferred writes do.
    await db.query(
      `WITH w AS (
         INSERT INTO wallet_transfers (user_id, mode, currency, amount, from_wallet, to_wallet, from_before, from_after,
                                       to_before, to_after, transfer_id, created_at)
         VALUES ($1, 'demo', 'USDT', 0.01, $4, $5, 0, 0, 0, 0, $6, now())
       )
       UPDATE idempotency_keys SET response = $3::jsonb WHERE user_id = $1 AND request_id = $2`,
      [c.userId, requestId, JSON.stringify({ ok: true }), from, to, t.rows[0].id],
    );
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  } finally {
    db.release();
  }
}
