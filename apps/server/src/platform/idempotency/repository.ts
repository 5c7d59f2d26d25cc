import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db.js';

/** The tables whose next id a money call may draw with its claim (the record its ledger entries name first). */
export type ReservableTable = 'wallet_transfers' | 'delivery_orders' | 'convert_orders';

export const idempotencyRepository = {
  /**
   * Claims the key; false when it exists (after waiting for a concurrent claimer to finish). With `reserve` (a
   * table), a claim also draws that table's next id, for the record the call will insert: the same round trip.
   */
  async claim(
    ex: Executor,
    userId: bigint,
    requestId: string,
    scope: string,
    bodyHash: Buffer,
    reserve?: ReservableTable,
  ): Promise<{ reserved: string | null } | false> {
    const rows = await queryRows<{ reserved: string | null }>(
      ex,
      sql`INSERT INTO idempotency_keys (user_id, request_id, scope, body_hash)
          VALUES (${String(userId)}, ${requestId}, ${scope}, ${bodyHash})
          ON CONFLICT (user_id, request_id) DO NOTHING
          RETURNING ${reserve ? sql`nextval(pg_get_serial_sequence(${reserve}, 'id'))::text` : sql`NULL::text`} AS reserved`,
    );
    return rows.length === 1 ? { reserved: rows[0]!.reserved } : false;
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
