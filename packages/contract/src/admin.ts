import { z } from 'zod';
import { adminConfigApi } from './admin-config.js';
import { EpochMs, Page, freeText, pageOf } from './common.js';
import { contentAdminApi } from './content.js';
import { type ApiDef, def } from './define.js';
import { Chain, DepositRecord, ReviewStatus, WithdrawalRecord } from './funding.js';
import { VerificationLevel, VerificationStatus, VerifiedIdentity } from './kyc.js';
import { oversightApi } from './oversight.js';
import { referralAdminApi } from './referral.js';
import { supportAdminApi } from './support.js';
import { Currency } from './wallets.js';

/**
 * The operator API under /api/admin/ (ARCHITECTURE §6): operators are not users; they log in with
 * `admin/login` and send their token in the `ADMIN-TOKEN` header. Every decision is audited.
 */
export const OperatorName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,32}$/);
export const Operator = z.object({ id: z.string(), username: z.string() });
export type Operator = z.infer<typeof Operator>;

/** Operator roles (issue 17): what each may call is the server's one table, modules/admin/roles.ts. */
export const OperatorRole = z.enum(['admin', 'reviewer', 'support', 'content', 'finance']);
export type OperatorRole = z.infer<typeof OperatorRole>;
/** Who is signed in, as the console shows it. */
export const OperatorProfile = Operator.extend({ role: OperatorRole, totpEnabled: z.boolean() });
export type OperatorProfile = z.infer<typeof OperatorProfile>;
/** `admin/me`: the profile, and whether the console must have the second factor turned on before anything else. */
export const OperatorMe = OperatorProfile.extend({ twoFactorRequired: z.boolean() });
export type OperatorMe = z.infer<typeof OperatorMe>;

/** `totpCode` is required once the operator has enrolled a second factor (admin/totpEnable). */
export const AdminLoginBody = z.object({
  username: OperatorName,
  password: z.string().min(1).max(256),
  totpCode: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{6}$/)
      .optional(),
  ),
});
export const AdminSessionData = z.object({ token: z.string(), operator: OperatorProfile });
export type AdminSessionData = z.infer<typeof AdminSessionData>;

/** Who a record belongs to, as an operator sees it. */
export const RecordOwner = z.object({
  userId: z.string(),
  uid: z.number().int(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});

export const ReviewListBody = Page.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), ReviewStatus.optional()),
});
/** Who decided a record (both null while it is under review): operators see each other's names; users never do. */
export const ReviewedBy = { reviewedBy: z.string().nullable(), reviewedByName: z.string().nullable() };
export const AdminDeposit = DepositRecord.extend({ owner: RecordOwner, ...ReviewedBy });
export type AdminDeposit = z.infer<typeof AdminDeposit>;
export const AdminWithdrawal = WithdrawalRecord.extend({ owner: RecordOwner, ...ReviewedBy });
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

/** Approve: reason optional. Reject: reason required (the user sees it). */
export const ApproveBody = z.object({
  id: z.string().min(1).max(40),
  reason: freeText(500, { multiline: true }).optional(),
});
export const RejectBody = z.object({
  id: z.string().min(1).max(40),
  reason: freeText(500, { min: 1, multiline: true }),
});

export const AdminVerification = z.object({
  id: z.string(),
  owner: RecordOwner,
  level: VerificationLevel,
  status: VerificationStatus,
  country: z.string(),
  name: z.string(),
  /** Operators see the full number. */
  idNumber: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  /** /api/admin/file/<name>, with the ADMIN-TOKEN header. */
  frontImageUrl: z.string().nullable(),
  backImageUrl: z.string().nullable(),
  /** An advanced submission's verified basic identity (null for a basic one, or none verified). */
  basic: VerifiedIdentity.nullable(),
  reason: z.string().nullable(),
  createdAt: EpochMs,
  reviewedAt: EpochMs.nullable(),
  ...ReviewedBy,
});
export type AdminVerification = z.infer<typeof AdminVerification>;
export const VerificationListBody = Page.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), VerificationStatus.optional()),
});

/** An address as the server saw it (IPv4 or IPv6). */
export const IpAddress = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f:.]{2,45}$/);

export const AuditEntry = z.object({
  id: z.string(),
  /** Who acted (or whose login was tried); null for a login attempt on a username no operator has. */
  operator: Operator.nullable(),
  /** A login attempt's username as typed; null for other entries. */
  attemptedName: z.string().nullable(),
  /** A login attempt's address (or the address an unlock was for); null for other entries. */
  ip: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: EpochMs,
  /** A deposit's or withdrawal's order number (what the user quotes); null for other records. */
  orderNo: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditListBody = Page.extend({
  entity: freeText(40).optional(),
  entityId: freeText(40).optional(),
  operatorId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{1,18}$/)
      .optional(),
  ),
  action: freeText(60).optional(),
  ip: z.preprocess((v) => (v === '' ? undefined : v), IpAddress.optional()),
  /** Epoch ms, inclusive / exclusive. */
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
});

/**
 * `admin/fundingStatus`: each deposit option and whether the platform's address on its chain is configured (the
 * variable named is the one to set); unconfigured chains are shown to users as "not available" and refused.
 */
export const FundingStatusData = z.object({
  deposits: z.array(
    z.object({
      currency: Currency,
      chain: Chain,
      minAmount: z.string(),
      configured: z.boolean(),
      variable: z.string(),
    }),
  ),
  /** The variables to set before every offered chain takes deposits; empty when all are set. */
  missing: z.array(z.string()),
});
export type FundingStatusData = z.infer<typeof FundingStatusData>;

const Empty = z.object({}).passthrough();

/** `auth` here means an operator session (ADMIN-TOKEN), never a user's. */
export const adminApi = {
  'admin/login': def(false, false, AdminLoginBody, AdminSessionData),
  'admin/logout': def(false, 'operator', Empty, z.null()),
  'admin/me': def(true, 'operator', Empty, OperatorMe),
  'admin/deposits': def(true, 'operator', ReviewListBody, pageOf(AdminDeposit)),
  'admin/approveDeposit': def(false, 'operator', ApproveBody, AdminDeposit),
  'admin/rejectDeposit': def(false, 'operator', RejectBody, AdminDeposit),
  'admin/withdrawals': def(true, 'operator', ReviewListBody, pageOf(AdminWithdrawal)),
  'admin/approveWithdrawal': def(false, 'operator', ApproveBody, AdminWithdrawal),
  'admin/rejectWithdrawal': def(false, 'operator', RejectBody, AdminWithdrawal),
  'admin/verifications': def(true, 'operator', VerificationListBody, pageOf(AdminVerification)),
  'admin/approveVerification': def(false, 'operator', ApproveBody, AdminVerification),
  'admin/rejectVerification': def(false, 'operator', RejectBody, AdminVerification),
  'admin/auditLog': def(true, 'operator', AuditListBody, pageOf(AuditEntry)),
  'admin/fundingStatus': def(true, 'operator', Empty, FundingStatusData),
  ...referralAdminApi,
  ...supportAdminApi,
  ...contentAdminApi,
  ...adminConfigApi,
  ...oversightApi,
} as const satisfies Record<string, ApiDef>;

export type AdminApi = typeof adminApi;
export type AdminPath = keyof AdminApi;
