import type { UserEvent } from '@nexa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, leadingWrites, queryRows } from '../db.js';

export interface JournaledEvent {
  userId: string;
  seq: number;
  event: UserEvent;
}

/** The `user` channel's journal (migration 0010). */
export const journalRepository = {
  /**
   * Numbers and stores the events in one statement: each user's head moves on by the count of their events (locked
   * in user order, as the last statement of the transaction), and the events take the numbers in between, in the
   * order given. Only the new heads come back (the events are numbered here from them, as the statement did), not
   * the events themselves: a settlement batch journals thousands.
   */
  async append(
    ex: Executor,
    items: { userId: string; event: UserEvent }[],
    /** Deferred writes of the transaction (TxScope.defer) to send in the same statement. */
    writes: readonly SQL[] = [],
  ): Promise<JournaledEvent[]> {
    const rows = items.map((item, ord) => ({ user_id: item.userId, event: item.event, ord }));
    const heads = await queryRows<{ user_id: string; seq: string }>(
      ex,
      sql`WITH ${leadingWrites(writes)}items AS (
            SELECT user_id, event, ord FROM json_to_recordset(${JSON.stringify(rows)}::json)
              AS i(user_id bigint, event json, ord int)
          ), counts AS (
            SELECT user_id, count(*)::bigint AS n FROM items GROUP BY user_id
          ), heads AS (
            INSERT INTO user_event_heads AS h (user_id, seq)
            SELECT user_id, n FROM counts ORDER BY user_id
            ON CONFLICT (user_id) DO UPDATE SET seq = h.seq + excluded.seq
            RETURNING h.user_id, h.seq
          ), stored AS (
            INSERT INTO user_events (user_id, seq, event)
            SELECT i.user_id, h.seq - c.n + row_number() OVER (PARTITION BY i.user_id ORDER BY i.ord), i.event
            FROM items i JOIN counts c USING (user_id) JOIN heads h USING (user_id)
          )
          SELECT user_id::text AS user_id, seq::text AS seq FROM heads`,
    );
    // Each user's events, in the order given, take the numbers up to their new head (as row_number() gave them).
    const owned = items.map((item) => ({ userId: BigInt(item.userId).toString(), event: item.event }));
    const count = new Map<string, number>();
    for (const { userId } of owned) count.set(userId, (count.get(userId) ?? 0) + 1);
    const last = new Map(heads.map((h) => [h.user_id, Number(h.seq) - count.get(h.user_id)!]));
    return owned
      .map(({ userId, event }) => {
        const seq = last.get(userId)! + 1;
        last.set(userId, seq);
        return { userId, seq, event };
      })
      .sort((a, b) => (a.userId === b.userId ? a.seq - b.seq : a.userId < b.userId ? -1 : 1));
  },

  /** The user's last event number (0: none yet). */
  async head(ex: Executor, userId: string): Promise<number> {
    const rows = await queryRows<{ seq: string }>(
      ex,
      sql`SELECT seq::text AS seq FROM user_event_heads WHERE user_id = ${userId}`,
    );
    return rows.length === 0 ? 0 : Number(rows[0]!.seq);
  },

  /** At most `limit` of the user's events after `since`, oldest first. */
  async after(
    ex: Executor,
    userId: string,
    since: number,
    limit: number,
  ): Promise<{ seq: number; event: UserEvent }[]> {
    const rows = await queryRows<{ seq: string; event: UserEvent }>(
      ex,
      sql`SELECT seq::text AS seq, event FROM user_events
          WHERE user_id = ${userId} AND seq > ${since} ORDER BY user_events.seq LIMIT ${limit}`,
    );
    return rows.map((r) => ({ seq: Number(r.seq), event: r.event }));
  },

  /** Drops what is older than the replay window. */
  async prune(ex: Executor, before: Date): Promise<void> {
    await ex.execute(sql`DELETE FROM user_events WHERE created_at < ${before.toISOString()}::timestamptz`);
  },
};
