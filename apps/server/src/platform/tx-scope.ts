import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import { type Executor, foldWrites } from './db.js';

/**
 * What one attempt of a top-level transaction carries beside its SQL: work to add just before it commits (in the
 * transaction, once per key) and work to run once it committed (never after a rollback, nor for an attempt that
 * was retried). Code deep inside a call (the ledger) raises what the commit must carry without threading it
 * through every signature. A savepoint (`tx.transaction`) shares its transaction's scope.
 */
export class TxScope {
  private readonly bags = new Map<object, unknown>();
  private readonly before: ((tx: Executor) => Promise<void>)[] = [];
  private readonly last: ((tx: Executor) => Promise<void>)[] = [];
  private readonly after: (() => void)[] = [];
  private readonly writes: SQL[] = [];
  private open = true;

  /**
   * The value this scope keeps for `owner`, made (and its pre-commit work registered) on first use. `last`: the
   * work runs after every other pre-commit work, as the transaction's very last statements (the ledger's hot
   * system rows, which the lock order puts after everything else).
   */
  bag<T>(owner: object, make: () => T, beforeCommit: (tx: Executor, value: T) => Promise<void>, last = false): T {
    if (this.bags.has(owner)) return this.bags.get(owner) as T;
    const value = make();
    this.bags.set(owner, value);
    (last ? this.last : this.before).push((tx) => beforeCommit(tx, value));
    return value;
  }

  /**
   * A write whose result nobody reads (a stored answer), sent with the transaction's last statements instead of a
   * round trip of its own: as a data-modifying CTE of a pre-commit statement that takes it (`takeWrites`, e.g. the
   * user-event journal's), else with the other leftovers in one statement before the `last` work. Deferred writes
   * run on the snapshot of that statement, so they must touch rows no other part of it touches and read nothing
   * written in it.
   */
  defer(write: SQL) {
    this.writes.push(write);
  }

  /** The deferred writes not yet sent, for a statement about to carry them; none are left behind. */
  takeWrites(): SQL[] {
    return this.writes.splice(0);
  }

  afterCommit(fn: () => void) {
    this.after.push(fn);
  }

  get isOpen() {
    return this.open;
  }

  /** @internal the transaction's last statements. */
  async finish(tx: Executor) {
    // Pre-commit work may register more (a journal registers its publishing): run until none is left.
    for (let i = 0; i < this.before.length; i++) await this.before[i]!(tx);
    const writes = this.takeWrites();
    if (writes.length > 0) await tx.execute(foldWrites(writes));
    for (const fn of this.last) await fn(tx);
    this.open = false;
  }

  /** @internal after COMMIT. */
  committed() {
    this.open = false;
    for (const fn of this.after) fn();
  }
}

const storage = new AsyncLocalStorage<TxScope>();

/**
 * A write whose result the call does not read back: in a scoped transaction it rides with the last statements
 * (`TxScope.defer`, with its rules), else it is sent now.
 */
export async function deferWrite(tx: Executor, write: SQL): Promise<void> {
  const scope = currentTxScope();
  if (scope) scope.defer(write);
  else await tx.execute(write);
}

/** The scope of the transaction this code runs in, if any (and still open). */
export function currentTxScope(): TxScope | undefined {
  const scope = storage.getStore();
  return scope?.isOpen ? scope : undefined;
}

/** Gives every top-level transaction of `db` (each attempt of it) a scope of its own. */
export function withTxScopes(db: Executor): Executor {
  const run = db.transaction.bind(db);
  const scoped: typeof db.transaction = async (fn, config) => {
    const scope = new TxScope();
    const result = await storage.run(scope, () =>
      run(async (tx) => {
        const value = await fn(tx);
        await scope.finish(tx);
        return value;
      }, config),
    );
    scope.committed();
    return result;
  };
  return Object.assign(db, { transaction: scoped });
}
