import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrations } from '../migrations/index.js';
import { deferBegin } from './deferred-begin.js';
import { StatementNames, nameStatements } from './prepared-statements.js';
import { statementLogger } from './statement-count.js';
import { withTxScopes } from './tx-scope.js';

/**
 * One SQL dialect on two engines (ARCHITECTURE §1): embedded PGlite in DATA_DIR by default, a PostgreSQL
 * server when DATABASE_URL is set. Repositories take an `Executor`, which is the database or an open
 * transaction, so one service call is one transaction whichever engine runs it.
 */
// biome-ignore lint/suspicious/noExplicitAny: both drivers' transaction types fit here
export type Executor = PgDatabase<PgQueryResultHKT, Record<string, never>, any>;

export interface Database {
  readonly db: Executor;
  readonly kind: 'pglite' | 'postgres';
  /** The connection string, on PostgreSQL. */
  readonly url?: string;
  /** The pool behind `db`, on PostgreSQL (for LISTEN/NOTIFY publishing). */
  readonly pool?: pg.Pool;
  /**
   * Tries to become the one node doing singleton work named by `key` (the market feed): a session-level
   * advisory lock held on a connection of its own until released or the process dies. On the embedded
   * database there is one node, which always leads.
   */
  tryLead(key: number): Promise<Leadership | null>;
  close(): Promise<void>;
}

export interface Leadership {
  release(): Promise<void>;
  /** Called if the lock's connection is lost: the node must stop leading. */
  onLost(fn: () => void): void;
}

export interface DatabaseOptions {
  /** postgres://… ; unset means embedded. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; unset means in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * An in-memory embedded database starts from this data directory (a tarball `migratedPgliteImage` made)
   * instead of an empty one: tests skip `initdb` and the migrations already applied.
   */
  pgliteImage?: Blob | undefined;
  /** Pool size on PostgreSQL. */
  maxConnections?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.maxConnections ?? 20,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    });
    // A dropped idle connection must not crash the process; the pool replaces it. A checked-out client's error
    // (the server restarted mid-query) has no pool listener while it is out: every client gets its own, and the
    // query in flight fails on its own promise.
    pool.on('error', () => {});
    const names = new StatementNames();
    pool.on('connect', (client) => {
      client.on('error', () => {});
      deferBegin(client);
      nameStatements(client, names);
    });
    await migrate(async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(async (text, params) => (await client.query(text, params)).rows);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    });
    const url = opts.databaseUrl;
    return {
      db: retryingTransactions(withTxScopes(drizzlePg(pool, { logger: statementLogger }) as unknown as Executor)),
      kind: 'postgres',
      url,
      pool,
      tryLead: (key) => leadOnPostgres(url, key),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  let unlock = () => {};
  if (opts.pgliteDir) {
    mkdirSync(opts.pgliteDir, { recursive: true });
    dataDir = path.resolve(opts.pgliteDir);
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}),
      extensions: PGLITE_EXTENSIONS,
    });
  } catch (err) {
    unlock();
    throw err;
  }
  await migratePglite(client);
  return {
    db: withTxScopes(drizzlePglite(client, { logger: statementLogger }) as unknown as Executor),
    kind: 'pglite',
    tryLead: async () => ({ release: async () => {}, onLost: () => {} }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/**
 * A fresh in-memory embedded database with every migration applied, as a tarball of its data directory (for
 * `pgliteImage`). Made once and reused, it saves each test database PGlite's `initdb` and the migrations: about
 * 3.7 s to start from nothing against 1.1 s from the image on this machine kind.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(client);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** PGlite's contrib extensions the migrations create (each must be loaded whenever a database is opened). */
const PGLITE_EXTENSIONS = { pg_trgm };

/** The embedded database's directory is open in another process (or already in this one). */
export class DataDirInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`the embedded database in ${dir} is open in process ${pid}: stop that process first`);
    this.name = 'DataDirInUse';
  }
}

/**
 * One process at a time opens an embedded database: a second PGlite on the same directory (a second server, or
 * `admin:create` beside a running one) corrupts it. A lock file next to the directory names the holder's pid; a lock
 * whose process is gone (killed) is taken over. Returns the release.
 */
function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {}
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
    }
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataDirInUse(dir, pid);
    unlinkSync(file);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What `retryingTransactions` did, for /metrics. */
export const transactionStats = { retries: 0, deadlocks: 0, serializationFailures: 0 };

const RETRYABLE: Record<string, keyof typeof transactionStats> = {
  '40P01': 'deadlocks',
  '40001': 'serializationFailures',
};
const MAX_TRANSACTION_ATTEMPTS = 3;

