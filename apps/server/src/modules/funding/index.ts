import type { FundingConfig } from '../../config.js';
import type { Ledger } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import type { Messenger } from '../../platform/messenger.js';
import type { PriceSource } from '../../platform/prices.js';
import type { ApprovalHook, FundingOperations } from '../../platform/review.js';
import type { MessagePort } from '../messages/index.js';
import { BindingService, type SecondFactorCheck } from './bindings.js';
import { DepositService } from './deposits.js';
import { type IdentityCheck, WithdrawalService } from './withdrawals.js';

export { registerFundingRoutes } from './routes.js';
export type { IdentityCheck } from './withdrawals.js';
export type { SecondFactorCheck } from './bindings.js';

export interface FundingDeps {
  db: Executor;
  ledger: Ledger;
  config: FundingConfig;
  prices: PriceSource;
  /** Basic identity verification done? (the identity domain answers; withdrawals need it). */
  identityVerified: IdentityCheck;
  /** 2FA for the calls it guards: nothing when the user has it off, else the code is required and checked. */
  secondFactor: SecondFactorCheck;
  /** Notices to the user (a new withdrawal address). */
  messenger: Messenger;
  now: () => Date;
  /** In the transaction that approves a deposit. */
  onDepositApproved?: ApprovalHook;
  /** The message centre (review decisions). */
  messages?: MessagePort;
}

export interface FundingModule {
  deposits: DepositService;
  withdrawals: WithdrawalService;
  bindings: BindingService;
  /** What the operator API drives. */
  operations: FundingOperations;
}

export function createFunding(d: FundingDeps): FundingModule {
  const bindings = new BindingService({
    db: d.db,
    now: d.now,
    messenger: d.messenger,
    addressDelayHours: d.config.addressDelayHours,
    // Read on each use: operators change the addresses (issue 17).
    get platformAddresses() {
      return d.config.depositAddresses;
    },
    secondFactor: d.secondFactor,
  });
  const deposits = new DepositService({
    db: d.db,
    ledger: d.ledger,
    config: d.config,
    now: d.now,
    onApproved: d.onDepositApproved,
    messages: d.messages,
  });
  const withdrawals = new WithdrawalService({ ...d, bindings });
  const operations: FundingOperations = {
    listDeposits: (q) => deposits.list(q),
    approveDeposit: (id, decision) => deposits.approve(id, decision),
    rejectDeposit: (id, decision) => deposits.reject(id, decision),
    listWithdrawals: (q) => withdrawals.list(q),
    approveWithdrawal: (id, decision) => withdrawals.approve(id, decision),
    rejectWithdrawal: (id, decision) => withdrawals.reject(id, decision),
    fundingStatus: () => deposits.status(),
  };
  return { deposits, withdrawals, bindings, operations };
}
