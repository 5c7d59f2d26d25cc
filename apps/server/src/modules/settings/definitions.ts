import {
  CHAINS,
  COPY_MAX_PROFIT_SHARE_CAP,
  type SettingKey,
  type SettingSchemas,
  type SettingValues,
  settingSchemas,
} from '@nexa/contract';
import type { Config } from '../../config.js';

/**
 * THE table of settings operators change at run time (issue 17): per setting, its schema (from the contract, so
 * the console and the server check the same shape) and its default, taken from the environment at first start.
 * After the first start the database holds the value; the variable is no longer read. A new setting is one entry
 * here and one in the contract's `settingSchemas` (the types refuse one without the other).
 */
export interface SettingDefinition<K extends SettingKey> {
  schema: SettingSchemas[K];
  envDefault(config: Config): SettingValues[K];
}

export const settingDefinitions: { [K in SettingKey]: SettingDefinition<K> } = {
  withdrawal: {
    schema: settingSchemas.withdrawal,
    envDefault: ({ funding: f }) => ({
      minUsd: f.minUsd,
      maxUsd: f.maxUsd,
      feePercent: f.feePercent,
      dailyLimit: f.dailyLimit,
    }),
  },
  deposit: {
    schema: settingSchemas.deposit,
    envDefault: ({ funding: f }) => ({
      options: f.deposits.map((o) => ({ currency: o.currency, chains: o.chains.map((c) => ({ ...c })) })),
      addresses: Object.fromEntries(CHAINS.flatMap((c) => (f.depositAddresses[c] ? [[c, f.depositAddresses[c]]] : []))),
    }),
  },
  registration: {
    schema: settingSchemas.registration,
    envDefault: (c) => ({ inviteCodeRequired: c.inviteCodeRequired }),
  },
  demo: {
    schema: settingSchemas.demo,
    envDefault: (c) => ({ amount: c.demoAmount }),
  },
  copy: {
    schema: settingSchemas.copy,
    envDefault: () => ({ profitShareCapPct: COPY_MAX_PROFIT_SHARE_CAP }),
  },
  appDownload: {
    schema: settingSchemas.appDownload,
    envDefault: (c) => c.appDownload ?? { ios: null, android: null },
  },
};

/** Every setting's first-start value from this configuration. */
export function envDefaults(config: Config): SettingValues {
  const out = {} as Record<SettingKey, unknown>;
  for (const key of Object.keys(settingDefinitions) as SettingKey[])
    out[key] = settingDefinitions[key].envDefault(config);
  return out as SettingValues;
}
