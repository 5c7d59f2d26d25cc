import type {
  AdminDeposit,
  AdminWithdrawal,
  BankCard,
  Chain,
  Currency,
  DepositRecord,
  WithdrawalAddress,
  WithdrawalRecord,
} from '@nexa/contract';
import { maskBankAccount } from '@nexa/contract';
import { formatAmount, money } from '../../ledger/index.js';
import { uploadUrl } from '../../platform/uploads.js';
import type { AddressRow, BankRow, DepositRow, OwnerColumns, WithdrawalRow } from './repository.js';

/** Row → contract record. Users see their card masked; operators see what they pay out to. */
export const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
const msOrNull = (v: Date | string | null) => (v === null ? null : ms(v));

/** A card number as its owner sees it outside their own input: the last four digits. */
export const maskCard = maskBankAccount;

/** An address in a notice: enough to recognise it, not enough to copy it. */
export const maskAddress = (address: string) =>
  address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;

/** A moment as messages write it: `2026-01-31 09:05 UTC`. */
export const utcMinute = (at: number) => `${new Date(at).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

export function toWithdrawalAddress(r: AddressRow): WithdrawalAddress {
  return {
    chain: r.chain as Chain,
    address: r.address,
    label: r.label,
    updatedAt: ms(r.updated_at),
    usableAt: ms(r.usable_at),
  };
}

/** A record's number: a prefix, the UTC date and random digits (unique by constraint). */
export function orderNumber(prefix: 'D' | 'W', now: Date, random: number): string {
  return `${prefix}${now.toISOString().slice(0, 10).replaceAll('-', '')}${String(random).padStart(10, '0')}`;
}

export function toDepositRecord(r: DepositRow): DepositRecord {
  return {
    id: r.id,
    orderNo: r.order_no,
    currency: r.currency as Currency,
    chain: r.chain as Chain,
    address: r.address,
    amount: formatAmount(r.amount, r.currency as Currency),
    screenshot: r.screenshot,
    screenshotUrl: uploadUrl(r.screenshot),
    status: r.status,
    reason: r.reason,
    createdAt: ms(r.created_at),
    reviewedAt: msOrNull(r.reviewed_at),
  };
}

export function toAdminDeposit(r: DepositRow): AdminDeposit {
  return {
    ...toDepositRecord(r),
    screenshotUrl: `/api/admin/file/${r.screenshot}`,
    owner: ownerOf(r),
    ...reviewerOf(r),
  };
}

export function toWithdrawalRecord(r: WithdrawalRow, mask = true): WithdrawalRecord {
  const currency = r.currency as Currency;
  return {
    id: r.id,
    orderNo: r.order_no,
    method: r.method,
    currency,
    chain: r.chain as Chain | null,
    address: r.address,
    bankName: r.bank_name,
    cardNumber: r.card_number === null ? null : mask ? maskCard(r.card_number) : r.card_number,
    userName: r.user_name,
    amount: formatAmount(r.amount, currency),
    fee: formatAmount(r.fee, currency),
    total: formatAmount(money(r.amount).plus(r.fee), currency),
    status: r.status,
    reason: r.reason,
    createdAt: ms(r.created_at),
    reviewedAt: msOrNull(r.reviewed_at),
  };
}

/** Operators pay out to the card, so they see its full number. */
export function toAdminWithdrawal(r: WithdrawalRow): AdminWithdrawal {
  return { ...toWithdrawalRecord(r, false), owner: ownerOf(r), ...reviewerOf(r) };
}

export function toBankCard(r: BankRow): BankCard {
  return {
    bankName: r.bank_name,
    cardNumber: maskCard(r.card_number),
    userName: r.user_name,
    updatedAt: ms(r.updated_at),
  };
}

function reviewerOf(r: OwnerColumns) {
  return { reviewedBy: r.reviewed_by ?? null, reviewedByName: r.reviewed_by_name ?? null };
}

function ownerOf(r: OwnerColumns & { user_id: string }) {
  return {
    userId: r.user_id,
    uid: Number(r.owner_uid),
    email: r.owner_email ?? null,
    mobile: r.owner_mobile ? `+${r.owner_area_code ?? ''} ${r.owner_mobile}` : null,
  };
}
