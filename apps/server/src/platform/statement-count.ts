import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

/**
 * Counts the SQL statements one piece of work sends (issue 18: a money call's round trips). Both database drivers
 * report every statement to `statementLogger`; inside `countStatements(fn)` the statements of `fn`'s own async
 * work are counted, and nothing else running meanwhile (loops, other requests). Transaction control (BEGIN,
 * COMMIT, ROLLBACK, savepoints) is left out: the embedded driver sends it itself, unseen, so the counts are the
 * same on both engines (on PostgreSQL a transaction adds its COMMIT's round trip; BEGIN rides with the first
 * statement, see deferred-begin.ts).
 */
const counting = new AsyncLocalStorage<string[]>();

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i;

export const statementLogger: Logger = {
  logQuery(query: string) {
    const seen = counting.getStore();
    if (seen && !CONTROL.test(query)) seen.push(query.replace(/\s+/g, ' ').trim());
  },
};

/** Runs `fn` and returns its result with the statements it sent, in order. */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await counting.run(statements, fn);
  return { result, statements };
}
