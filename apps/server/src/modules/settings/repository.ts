import type { SetPeriodsBody, SettingKey } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db.js';

/** The operator's username beside the id (the console names operators as the audit log does). */
const UPDATED_BY_NAME = sql.raw(
  '(SELECT o.username FROM operators o WHERE o.id = settings.updated_by) AS updated_by_name',
);

export interface SettingRow extends Record<string, unknown> {
  key: string;
  value: unknown;
  version: number;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_ms: string | number;
}

export interface ProductTermsRow extends Record<string, unknown> {
  symbol: string;
  enabled: boolean;
  maxLeverage: number;
  contractSize: string;
  feeRate: string;
}

/** Settings, the configuration revision and the products' trading terms. The only SQL of the settings module. */
export const settingsRepository = {
  /** First start: each setting absent so far gets its default; existing ones are never touched. */
  async insertDefaults(ex: Executor, values: Record<string, unknown>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      await ex.execute(sql`INSERT INTO settings (key, value) VALUES (${key}, ${JSON.stringify(value)}::jsonb)
                           ON CONFLICT (key) DO NOTHING`);
    }
  },

  async all(ex: Executor): Promise<SettingRow[]> {
    return queryRows<SettingRow>(
      ex,
      sql`SELECT key, value, version, updated_by::text AS updated_by, ${UPDATED_BY_NAME},
                 (extract(epoch FROM updated_at) * 1000)::bigint AS updated_ms
          FROM settings ORDER BY key`,
    );
  },

  /** Locks the setting's row for a change. */
  async lock(ex: Executor, key: SettingKey): Promise<SettingRow | undefined> {
    const rows = await queryRows<SettingRow>(
      ex,
      sql`SELECT key, value, version, updated_by::text AS updated_by, ${UPDATED_BY_NAME},
                 (extract(epoch FROM updated_at) * 1000)::bigint AS updated_ms
          FROM settings WHERE key = ${key} FOR UPDATE`,
    );
    return rows[0];
  },

  async update(ex: Executor, key: SettingKey, value: unknown, operatorId: string, at: Date): Promise<SettingRow> {
    const rows = await queryRows<SettingRow>(
      ex,
      sql`UPDATE settings SET value = ${JSON.stringify(value)}::jsonb, version = version + 1,
                 updated_by = ${BigInt(operatorId)}, updated_at = ${at.toISOString()}::timestamptz
          WHERE key = ${key}
          RETURNING key, value, version, updated_by::text AS updated_by, ${UPDATED_BY_NAME},
                    (extract(epoch FROM updated_at) * 1000)::bigint AS updated_ms`,
    );
    return rows[0]!;
  },

  async revision(ex: Executor): Promise<number> {
    const rows = await queryRows<{ revision: string | number }>(
      ex,
      sql`SELECT revision FROM config_revision WHERE id = 1`,
    );
    return Number(rows[0]?.revision ?? 0);
  },

  /** In the changing transaction: the new revision every node will load. */
  async bumpRevision(ex: Executor): Promise<number> {
    const rows = await queryRows<{ revision: string | number }>(
      ex,
      sql`UPDATE config_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision`,
    );
    return Number(rows[0]!.revision);
  },

  async lockProduct(ex: Executor, symbol: string): Promise<ProductTermsRow | undefined> {
    const rows = await queryRows<ProductTermsRow>(
      ex,
      sql`SELECT symbol, enabled, max_leverage AS "maxLeverage", trim_scale(contract_size)::text AS "contractSize",
                 trim_scale(fee_rate)::text AS "feeRate"
          FROM products WHERE symbol = ${symbol} FOR UPDATE`,
    );
    return rows[0];
  },

  async updateProduct(ex: Executor, t: ProductTermsRow, at: Date): Promise<void> {
    await ex.execute(sql`
      UPDATE products SET enabled = ${t.enabled}, max_leverage = ${t.maxLeverage},
             contract_size = ${t.contractSize}::numeric, fee_rate = ${t.feeRate}::numeric,
             updated_at = ${at.toISOString()}::timestamptz
      WHERE symbol = ${t.symbol}`);
  },

  async periods(ex: Executor, symbol: string) {
    return queryRows<{ seconds: number; yield: string; minStake: string; maxStake: string }>(
      ex,
      sql`SELECT seconds, trim_scale(yield)::text AS yield, trim_scale(min_stake)::text AS "minStake",
                 trim_scale(max_stake)::text AS "maxStake"
          FROM delivery_periods WHERE symbol = ${symbol} ORDER BY seconds`,
    );
  },

  /** The product's periods become exactly `periods` (orders keep the terms they were placed with). */
  async replacePeriods(ex: Executor, symbol: string, periods: SetPeriodsBody['periods']): Promise<void> {
    await ex.execute(sql`DELETE FROM delivery_periods WHERE symbol = ${symbol}`);
    const values = periods.map(
      (p) => sql`(${symbol}, ${p.seconds}, ${p.yield}::numeric, ${p.minStake}::numeric, ${p.maxStake}::numeric)`,
    );
    await ex.execute(sql`INSERT INTO delivery_periods (symbol, seconds, yield, min_stake, max_stake)
                         VALUES ${sql.join(values, sql`, `)}`);
  },
};
