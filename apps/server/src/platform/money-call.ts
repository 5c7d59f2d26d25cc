import type { AccountMode, DomainEvent, Wallet } from '@nexa/contract';
import type { Executor } from './db.js';
import type { DomainEvents } from './domain-events.js';
import type { AuthUser } from './http.js';
import { type ReservableTable, idempotent } from './idempotency/index.js';

/** Who a money call acts for: a user in one account mode (real and demo money never mix). */
export interface Actor {
  userId: bigint;
  mode: AccountMode;
}

export const actorOf = (user: AuthUser): Actor => ({ userId: BigInt(user.id), mode: user.mode });

/** One call that moves money, as every service states it. */
export interface MoneyCall {
  actor: Actor;
  /** The wallet the call draws on (an order records it). */
  wallet: Wallet;
  /** The call, e.g. `order/createDeliveryOrder`: one requestId cannot be replayed against another call. */
  scope: string;
  requestId: string;
  /** The call's input without the requestId; a repeat must carry exactly the same. */
  input: unknown;
  /**
   * The table of the record the call inserts, when its ledger entries must name that record first: its next id is
   * drawn with the idempotency claim (no round trip of its own) and handed to the work.
   */
  reserve?: ReservableTable;
}

/**
 * The money-call pipeline (ARCHITECTURE §3): one transaction; the idempotency key claimed first (a repeat waits
 * for the first and gets its stored answer, a different input under the same requestId is refused); the work; the
 * answer stored with the claim; after the commit, the domain events the work raised (none for a replay). Everything a
 * call does commits together or not at all, so a later change can fold a call into one or two statements without
 * changing what callers see.
 */
export async function runMoneyCall<T>(
  d: { db: Executor; events?: DomainEvents },
  call: MoneyCall,
  work: (tx: Executor, raise: (event: DomainEvent) => void, reserved: string | null) => Promise<T>,
): Promise<T> {
  const { actor, wallet, scope, requestId, input, reserve } = call;
  const key = { userId: actor.userId, requestId, scope, body: { input, mode: actor.mode, wallet }, reserve };
  let raised: DomainEvent[] = [];
  const result = await d.db.transaction((tx) => {
    // A retried transaction (deadlock, serialization) starts over: only the committed attempt's events count.
    raised = [];
    return idempotent(tx, key, (reserved) => work(tx, (event) => raised.push(event), reserved));
  });
  d.events?.emit(raised);
  return result;
}
