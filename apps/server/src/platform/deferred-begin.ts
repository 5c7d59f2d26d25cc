import pg from 'pg';

/**
 * A transaction's BEGIN travels with its first statement (issue 18 §1; docs/decisions.md "BEGIN rides with the first
 * statement"). drizzle opens a transaction with a `begin` of its own and waits for the answer before the first
 * statement, one round trip that does nothing else: on this machine kind a loopback write costs the sender about
 * 0.15 ms of kernel time and wakes the other side, and a money call makes five or six of them. Here `begin` is held
 * back and sent in the same write as the next statement, both under one Sync: PostgreSQL runs BEGIN, then the
 * statement inside the transaction it opened (the protocol's pipelining; a BEGIN inside an implicit block turns it
 * into a regular one that outlives the Sync). One round trip fewer per transaction, nothing else changes:
 * - the statement fails: BEGIN already ran, the block is aborted, and the caller's ROLLBACK ends it as before;
 * - the transaction sends nothing before COMMIT or ROLLBACK: neither is sent (there is nothing to end);
 * - anything else comes next (a callback-style query, a cursor, a named statement this connection has not parsed
 *   yet): the held BEGIN is sent first, on its own, as before.
 *
 * Applied to each pooled connection as it opens, beneath `nameStatements` (so the statement keeps its name).
 */
export function deferBegin(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let held: string | undefined;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const cfg = plainConfig(config, rest);
    if (cfg && isBegin(cfg)) {
      // A second begin while one is held would be PostgreSQL's warning, not an error: keep the first.
      held ??= cfg.text;
      return Promise.resolve(emptyResult('BEGIN'));
    }
    if (held === undefined) return query(config, ...rest);
    const begin = held;
    held = undefined;
    const end = cfg && endsTransaction(cfg);
    if (end) return Promise.resolve(emptyResult(end));
    if (cfg && !(cfg.name && !parsedOn(client, cfg.name))) {
      return new Promise((resolve, reject) => {
        const q = new BeginThen(begin, cfg, (err: Error | null, res: unknown) => (err ? reject(err) : resolve(res)));
        query(q);
      });
    }
    // Not a plain promise query, or a named statement this connection has yet to parse (pg would take BEGIN's
    // ParseComplete for the statement's): BEGIN goes first on its own, queued ahead of it on this connection.
    if (cfg) return (query(begin) as Promise<unknown>).then(() => query(config, ...rest));
    // A callback or a submittable (a cursor) expects its own return: BEGIN is queued ahead of it on this connection.
    (query(begin) as Promise<unknown>).catch(() => {});
    return query(config, ...rest);
  };
}

interface PlainConfig {
  text: string;
  values?: unknown[];
  name?: string;
  rowMode?: string;
  types?: unknown;
}

/** A promise query (text or config object, values, no callback, not a submittable), as drizzle sends them. */
function plainConfig(config: unknown, rest: unknown[]): PlainConfig | undefined {
  if (rest.some((r) => typeof r === 'function')) return undefined;
  const values = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : undefined;
  if (typeof config === 'string') return { text: config, ...(values ? { values } : {}) };
  if (config === null || typeof config !== 'object') return undefined;
  const c = config as PlainConfig & { submit?: unknown; callback?: unknown };
  if (typeof c.submit === 'function' || typeof c.callback === 'function' || typeof c.text !== 'string')
    return undefined;
  return values ? { ...c, values } : c;
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const isBegin = (c: PlainConfig) => BEGIN.test(c.text) && !(c.values && c.values.length > 0);

function endsTransaction(c: PlainConfig): 'COMMIT' | 'ROLLBACK' | undefined {
  if (c.values && c.values.length > 0) return undefined;
  const text = c.text.trim().toLowerCase();
  if (text === 'commit' || text === 'end') return 'COMMIT';
  if (text === 'rollback' || text === 'abort') return 'ROLLBACK';
  return undefined;
}

/** Whether this connection has parsed (or sent the Parse of) the named statement. */
function parsedOn(client: pg.PoolClient | pg.Client, name: string): boolean {
  const c = (client as unknown as { connection?: Partial<Connection> }).connection;
  return Boolean(c?.parsedStatements?.[name] ?? c?.submittedNamedStatements?.[name]);
}

const emptyResult = (command: string) => ({ command, rowCount: null, oid: null, rows: [], fields: [] });

/** The internals of pg's Query this class relies on (stable across pg 8). */
interface Connection {
  parse(m: { text: string; name?: string }): void;
  bind(m: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(m: { portal?: string; rows?: number }): void;
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
}
type QueryInternals = {
  name?: string;
  prepare(c: Connection): void;
  handleCommandComplete(msg: unknown, c: Connection): void;
};
const Query = pg.Query as unknown as new (config: object, values?: unknown, cb?: unknown) => QueryInternals;

/**
 * One query that sends BEGIN and then itself, in the extended protocol under the statement's single Sync: the answer
 * is the statement's alone (BEGIN's completion is not a result of its own). Used only for an unnamed statement or one
 * this connection has parsed: pg marks a named statement parsed at the first ParseComplete, which here is BEGIN's.
 */
class BeginThen extends Query {
  private beginAnswered = false;

  constructor(
    private readonly begin: string,
    config: PlainConfig,
    callback: (err: Error | null, res: unknown) => void,
  ) {
    super({ ...config, queryMode: 'extended' }, undefined, callback);
  }

  override prepare(connection: Connection) {
    connection.parse({ text: this.begin });
    connection.bind({});
    connection.execute({});
    super.prepare(connection);
  }

  override handleCommandComplete(msg: unknown, connection: Connection) {
    if (!this.beginAnswered) {
      this.beginAnswered = true;
      return;
    }
    super.handleCommandComplete(msg, connection);
  }
}
