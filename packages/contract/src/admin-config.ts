import { z } from 'zod';
import { AccountMode, EpochMs, Page, freeText, pageOf } from './common.js';
import { type ApiDef, def } from './define.js';
import { CHAINS, Chain, isChainAddress } from './funding.js';
import { Category, DeliveryPeriod, ProductSymbol } from './market.js';
import { AppDownloadData } from './messages.js';
import { Currency, RequestId, Wallet } from './wallets.js';

/**
 * The operators' configuration (issue 17): platform settings kept in the database (the environment variables are
 * only their first-start defaults), the product catalogue's trading settings, and four-eyes balance adjustments.
 * Shapes and formats are checked here; what depends on several fields (min ≤ max, safe yields) is checked by
 * `@nexa/rules` (admin-config) on the server, which answers 400 naming the field.
 */

/** A non-negative decimal of at most 12 integer digits and 8 decimals. */
const Decimal = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/);

export const WithdrawalSettings = z.object({
  /** Per withdrawal, in USD. */
  minUsd: Decimal,
  maxUsd: Decimal,
  /** Percent of the amount, below 100. */
  feePercent: Decimal,
  /** Withdrawals a user may submit per UTC day. */
  dailyLimit: z.number().int().min(1).max(1000),
});
export type WithdrawalSettings = z.infer<typeof WithdrawalSettings>;

export const DepositOption = z.object({
  currency: Currency,
  chains: z
    .array(z.object({ chain: Chain, minAmount: Decimal }))
    .min(1)
    .max(CHAINS.length),
});
export const DepositSettings = z
  .object({
    /** Per currency, the chains it is deposited on and the least accepted per deposit. */
    options: z.array(DepositOption).min(1).max(10),
    /** The platform's receiving address per chain (checked against the chain's format); a chain without one takes no deposits. */
    addresses: z.partialRecord(Chain, z.string().trim().min(1).max(120)),
  })
  .superRefine((v, ctx) => {
    for (const chain of CHAINS) {
      const address = v.addresses[chain];
      if (address !== undefined && !isChainAddress(chain, address)) {
        ctx.addIssue({ code: 'custom', path: ['addresses', chain], message: 'invalid' });
      }
    }
  });
export type DepositSettings = z.infer<typeof DepositSettings>;

export const RegistrationSettings = z.object({ inviteCodeRequired: z.boolean() });
export type RegistrationSettings = z.infer<typeof RegistrationSettings>;

export const DemoSettings = z.object({
  /** Demo USDT granted per monthly claim. */
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/),
});
export type DemoSettings = z.infer<typeof DemoSettings>;

/** Copy trading (issue 14): the most a leader may ask of a follower's profit on a won copy, 0–10 % (rules check the 10). */
export const CopyTradingSettings = z.object({
  profitShareCapPct: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/),
});
export type CopyTradingSettings = z.infer<typeof CopyTradingSettings>;

/**
 * THE table of settings: one entry per setting, its schema here and its environment default in the server's
 * `modules/settings/definitions.ts` (the type system makes both exist). A new setting is one entry in each.
 */
export const settingSchemas = {
  withdrawal: WithdrawalSettings,
  deposit: DepositSettings,
  registration: RegistrationSettings,
  demo: DemoSettings,
  copy: CopyTradingSettings,
  /** The native apps users download (mine/download): an https link and a version per platform, or none. */
  appDownload: AppDownloadData,
} as const;
export type SettingSchemas = typeof settingSchemas;
export type SettingKey = keyof SettingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<SettingSchemas[K]>;
export type SettingValues = { [K in SettingKey]: SettingValue<K> };
export const SETTING_KEYS = Object.keys(settingSchemas) as SettingKey[];
export const SettingKeySchema = z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]);

export const Setting = z.object({
  key: SettingKeySchema,
  value: z.unknown(),
  /** Bumped on every change of this setting. */
  version: z.number().int(),
  updatedAt: EpochMs,
  /** The operator who last changed it; null: still the first-start default. */
  updatedBy: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type Setting = z.infer<typeof Setting>;
export const SettingsData = z.object({
  /** The configuration revision: bumped by every settings or product change, on every node within seconds. */
  revision: z.number().int(),
  list: z.array(Setting),
});
export type SettingsData = z.infer<typeof SettingsData>;

/** The whole value of one setting; `value` is checked by that setting's schema (errors name `value.<field>`). */
export const UpdateSettingBody = z
  .object({
    key: SettingKeySchema,
    value: z.unknown(),
    /** The version the operator edited: refused if someone changed it since. Optional. */
    version: z.number().int().min(0).optional(),
    reason: freeText(500, { multiline: true }).optional(),
  })
  .superRefine((b, ctx) => {
    const parsed = settingSchemas[b.key].safeParse(b.value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['value', ...issue.path.map(String)], message: issue.message });
    }
  })
  .transform((b) => ({ ...b, value: settingSchemas[b.key].parse(b.value) as SettingValues[SettingKey] }));

