import type { PerpOrder, PerpPosition } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Ledger } from '../../ledger/index.js';
import { perpOrder, perpWallet, perpetualApp, positions, rid, source, tick, trader } from '../../perpetual-testing.js';
import { call, createTestDatabase } from '../../testing.js';

it('a product disabled after a position opened still has a price: no new orders, but the position closes', async () => {
  const database = await createTestDatabase();
  try {
    const before = source();
    const t1 = await perpetualApp(before, database);
    const u = await trader(t1);
    await tick(t1, before, 'SOLUSDT', '100.00');
    const opened = await perpOrder(u.as, 'SOLUSDT', {});
    expect(opened.code, opened.msg).toBe(1);
    await t1.close();

    // An operator takes the product off the list; the server restarts on the same database.
    await database.db.execute(sql`UPDATE products SET enabled = false WHERE symbol = 'SOLUSDT'`);
    const after = source();
    const t2 = await perpetualApp(after, database);
    try {
      expect(after.products).toContain('SOLUSDT');
      const as = <T = unknown>(path: string, body: object = {}) => call<T>(t2.app, path, body, { TOKEN: u.token });
      await tick(t2, after, 'SOLUSDT', '110.00');
      const refused = await as('Sustainable/createOrder', {
        symbol: 'SOLUSDT',
        side: 'long',
        type: 'market',
        quantity: '1',
        requestId: rid(),
      });
      expect(refused.code).toBe(0);
      const [pos] = (await positions(as)).list as PerpPosition[];
      expect(pos).toMatchObject({ symbol: 'SOLUSDT', markPrice: '110.00', unrealizedPnl: '100.00' });
      const closed = await as('Sustainable/closePosition', { positionId: pos!.id, requestId: rid() });
      expect(closed.code, closed.msg).toBe(1);
      expect((await positions(as)).list).toHaveLength(0);
      // 1000 − 0.50 open fee + 100 profit − 0.55 close fee.
      expect(await perpWallet(as)).toMatchObject({ available: '1098.95', frozen: '0.00' });
      expect(await new Ledger().violations(database.db)).toEqual([]);
    } finally {
      await t2.close();
    }
  } finally {
    await database.close();
  }
});
