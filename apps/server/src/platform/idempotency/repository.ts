import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db.js';

export const idempotencyRepository = {
  /** Claims the key; false when it exists (after waiting for a concurrent claimer to finish). */
  async claim(ex: Executor, userId: bigint, requestId: string, scope: string, bodyHash: Buffer): Promise<boolean> {
    const rows = await queryRows(
      ex,
      sql`INSERT INTO idempotency_keys (user_id, request_id, scope, body_hash)
          VALUES (${String(userId)}, ${requestId}, ${scope}, ${bodyHash})
          ON CONFLICT (user_id, request_id) DO NOTHING RETURNING 1 AS claimed`,
    );
    return rows.length === 1;
  },

  async find(ex: Executor, userId: bigint, requestId: string) {
    const rows = await queryRows<{ scope: string; body_hash: Buffer | Uint8Array; response: unknown }>(
      ex,
      sql`SELECT scope, body_hash, response FROM idempotency_keys
          WHERE user_id = ${String(userId)} AND request_id = ${requestId}`,
    );
    return rows[0];
  },

  /** The statement storing a call's answer on its claimed key (run now, or deferred to the commit). */
  saveResponse(userId: bigint, requestId: string, response: unknown): SQL {
    return sql`UPDATE idempotency_keys SET response = ${JSON.stringify(response)}::jsonb
               WHERE user_id = ${String(userId)} AND request_id = ${requestId}`;
  },
};
