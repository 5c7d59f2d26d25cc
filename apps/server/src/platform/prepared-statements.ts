import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL (issue 18 §1; docs/decisions.md "Statements are prepared once a
 * connection"). node-postgres sends every parameterized query unnamed, so PostgreSQL parses and plans each one again:
 * for the ledger's statements most of a money call's database time. A statement text the process has sent twice gets
 * a name; each pooled connection then parses it once and PostgreSQL may keep its plan (after five executions it
 * uses a generic plan when that costs no more than the custom ones, as JDBC, pgx and asyncpg rely on).
 *
 * Bounded: the names are capped (`limit`), so a connection holds at most that many prepared statements whatever the
 * process sends; texts built with a varying number of placeholders (which repositories avoid by sending bulk rows as
 * one JSON parameter) are named only while room remains and run unnamed after. Texts with no parameters (transaction
 * control, migrations of several statements) always run unnamed.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  /** Texts seen once, by digest; emptied when full, so one-off texts cost a bounded amount of memory. */
  private readonly once = new Set<string>();

  constructor(
    private readonly limit = 300,
    private readonly onceLimit = 10_000,
  ) {}

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameOf(text: string, hasParameters: boolean): string | undefined {
    if (!hasParameters) return undefined;
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.limit) return undefined;
    const digest = createHash('sha1').update(text).digest('base64url');
    if (!this.once.has(digest)) {
      if (this.once.size >= this.onceLimit) this.once.clear();
      this.once.add(digest);
      return undefined;
    }
    this.once.delete(digest);
    const name = `nexa_${digest.slice(0, 16)}`;
    this.names.set(text, name);
    return name;
  }

  /** How many texts are named. */
  get size(): number {
    return this.names.size;
  }
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * Makes `client` send the texts `names` names as named statements (a query given a name of its own keeps it). Applied
 * to each connection of a pool as it opens; node-postgres remembers per connection what it has parsed, so a
 * replacement connection (after a lost one) parses again.
 */
export function nameStatements(client: pg.PoolClient | pg.Client, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (typeof config === 'string' && Array.isArray(rest[0])) {
      // query(text, values, …)
      const name = names.nameOf(config, rest[0].length > 0);
      if (name !== undefined) return query({ text: config, values: rest[0], name }, ...rest.slice(1));
      return query(config, ...rest);
    }
    // A submittable (a cursor, a stream) is its own object with its own methods: passed on as it is.
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (
      !submittable &&
      config !== null &&
      typeof config === 'object' &&
      typeof (config as QueryConfigLike).text === 'string'
    ) {
      const c = config as QueryConfigLike;
      if (c.name === undefined) {
        const values = Array.isArray(c.values) ? c.values : Array.isArray(rest[0]) ? rest[0] : [];
        const name = names.nameOf(c.text as string, values.length > 0);
        if (name !== undefined) return query({ ...c, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}
