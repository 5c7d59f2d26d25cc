import { z } from 'zod';
import { AuditListBody, IpAddress, OperatorName, OperatorProfile, OperatorRole } from './admin.js';
import { AccountMode, EpochMs, Page, freeText, pageOf } from './common.js';
import { type ApiDef, def } from './define.js';
import { TotpSetupData } from './security.js';

/**
 * The operator console's own calls (issue 17): operators and their roles, an operator's second factor. Every
 * operator call is allowed per role by the server's one table (modules/admin/roles.ts).
 */
export const OperatorAccount = OperatorProfile.extend({
  disabled: z.boolean(),
  createdAt: EpochMs,
  /** While failed logins lock the operator out (from some address): when the lock ends. */
  lockedUntil: EpochMs.nullable(),
});
export type OperatorAccount = z.infer<typeof OperatorAccount>;

const OperatorId = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/);

export const OperatorCreateBody = z.object({
  username: OperatorName,
  password: z.string().min(1).max(256),
  role: OperatorRole,
});
/** Another operator's access changes only with a reason, kept in the audit log (the console asks for it first). */
const AccessReason = freeText(500, { min: 1, multiline: true });
export const OperatorRoleBody = z.object({ id: OperatorId, role: OperatorRole, reason: AccessReason });
export const OperatorDisableBody = z.object({ id: OperatorId, disabled: z.boolean(), reason: AccessReason });
/** Lifts an operator's login lock (admin only, audited with the reason). */
export const OperatorUnlockBody = z.object({ id: OperatorId, reason: AccessReason });
/**
 * An address locked out of logins for failing on many accounts (users' logins or operators'): the whole office behind
 * one address is locked out until `lockedUntil`, whatever account it tries; an admin may lift it (audited).
 */
export const LockedAddress = z.object({
  scope: z.enum(['user', 'operator']),
  ip: z.string(),
  /** Attempts counted in the window that locked it. */
  failures: z.number().int(),
  lockedUntil: EpochMs,
});
export type LockedAddress = z.infer<typeof LockedAddress>;
/** At most this many locked addresses are listed (the latest locks first). */
export const LOCKED_ADDRESSES_MAX = 200;
export const AddressUnlockBody = z.object({
  scope: z.enum(['user', 'operator']),
  ip: IpAddress,
  reason: AccessReason,
});
/** Sets another operator's password (admin only): their sessions end; the password is never audited. */
export const OperatorResetPasswordBody = z.object({
  id: OperatorId,
  password: z.string().min(1).max(256),
  reason: AccessReason,
});
/** Turns another operator's authenticator off (admin only; a lost phone): they log in with the password alone. */
export const OperatorResetTotpBody = z.object({ id: OperatorId, reason: AccessReason });
export const OperatorTotpBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

const Empty = z.object({}).passthrough();

/* ---- Users, as support sees them (read only but for the freezes, sessions and second factor). ---- */

const UserId = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/);
/**
 * uid, mobile number or invitation code (exact) or any part of an e-mail; empty or absent: every user, newest first
 * (paged like any list).
 */
