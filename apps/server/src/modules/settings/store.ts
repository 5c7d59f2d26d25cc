import type { SettingKey, SettingValues, Setting as SettingView } from '@nexa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Database } from '../../platform/db.js';
import { settingDefinitions } from './definitions.js';
import { type SettingRow, settingsRepository as repo } from './repository.js';

/** How often a node checks the configuration revision, in case it missed the bus message. */
export const REVISION_POLL_MS = 2_000;

export interface SettingsStoreDeps {
  database: Database;
  bus: Bus;
  log: FastifyBaseLogger;
  /** The first-start values (from the environment). */
  defaults: SettingValues;
  pollMs?: number;
}

/**
 * The live settings of this node. Loaded at start (after writing the first-start defaults of settings the
 * database lacks), then reloaded whenever the configuration revision moves: at once on the bus's `config` message,
 * and at the latest `pollMs` later by a timer comparing revisions (a node that missed the message converges).
 * Readers call `get` on every use, so a change applies to the next call without a restart.
 */
export class SettingsStore {
  private values: SettingValues;
  private rows = new Map<SettingKey, SettingView>();
  private loaded = -1;
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: (() => Promise<void> | void)[] = [];

  constructor(private readonly d: SettingsStoreDeps) {
    this.values = { ...d.defaults };
  }

  async start(): Promise<void> {
    await repo.insertDefaults(this.d.database.db, this.d.defaults);
    await this.refresh(true);
    await this.d.bus.subscribe('config', (m) => {
      if (m.revision !== this.loaded) void this.refresh();
    });
    this.timer = setInterval(() => void this.refresh(), this.d.pollMs ?? REVISION_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  get<K extends SettingKey>(key: K): SettingValues[K] {
    return this.values[key];
  }

  /** The revision this node has loaded. */
  get revision(): number {
    return this.loaded;
  }

  list(): SettingView[] {
    return [...this.rows.values()];
  }

  /** Work to redo after every reload that saw a new revision (the market's catalogue). */
  onChange(fn: () => Promise<void> | void): void {
    this.listeners.push(fn);
  }

  /** After a change committed: reload here at once and tell the other nodes. */
  async changed(revision: number): Promise<void> {
    await this.refresh();
    await this.d.bus
      .publish('config', { revision })
      .catch((err) => this.d.log.warn({ err }, 'settings: publish failed (other nodes poll the revision)'));
  }

  /** Reloads when the stored revision differs from the loaded one; one reload at a time. */
  refresh(force = false): Promise<void> {
    this.chain = this.chain
      .then(() => this.reload(force))
      .catch((err) => this.d.log.warn({ err }, 'settings: reload failed; retrying on the next check'));
    return this.chain;
  }

  private async reload(force: boolean): Promise<void> {
    const db = this.d.database.db;
    // The revision first: a change committing meanwhile leaves the rows newer than it, and the next check reloads.
    const revision = await repo.revision(db);
    if (!force && revision === this.loaded) return;
    const rows = await repo.all(db);
    const next = { ...this.values } as Record<SettingKey, unknown>;
    for (const row of rows) {
      const key = row.key as SettingKey;
      const definition = settingDefinitions[key];
      if (!definition) continue;
      const parsed = definition.schema.safeParse(row.value);
      if (!parsed.success) {
        this.d.log.error({ key }, 'settings: stored value does not fit its schema; keeping the previous one');
        continue;
      }
      next[key] = parsed.data;
      this.rows.set(key, toView(row, parsed.data));
    }
    this.values = next as SettingValues;
    const first = this.loaded < 0;
    this.loaded = revision;
    if (first) return;
    for (const fn of this.listeners) await fn();
  }
}

export function toView(row: SettingRow, value: unknown): SettingView {
  return {
    key: row.key as SettingKey,
    value,
    version: row.version,
    updatedAt: Number(row.updated_ms),
    updatedBy: row.updated_by,
    updatedByName: row.updated_by_name,
  };
}