/**
 * The last line of defence against deadlocks and serialization failures (the lock order is the first): a
 * transaction PostgreSQL aborted for one of them runs again, up to three times, after a short random wait.
 * Safe because it was rolled back whole and every money call is idempotent by its requestId.
 */
function retryingTransactions(db: Executor): Executor {
  const run = db.transaction.bind(db);
  const retrying: typeof db.transaction = async (fn, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(fn, config);
      } catch (err) {
        const kind = RETRYABLE[sqlState(err) ?? ''];
        if (!kind) throw err;
        // Counted whether or not it is run again: a deadlock on the last attempt is still a deadlock.
        transactionStats[kind]++;
        if (attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
        transactionStats.retries++;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
      }
    }
  };
  return Object.assign(db, { transaction: retrying });
}

/** The SQLSTATE of a driver error, also when drizzle wraps it (`DrizzleQueryError.cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

async function leadOnPostgres(url: string, key: number): Promise<Leadership | null> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  const res = await client.query('SELECT pg_try_advisory_lock($1) AS ok', [key]);
  if (!res.rows[0].ok) {
    await client.end();
    return null;
  }
  const lost: (() => void)[] = [];
  let released = false;
  const fail = () => {
    if (!released) for (const fn of lost) fn();
  };
  client.on('error', fail);
  client.on('end', fail);
  return {
    onLost: (fn) => lost.push(fn),
    async release() {
      released = true;
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

/** Runs SQL text (several statements when there are no params) inside one transaction. */
type Script = (text: string, params?: unknown[]) => Promise<unknown[]>;
type InTransaction = <T>(fn: (run: Script) => Promise<T>) => Promise<T>;

const migratePglite = (client: PGlite) =>
  migrate((fn) =>
    client.transaction((tx) =>
      fn(async (text, params) =>
        params ? (await tx.query(text, params)).rows : ((await tx.exec(text)).at(-1)?.rows ?? []),
      ),
    ),
  );

/** Any fixed number: the key of the advisory lock that lets one node at a time migrate. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the numbered migrations in order, each in its own transaction under an advisory lock, so several
 * nodes starting together on one PostgreSQL apply each migration exactly once.
 */
async function migrate(inTransaction: InTransaction): Promise<number> {
  await inTransaction((run) =>
    run(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`),
  );
  let applied = 0;
  for (const m of migrations) {
    const done = await inTransaction(async (run) => {
      await run('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      if ((await run('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version])).length > 0) return false;
      await run(m.sql);
      await run('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied++;
  }
  return applied;
}

/**
 * The id the next row of `table` (a bigserial `id`) will have, drawn before the row is written so that what is
 * written first (ledger entries) can name it (`delivery_order:42`). For repositories only.
 */
export async function nextRowId(ex: Executor, table: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::text AS id`,
  );
  return rows[0]!.id;
}

/**
 * Data-modifying statements as the leading CTEs of `WITH …` (`w0 AS (…), w1 AS (…), `), so they run as part of the
 * statement that follows; empty for none. PostgreSQL runs every data-modifying CTE whether or not it is referenced.
 */
export function leadingWrites(writes: readonly SQL[]): SQL {
  return sql.join(
    writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w}), `),
    sql.raw(''),
  );
}

/** Several data-modifying statements as one (see TxScope.defer). */
export function foldWrites(writes: readonly SQL[]): SQL {
  return writes.length === 1 ? writes[0]! : sql`WITH ${leadingWrites(writes)}done AS (SELECT 1) SELECT 1 FROM done`;
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. For repositories only. */
export async function queryRows<T extends Record<string, unknown>>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One page of a record list and the list's total: `count` selects `count(*)::int AS n` under the same WHERE as
 * `list`, which carries its own ORDER BY, LIMIT and OFFSET. For repositories only.
 */
export async function queryPage<T extends Record<string, unknown>>(
  ex: Executor,
  count: SQL,
  list: SQL,
): Promise<{ total: number; list: T[] }> {
  const [n, rows] = await Promise.all([queryRows<{ n: number }>(ex, count), queryRows<T>(ex, list)]);
  return { total: Number(n[0]!.n), list: rows };
}

/** True when a database error is a unique-constraint violation, optionally on the named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  if (!e || e.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || String(e.message).includes(constraint);
}

function findPgError(err: unknown): { code?: string; constraint?: string; message?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string };
    cur = c.cause;
  }
  return undefined;
}
