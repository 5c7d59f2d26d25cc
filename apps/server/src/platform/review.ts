import type {
  AdminDeposit,
  AdminVerification,
  AdminWithdrawal,
  FundingStatusData,
  ReviewStatus,
  VerificationStatus,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from './db.js';

/**
 * What an operator's decision carries into a domain (deposits, withdrawals, verifications). The domain applies
 * it in one transaction with `recordAudit`, and only to a record still under review, so a decision happens
 * exactly once however many operators click.
 */
export interface Decision {
  operatorId: string;
  /** Required to reject (the user sees it); optional to approve. */
  reason: string | null;
}

export interface ReviewListQuery<S extends string = ReviewStatus> {
  status?: S;
  page: number;
  pageSize: number;
}

export interface AuditEntryInput {
  /** The operator who acted, or whose login was attempted; null only for a login attempt on an unknown username. */
  operatorId: string | null;
  /** A login attempt's username as typed (normalised): what names an attempt on no operator. */
  attemptedName?: string | null;
  /** A login attempt's address. */
  ip?: string | null;
  /** e.g. 'deposit.approve', 'withdrawal.reject', 'verification.approve'. */
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** Writes one audit row in the caller's transaction: the decision and its record of it commit together. */
export async function recordAudit(tx: Executor, e: AuditEntryInput): Promise<void> {
  await tx.execute(sql`
    INSERT INTO audit_log (operator_id, action, entity, entity_id, before, after, reason, attempted_name, ip)
    VALUES (${e.operatorId === null ? null : BigInt(e.operatorId)}, ${e.action}, ${e.entity}, ${e.entityId},
            ${JSON.stringify(e.before ?? null)}::jsonb, ${JSON.stringify(e.after ?? null)}::jsonb, ${e.reason},
            ${e.attemptedName ?? null}, ${e.ip ?? null})`);
}

/** Work a domain adds to an approval's transaction for the user it approved (the referral programme's qualification). */
export type ApprovalHook = (tx: Executor, userId: bigint) => Promise<unknown>;

/**
 * The ports the operator API (modules/admin) drives; the domains implement them and app.ts hands them over,
 * so admin never imports a domain. Each approve/reject applies only to a record still under review (else it
 * throws `refused('review.alreadyDecided')`), writes its audit row, and returns the record as it now is.
 */
export interface Page<T> {
  list: T[];
  total: number;
}
export interface FundingOperations {
  listDeposits(q: ReviewListQuery): Promise<Page<AdminDeposit>>;
  approveDeposit(id: string, d: Decision): Promise<AdminDeposit>;
  rejectDeposit(id: string, d: Decision): Promise<AdminDeposit>;
  listWithdrawals(q: ReviewListQuery): Promise<Page<AdminWithdrawal>>;
  approveWithdrawal(id: string, d: Decision): Promise<AdminWithdrawal>;
  rejectWithdrawal(id: string, d: Decision): Promise<AdminWithdrawal>;
  /** Deposit options and whether each chain's receiving address is configured. */
  fundingStatus(): FundingStatusData;
}
export interface KycOperations {
  listVerifications(q: ReviewListQuery<VerificationStatus>): Promise<Page<AdminVerification>>;
  approveVerification(id: string, d: Decision): Promise<AdminVerification>;
  rejectVerification(id: string, d: Decision): Promise<AdminVerification>;
}
/** Stored uploads, for the operator's file route (operators may read any upload). */
export interface UploadReader {
  read(name: string): Promise<{ bytes: Buffer; mime: string; userId: string } | null>;
}