export const UserSearchBody = Page.extend({ q: freeText(100).default('') });
export const AdminUserSummary = z.object({
  userId: z.string(),
  uid: z.number().int(),
  email: z.string().nullable(),
  /** `+<area code> <number>`. */
  mobile: z.string().nullable(),
  inviteCode: z.string(),
  mode: AccountMode,
  createdAt: EpochMs,
  loginsFrozen: z.boolean(),
  withdrawalsFrozen: z.boolean(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminBalance = z.object({
  mode: AccountMode,
  wallet: z.string(),
  currency: z.string(),
  available: z.string(),
  frozen: z.string(),
});
export const AdminUserDetail = AdminUserSummary.extend({
  inviterUid: z.number().int().nullable(),
  /** The inviter's page (`admin/user`), when the user was invited. */
  inviterId: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /**
   * Each freeze in force with the audited action that set it: the reason given, the operator (id and name) and
   * when. Empty when nothing is frozen (or a freeze has no audited action).
   */
  freezes: z.array(
    z.object({
      what: z.enum(['logins', 'withdrawals']),
      reason: z.string().nullable(),
      operatorId: z.string(),
      operatorName: z.string(),
      at: EpochMs,
    }),
  ),
  verifications: z.array(z.object({ id: z.string(), level: z.string(), status: z.string(), createdAt: EpochMs })),
  balances: z.array(AdminBalance),
  /** The bound bank card (withdrawals to a bank are paid to it), its number masked as the user's app shows it. */
  bankCard: z
    .object({ bankName: z.string(), userName: z.string(), cardNumber: z.string(), boundAt: EpochMs })
    .nullable(),
  /**
   * Bound withdrawal addresses: their age matters to a withdrawal's review; `usableAt`, when a newly bound one may be
   * withdrawn to (the user's app says the same time).
   */
  addresses: z.array(
    z.object({
      chain: z.string(),
      address: z.string(),
      label: z.string().nullable(),
      boundAt: EpochMs,
      usableAt: EpochMs,
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: EpochMs,
      expiresAt: EpochMs,
      lastSeenAt: EpochMs.nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const UserIdBody = z.object({ userId: UserId });
export const UserPageBody = Page.extend({ userId: UserId });
export const AdminUserChange = z.object({
  id: z.string(),
  mode: AccountMode,
  wallet: z.string(),
  currency: z.string(),
  type: z.string(),
  /** Signed change of the available balance. */
  amount: z.string(),
  /** Signed change of the frozen balance: a hold is amount −x with frozen +x, a spend out of it frozen −x alone. */
  frozenChange: z.string(),
  /** The available balance after the change. */
  balanceAfter: z.string(),
  ref: z.string(),
  createdAt: EpochMs,
});
export type AdminUserChange = z.infer<typeof AdminUserChange>;
export const AdminUserOrder = z.object({
  product: z.enum(['delivery', 'perpetual']),
  id: z.string(),
  mode: AccountMode,
  symbol: z.string(),
  /** call/put for delivery, long/short for perpetual. */
  side: z.string(),
  /** The stake (delivery) or the quantity in contracts (perpetual). */
  amount: z.string(),
  /** The currency of the stake, margin and PnL (both products settle in the quote currency). */
  currency: z.string(),
  /**
   * What the order won or lost: a settled delivery order's profit as its owner sees it, a perpetual order's realised
   * PnL of the fills that closed lots; null while there is none (open, pending, opening fills).
   */
  pnl: z.string().nullable(),
  /** A perpetual order's position's liquidation price while that position is open; null otherwise. */
  liquidationPrice: z.string().nullable(),
  status: z.string(),
  createdAt: EpochMs,
});
export const AdminUserPosition = z.object({
  id: z.string(),
  mode: AccountMode,
  symbol: z.string(),
  side: z.string(),
  quantity: z.string(),
  leverage: z.number().int(),
  entryPrice: z.string(),
  margin: z.string(),
  /** The currency of margin and PnL (USDT-margined). */
  currency: z.string(),
  realizedPnl: z.string(),
  /** At this node's latest tick, as the user's own position list shows them; null once the position is closed. */
  markPrice: z.string().nullable(),
  unrealizedPnl: z.string().nullable(),
  liquidationPrice: z.string().nullable(),
  status: z.string(),
  openedAt: EpochMs,
});
export const AdminUserFunding = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  id: z.string(),
  currency: z.string(),
  chain: z.string().nullable(),
  amount: z.string(),
  status: z.string(),
  createdAt: EpochMs,
});

const Reason = freeText(500, { min: 1, multiline: true });
export const UserFreezeBody = z.object({
  userId: UserId,
  what: z.enum(['logins', 'withdrawals']),
  frozen: z.boolean(),
  reason: Reason,
});
export const UserActionBody = z.object({ userId: UserId, reason: Reason });

/* ---- The dashboard. ---- */

export const DashboardData = z.object({
  reviews: z.array(
    z.object({
      kind: z.enum(['deposit', 'withdrawal', 'verification']),
      waiting: z.number().int(),
      oldestAt: EpochMs.nullable(),
    }),
  ),
  users: z.object({ total: z.number().int(), today: z.number().int() }),
  /** Approved since 00:00 UTC (money that moved in or out today), per currency. */
  fundsToday: z.array(
    z.object({
      currency: z.string(),
      deposits: z.number().int(),
      depositAmount: z.string(),
      withdrawals: z.number().int(),
      withdrawalAmount: z.string(),
    }),
  ),
  /** What users lost minus what they won (and perpetual fees), per product and mode, settled in the window. */
  housePnl: z.array(
    z.object({
      product: z.enum(['delivery', 'perpetual']),
      symbol: z.string(),
      mode: AccountMode,
      today: z.string(),
      days7: z.string(),
      days30: z.string(),
    }),
  ),
  openInterest: z.array(
    z.object({
      symbol: z.string(),
      mode: AccountMode,
      long: z.string(),
      short: z.string(),
      positions: z.number().int(),
    }),
  ),
  /** Open delivery orders by the minute they expire: stakes held and what the house pays if all win. */
  deliveryExposure: z.array(
    z.object({
      expiresAt: EpochMs,
      mode: AccountMode,
      orders: z.number().int(),
      stake: z.string(),
      maxPayout: z.string(),
    }),
  ),
  feed: z.object({
    on: z.boolean(),
    /** Whether the node that answered leads the feed and the trigger engine. */
    thisNodeLeadsFeed: z.boolean(),
    thisNodeLeadsTriggers: z.boolean(),
    /** Age of the oldest newest stored tick among priced products; null when none is stored. */
    lastTickAgeMs: z.number().int().nullable(),
  }),
  settlementLagMs: z.number().int(),
  at: EpochMs,
});
export type DashboardData = z.infer<typeof DashboardData>;

/* ---- The audit log's export. ---- */

/** The audit log's filters, without paging: at most AUDIT_EXPORT_MAX rows, newest first. */
export const AuditExportBody = AuditListBody.omit({ page: true, pageSize: true });
export const AUDIT_EXPORT_MAX = 10_000;
export const AuditExportData = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });

export const consoleApi = {
  'admin/operators': def(true, 'operator', Empty, z.object({ list: z.array(OperatorAccount) })),
  'admin/operatorCreate': def(false, 'operator', OperatorCreateBody, OperatorAccount),
  'admin/operatorSetRole': def(false, 'operator', OperatorRoleBody, OperatorAccount),
  'admin/operatorSetDisabled': def(false, 'operator', OperatorDisableBody, OperatorAccount),
  'admin/operatorUnlock': def(false, 'operator', OperatorUnlockBody, OperatorAccount),
  'admin/operatorResetPassword': def(false, 'operator', OperatorResetPasswordBody, OperatorAccount),
  'admin/operatorResetTotp': def(false, 'operator', OperatorResetTotpBody, OperatorAccount),
  'admin/lockedAddresses': def(true, 'operator', Empty, z.object({ list: z.array(LockedAddress) })),
  'admin/addressUnlock': def(false, 'operator', AddressUnlockBody, z.object({ lockedUntil: EpochMs.nullable() })),
  'admin/totpSetup': def(false, 'operator', Empty, TotpSetupData),
  'admin/totpEnable': def(false, 'operator', OperatorTotpBody, OperatorProfile),
  'admin/users': def(true, 'operator', UserSearchBody, pageOf(AdminUserSummary)),
  'admin/user': def(true, 'operator', UserIdBody, AdminUserDetail),
  'admin/userChanges': def(true, 'operator', UserPageBody, pageOf(AdminUserChange)),
  'admin/userOrders': def(true, 'operator', UserPageBody, pageOf(AdminUserOrder)),
  'admin/userPositions': def(true, 'operator', UserPageBody, pageOf(AdminUserPosition)),
  'admin/userFunding': def(true, 'operator', UserPageBody, pageOf(AdminUserFunding)),
  'admin/userFreeze': def(false, 'operator', UserFreezeBody, AdminUserSummary),
  'admin/userRevokeSessions': def(false, 'operator', UserActionBody, z.object({ revoked: z.number().int() })),
  'admin/userReset2fa': def(false, 'operator', UserActionBody, z.object({ wasOn: z.boolean() })),
  'admin/dashboard': def(true, 'operator', Empty, DashboardData),
  'admin/auditExport': def(true, 'operator', AuditExportBody, AuditExportData),
} as const satisfies Record<string, ApiDef>;

export type ConsoleApi = typeof consoleApi;
export type ConsolePath = keyof ConsoleApi;
