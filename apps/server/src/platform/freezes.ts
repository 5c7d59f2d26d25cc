import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from './db.js';

/**
 * The freezes an operator puts on a user (console, issue 17), read where they are enforced: the auth module
 * refuses a frozen user's login, the funding module a frozen user's withdrawal. Written by the console module.
 */
export interface UserFreezes {
  logins: boolean;
  withdrawals: boolean;
}

export async function userFreezes(ex: Executor, userId: bigint | string): Promise<UserFreezes> {
  const rows = await queryRows<{ logins_frozen: boolean; withdrawals_frozen: boolean }>(
    ex,
    sql`SELECT logins_frozen, withdrawals_frozen FROM user_freezes WHERE user_id = ${String(userId)}`,
  );
  return { logins: rows[0]?.logins_frozen ?? false, withdrawals: rows[0]?.withdrawals_frozen ?? false };
}