// ---- products ----

export const AdminProduct = z.object({
  symbol: z.string(),
  name: z.string(),
  category: Category,
  enabled: z.boolean(),
  pricePrecision: z.number().int(),
  sizePrecision: z.number().int(),
  contractSize: z.string(),
  maxLeverage: z.number().int(),
  feeRate: z.string(),
  periods: z.array(DeliveryPeriod),
});
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductsData = z.object({ revision: z.number().int(), list: z.array(AdminProduct) });

/** Only the fields given change; the others keep their value. */
export const UpdateProductBody = z.object({
  symbol: ProductSymbol,
  enabled: z.boolean().optional(),
  maxLeverage: z.number().int().min(1).max(200).optional(),
  /** Base units per lot (new orders; open positions keep theirs). */
  contractSize: Decimal.optional(),
  /** Fee rate on notional, e.g. "0.0005". */
  feeRate: Decimal.optional(),
  reason: freeText(500, { multiline: true }).optional(),
});
export type UpdateProductBody = z.infer<typeof UpdateProductBody>;

export const PeriodInput = z.object({
  seconds: z.number().int().min(1),
  /** Profit rate on a win, e.g. "0.85". */
  yield: Decimal,
  minStake: Decimal,
  maxStake: Decimal,
});
/** A product's delivery periods, all of them (the list replaces the current one). */
export const SetPeriodsBody = z.object({
  symbol: ProductSymbol,
  periods: z.array(PeriodInput).min(1).max(12),
  reason: freeText(500, { multiline: true }).optional(),
});
export type SetPeriodsBody = z.infer<typeof SetPeriodsBody>;

// ---- balance adjustments (four eyes) ----

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AdjustmentStatus = z.enum(ADJUSTMENT_STATUSES);
export type AdjustmentStatus = z.infer<typeof AdjustmentStatus>;

/** A signed decimal: positive credits the user, negative debits them. */
export const SignedAmount = z
  .string()
  .trim()
  .regex(/^-?(0|[1-9]\d{0,14})(\.\d{1,18})?$/);

export const ProposeAdjustmentBody = z.object({
  requestId: RequestId,
  /** The user's uid (as operators see it). */
  uid: z.number().int().positive(),
  wallet: Wallet,
  mode: AccountMode,
  currency: Currency,
  amount: SignedAmount,
  reason: freeText(500, { min: 1, multiline: true }),
});
export type ProposeAdjustmentBody = z.infer<typeof ProposeAdjustmentBody>;

export const Adjustment = z.object({
  id: z.string(),
  uid: z.number().int(),
  userId: z.string(),
  /** The user's login, as operators see it (unmasked, as the review queues show a record's owner). */
  email: z.string().nullable(),
  /** `+<area code> <number>`. */
  mobile: z.string().nullable(),
  wallet: Wallet,
  mode: AccountMode,
  currency: Currency,
  amount: z.string(),
  reason: z.string(),
  status: AdjustmentStatus,
  proposedBy: z.string(),
  /** The operators' usernames, as the audit log names them. */
  proposedByName: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The ledger transfer an approval posted. */
  transferId: z.string().nullable(),
  createdAt: EpochMs,
  decidedAt: EpochMs.nullable(),
});
export type Adjustment = z.infer<typeof Adjustment>;

export const AdjustmentListBody = Page.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), AdjustmentStatus.optional()),
});
export const DecideAdjustmentBody = z.object({
  id: z.string().regex(/^\d{1,18}$/),
  reason: freeText(500, { multiline: true }).optional(),
});
export const RejectAdjustmentBody = z.object({
  id: z.string().regex(/^\d{1,18}$/),
  reason: freeText(500, { min: 1, multiline: true }),
});

const Empty = z.object({}).passthrough();

/**
 * The calls (operator sessions, ADMIN-TOKEN). Roles (issue 17): settings and products need `admin`; adjustments
 * need `finance` (or `admin`), and the approver must not be the proposer.
 */
export const adminConfigApi = {
  'admin/settings': def(true, 'operator', Empty, SettingsData),
  'admin/updateSetting': def(false, 'operator', UpdateSettingBody, Setting),
  'admin/products': def(true, 'operator', Empty, AdminProductsData),
  'admin/updateProduct': def(false, 'operator', UpdateProductBody, AdminProduct),
  'admin/setDeliveryPeriods': def(false, 'operator', SetPeriodsBody, AdminProduct),
  'admin/adjustments': def(true, 'operator', AdjustmentListBody, pageOf(Adjustment)),
  'admin/proposeAdjustment': def(false, 'operator', ProposeAdjustmentBody, Adjustment),
  'admin/approveAdjustment': def(false, 'operator', DecideAdjustmentBody, Adjustment),
  'admin/rejectAdjustment': def(false, 'operator', RejectAdjustmentBody, Adjustment),
} as const satisfies Record<string, ApiDef>;
export type AdminConfigApi = typeof adminConfigApi;
