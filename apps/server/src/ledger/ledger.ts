import { randomInt } from 'node:crypto';
import type { AccountMode, Currency, Wallet } from '@nexa/contract';
import { type Money, ZERO, money } from '@nexa/rules';
import type { Executor } from '../platform/db.js';
import { currentTxScope } from '../platform/tx-scope.js';
import type { UserEvents } from '../platform/user-events/index.js';
import {
  type AccountKeyRow,
  type AccountKeySql,
  type AccountRow,
  type ChangeRow,
  type LockedAccountRow,
  type NewTransfer,
  type PendingRow,
  ledgerRepository as repo,
} from './repository.js';

/** System accounts: the other side of money entering, leaving or changing hands with the platform. */
export const SYSTEM_ACCOUNTS = [
  'deposits',
  'withdrawals',
  'fees',
  'house',
  'demo_faucet',
  'rebates',
  'adjustments',
] as const;
export type SystemCode = (typeof SYSTEM_ACCOUNTS)[number];

/** Rows a hot system account is spread over, so unrelated users do not queue on one row lock. */
export const SYSTEM_SHARDS = 16;

export type UserAccount = { userId: bigint; mode: AccountMode; wallet: Wallet; currency: Currency };
export type SystemAccount = { system: SystemCode; mode: AccountMode; currency: Currency };
export type AccountRef = UserAccount | SystemAccount;

export interface Entry {
  debit: AccountRef;
  credit: AccountRef;
  amount: Money;
  /** What the business calls it; becomes the change type on each user side. */
  types: { debit: string; credit: string };
  /** The business row it belongs to, e.g. `wallet_transfer:42`. */
  ref: string;
}

export interface Side {
  accountId: string;
  availableBefore: string;
  availableAfter: string;
  frozenBefore: string;
  frozenAfter: string;
}

/** One step of a batch (Ledger.postBatch). */
export type BatchOp =
  | { kind: 'post' | 'void'; pendingId: string; type: string }
  /** `id`: one reserved with `reserveTransferIds`, for a caller that names the transfer in its rows before posting. */
  | { kind: 'transfer'; entry: Entry; id?: string };

export interface Posted {
  transferId: string;
  debit: Side;
  credit: Side;
}

/** The ledger refused a movement because an account lacks the funds. */
export class InsufficientFunds extends Error {
  constructor(readonly account: AccountRef) {
    super('insufficient funds');
    this.name = 'InsufficientFunds';
  }
}

const isUser = (a: AccountRef): a is UserAccount => 'userId' in a;

function keyOf(a: AccountRef, shard: number): AccountKeySql {
  return isUser(a)
    ? { userId: a.userId, systemCode: null, shard: 0, mode: a.mode, wallet: a.wallet, currency: a.currency }
    : { userId: null, systemCode: a.system, shard, mode: a.mode, wallet: null, currency: a.currency };
}

/**
 * THE LOCK ORDER (issue 12 item 6). Every transaction that moves money takes its row locks in this one order, so
 * two transactions never wait on each other in a circle (PostgreSQL's deadlock retry in `db.ts` is only the last
 * line of defence):
 *   1. one user's business rows: the idempotency claim, the perpetual wallet row (`lockWallet`), orders, positions,
 *      deposit or withdrawal rows (only that user's calls, or one operator decision, meet there);
 *   2. user ledger accounts in this key order (user id, mode, wallet, currency): within a call `applyAll` sorts
 *      them, a batch over many users (settlement) locks them all in one `ORDER BY … FOR NO KEY UPDATE`, and a
 *      call that needs several (convert) makes its ledger calls in this order;
 *   3. the `user` channel's journal heads (`user_event_heads`, in user order, pre-commit);
 *   4. system accounts (house, fees, … shards) last of all: no ledger call locks one while the transaction runs.
 *      Their changes are summed per row and applied by one statement that locks the rows in (code, mode,
 *      currency, shard) order as the transaction's very last work (`flushSystemRows`, a `last` pre-commit step).
 * Account creation never waits inside this order: every system shard exists from start (`ensureSystemAccounts`),
 * so only a user's own new accounts are inserted mid-transaction, in step 2's order.
 */
const lockOrder = (k: AccountKeySql) =>
  k.userId !== null
    ? `0:${k.userId.toString().padStart(20, '0')}:${k.mode}:${k.wallet}:${k.currency}`
    : `1:${k.systemCode}:${k.mode}:${k.currency}:${String(k.shard).padStart(3, '0')}`;

interface Change {
  key: AccountKeySql;
  available: Money;
  frozen: Money;
  /** The account's id when the caller already knows it (a pending transfer's accounts): no look-up. */
  id?: string;
}

/**
 * The double-entry core (ARCHITECTURE §3). Every call runs inside the caller's transaction, so the business row
 * and its money movement commit together. User accounts never go below zero (checked here and by SQL
 * constraints); system accounts carry the other side.
 */
export class Ledger {
  constructor(
    private readonly now: () => Date = () => new Date(),
    /** Where each user account's new figures go (the `user` channel), with the transaction that moved them. */
    private readonly events?: Pick<UserEvents, 'raise'>,
    /**
     * The ids of the system accounts opened at start (`ensureSystemAccounts`), by lock-order key: a system row is
     * never deleted, so a call needs no look-up for it. One map per database (each app's own ledger).
     */
    private readonly systemIds: ReadonlyMap<string, string> = new Map(),
  ) {}

  /**
   * User accounts this ledger has seen open (accounts are never deleted): a hint for `moveAndRecord`, whose one
   * statement cannot open an account. A wrong hint (another database's account) costs a statement, never a result.
   */
  private readonly opened = new Set<string>();

  private sawOpen(keys: AccountKeySql[]) {
    if (this.opened.size > 200_000) this.opened.clear();
    for (const k of keys) this.opened.add(lockOrder(k));
  }

  /** Moves `amount` from the debit account's available to the credit account's available. */
  async transfer(tx: Executor, e: Entry): Promise<Posted> {
    assertEntry(e);
    const shard = randomInt(SYSTEM_SHARDS);
    const debitKey = keyOf(e.debit, shard);
    const creditKey = keyOf(e.credit, shard);
    const amount = e.amount.toFixed();
    const fused = await this.moveAndRecord(
      tx,
      [
        { key: debitKey, available: e.amount.neg(), frozen: money(0), type: e.types.debit },
        { key: creditKey, available: e.amount, frozen: money(0), type: e.types.credit },
      ],
      {
        kind: 'single',
        mode: e.debit.mode,
        currency: e.debit.currency,
        amount,
        pendingId: null,
        type: e.types.debit,
        ref: e.ref,
        debit: { move: 0 },
        credit: { move: 1 },
      },
    );
    if (fused) return { transferId: fused.transferId, debit: fused.sides[0]!, credit: fused.sides[1]! };
    const [debit, credit] = await this.applyAll(tx, [
      { key: debitKey, available: e.amount.neg(), frozen: money(0) },
      { key: creditKey, available: e.amount, frozen: money(0) },
    ]);
    const debitSide = side(debit!, e.amount.neg(), money(0));
    const creditSide = side(credit!, e.amount, money(0));
    this.systemSides([
      [e.debit, debitSide],
      [e.credit, creditSide],
    ]);
    const transferId = await this.record(
      tx,
      {
        kind: 'single',
        mode: e.debit.mode,
        currency: e.debit.currency,
        debitId: debit!.id,
        creditId: credit!.id,
        amount,
        pendingId: null,
        type: e.types.debit,
        ref: e.ref,
      },
      [
        [e.debit, e.types.debit, debitSide],
        [e.credit, e.types.credit, creditSide],
      ],
    );
    return { transferId, debit: debitSide, credit: creditSide };
  }

  /** Freezes `amount` of the debit account, destined for the credit account once posted. Returns the hold. */
  async hold(tx: Executor, e: Entry): Promise<Posted> {
    assertEntry(e);
    const shard = randomInt(SYSTEM_SHARDS);
    const creditId = await this.accountId(tx, keyOf(e.credit, shard));
    const fused = await this.moveAndRecord(
      tx,
      [{ key: keyOf(e.debit, shard), available: e.amount.neg(), frozen: e.amount, type: e.types.debit }],
      {
        kind: 'pending',
        mode: e.debit.mode,
        currency: e.debit.currency,
        amount: e.amount.toFixed(),
        pendingId: null,
        type: e.types.debit,
        ref: e.ref,
        debit: { move: 0 },
        credit: { id: creditId },
      },
    );
    if (fused) return { transferId: fused.transferId, debit: fused.sides[0]!, credit: fused.sides[0]! };
    const [debit] = await this.applyAll(tx, [
      { key: keyOf(e.debit, shard), available: e.amount.neg(), frozen: e.amount },
    ]);
    const debitSide = side(debit!, e.amount.neg(), e.amount);
    const transferId = await this.record(
      tx,
      {
        kind: 'pending',
        mode: e.debit.mode,
        currency: e.debit.currency,
        debitId: debit!.id,
        creditId,
        amount: e.amount.toFixed(),
        pendingId: null,
        type: e.types.debit,
        ref: e.ref,
      },
      [[e.debit, e.types.debit, debitSide]],
    );
    return { transferId, debit: debitSide, credit: debitSide };
  }

  /** Completes a hold: the frozen amount leaves the debit account and reaches the credit account. */
  post(tx: Executor, pendingId: string, type: string): Promise<Posted> {
    return this.resolve(tx, pendingId, 'post', type);
  }

  /** Cancels a hold: the frozen amount returns to the debit account's available. */
  void(tx: Executor, pendingId: string, type: string): Promise<Posted> {
    return this.resolve(tx, pendingId, 'void', type);
  }

  /**
   * `n` transfer ids from the ledger's own sequence, for `postBatch` transfers a caller must name before they are
   * posted (its rows written first, so the batch's account locks are held only for the posting and the commit).
   */
  reserveTransferIds(tx: Executor, n: number): Promise<string[]> {
    return repo.nextTransferIds(tx, n);
  }

  /**
   * Many postings as one: holds posted or voided and transfers made, in order, with the same results and records
   * as calling post/void/transfer one by one, but in a fixed handful of statements whatever the batch's size
   * (settlement posts thousands at once). All or nothing: an unknown or resolved hold, or an account that would
   * go negative, refuses the whole batch.
   */
  async postBatch(tx: Executor, ops: BatchOp[]): Promise<Posted[]> {
    if (ops.length === 0) return [];
    const shard = randomInt(SYSTEM_SHARDS);
    const pendingIds = ops.flatMap((o) => (o.kind === 'transfer' ? [] : [o.pendingId]));
    if (new Set(pendingIds).size !== pendingIds.length) throw new Error('a hold appears twice in one batch');
    // Not locked: the unique index on pending_id lets a hold be resolved once, so a racing batch fails whole.
    const pendings = new Map<string, PendingRow>();
    if (pendingIds.length > 0) {
      for (const p of await repo.pendings(tx, pendingIds)) pendings.set(p.id, p);
    }
    for (const id of pendingIds) {
      const p = pendings.get(id);
      if (!p) throw new Error(`no pending transfer ${id}`);
      if (p.resolved) throw new Error(`pending transfer ${id} is already resolved`);
    }
    const keys = new Map<string, AccountKeySql>();
    for (const o of ops) {
      if (o.kind !== 'transfer') continue;
      assertEntry(o.entry);
      for (const a of [o.entry.debit, o.entry.credit]) keys.set(lockOrder(keyOf(a, shard)), keyOf(a, shard));
    }
    // A credit may open an account (as transfer() does); a debit of a missing one fails below for lack of funds.
    if (keys.size > 0) await repo.createAccounts(tx, [...keys.values()]);
    const accountIds = [...pendings.values()].flatMap((p) => [p.debit_account_id, p.credit_account_id]);
    // User accounts are locked now; system accounts only just before the end, so batches running side by side
    // do not queue on the hot house and fee rows. Until then a system account's figures are relative to zero.
    const users = await repo.accounts(tx, accountIds, [...keys.values()], { users: true, lock: true });
    const systems = await repo.accounts(tx, accountIds, [...keys.values()], { users: false, lock: false });
    const plan = planBatch(ops, shard, pendings, users, systems);
    const { transfers, sides, posted, systemSides } = plan;
    await repo.applyDeltas(tx, plan.userDeltas);
    const now = this.now();
    const transferIds = await repo.insertTransfers(tx, transfers, now);
    const changes: ChangeRow[] = [];
    for (const { transfer, changes: list } of sides) {
      for (const [row, type, s] of list) {
        if (row.user_id === null) continue;
        changes.push(
          changeRow(
            { userId: row.user_id, mode: row.mode, wallet: row.wallet!, currency: row.currency },
            transferIds[transfer]!,
            type,
            s,
            transfers[transfer]!.ref,
          ),
        );
      }
    }
    await repo.insertChangeBatch(tx, changes, now);
    this.raiseBalances(changes);
    // The system rows move last: with the transaction's other system changes just before it commits (or now,
    // outside a transaction), their recorded sides shifted from zero to their balances then.
    const batch: SystemMoves = { rows: new Map(), sides: systemSides };
    for (const d of plan.systemDeltas) batch.rows.set(d.id, { available: money(d.available), frozen: money(d.frozen) });
    const deferred = this.deferred();
    if (deferred) deferred.merge(batch);
    else await flushSystemRows(tx, batch);
    return posted.map((p, i) => ({ transferId: transferIds[i]!, ...p }));
  }

  async balances(ex: Executor, userId: bigint, mode: AccountMode) {
    return repo.userBalances(ex, userId, mode);
  }

  /** Checks every invariant of the ledger; returns what is wrong (nothing, normally). */
  violations(ex: Executor): Promise<string[]> {
    return repo.violations(ex);
  }

  private async resolve(tx: Executor, pendingId: string, kind: 'post' | 'void', type: string): Promise<Posted> {
    const pending = await repo.lockPending(tx, pendingId);
    if (!pending) throw new Error(`no pending transfer ${pendingId}`);
    if (pending.resolved) throw new Error(`pending transfer ${pendingId} is already resolved`);
    const amount = money(pending.amount);
    const debitAccount = pending.debit;
    const creditAccount = pending.credit;
    const debitKey = rowKey(debitAccount);
    const creditKey = rowKey(creditAccount);
    const changes: Change[] =
      kind === 'post'
        ? [
            { key: debitKey, available: money(0), frozen: amount.neg(), id: pending.debit_account_id },
            { key: creditKey, available: amount, frozen: money(0), id: pending.credit_account_id },
          ]
        : [{ key: debitKey, available: amount, frozen: amount.neg(), id: pending.debit_account_id }];
    const fused = await this.moveAndRecord(
      tx,
      changes.map((c) => ({ ...c, type })),
      {
        kind,
        mode: pending.mode,
        currency: pending.currency,
        amount: pending.amount,
        pendingId,
        type,
        ref: pending.ref,
        debit: { id: pending.debit_account_id },
        credit: { id: pending.credit_account_id },
      },
    );
    if (fused) {
      return { transferId: fused.transferId, debit: fused.sides[0]!, credit: fused.sides[kind === 'post' ? 1 : 0]! };
    }
    const rows = await this.applyAll(tx, changes);
    const debitSide = side(rows[0]!, changes[0]!.available, changes[0]!.frozen);
    const creditSide = kind === 'post' ? side(rows[1]!, amount, money(0)) : debitSide;
    const sides: [AccountRef, string, Side][] = [];
    const debitRef = refOf(debitAccount);
    const creditRef = refOf(creditAccount);
    if (kind === 'post') this.systemSides([[creditRef, creditSide]]);
    sides.push([debitRef, type, debitSide]);
    if (kind === 'post') sides.push([creditRef, type, creditSide]);
    const transferId = await this.record(
      tx,
      {
        kind,
        mode: pending.mode,
        currency: pending.currency,
        debitId: pending.debit_account_id,
        creditId: pending.credit_account_id,
        amount: pending.amount,
        pendingId,
        type,
        ref: pending.ref,
      },
      sides,
    );
    return { transferId, debit: debitSide, credit: creditSide };
  }

  /**
   * A single movement's statements folded into one (issue 18 §1): the user accounts locked in lock order, checked,
   * changed, and the transfer inserted with their change rows (`moveAndRecord` in the repository); system accounts
   * move with the transaction's deferred rows, as `applyAll` moves them. Returns each move's side, in order, and the
   * transfer; undefined, having changed nothing, when this path does not apply (a user account not opened yet, a
   * system account whose id is not known or that is not deferred, no user account at all): the caller then takes
   * the statement-by-statement path. Throws InsufficientFunds as `applyAll` does.
   */
  private async moveAndRecord(
    tx: Executor,
    moves: (Change & { type: string })[],
    t: Omit<NewTransfer, 'id' | 'debitId' | 'creditId'> & {
      debit: { id: string } | { move: number };
      credit: { id: string } | { move: number };
    },
  ): Promise<{ transferId: string; sides: Side[] } | undefined> {
    const user = moves.flatMap((m, i) => (m.key.userId !== null ? [{ m, i }] : []));
    const system = moves.flatMap((m, i) => (m.key.userId === null ? [{ m, i }] : []));
    if (user.length === 0) return undefined;
    // A credit may open its account: unless the account is known (by id, or seen by this ledger), the path that
    // opens it goes first.
    const unknown = (m: Change) => m.id === undefined && !this.opened.has(lockOrder(m.key));
    if (user.some(({ m }) => !m.available.isNeg() && !m.frozen.isNeg() && unknown(m))) return undefined;
    const deferred = system.length > 0 ? this.deferred() : undefined;
    if (system.length > 0 && !deferred) return undefined;
    const systemIds = system.map(({ m }) => m.id ?? this.systemIds.get(lockOrder(m.key)));
    if (systemIds.some((id) => id === undefined)) return undefined;
    // Transfer accounts named by move refer to the user moves' positions in the statement.
    const at = (r: { id: string } | { move: number }) => {
      if ('id' in r) return r;
      const u = user.findIndex((x) => x.i === r.move);
      return u >= 0 ? { move: u } : { id: systemIds[system.findIndex((x) => x.i === r.move)]! };
    };
    const r = await repo.moveAndRecord(
      tx,
      user.map(({ m }) => ({
        userId: String(m.key.userId),
        mode: m.key.mode,
        wallet: m.key.wallet!,
        currency: m.key.currency,
        available: m.available.toFixed(),
        frozen: m.frozen.toFixed(),
        guardAvailable: m.available.isNeg(),
        guardFrozen: m.frozen.isNeg(),
        type: m.type,
      })),
      { ...t, debit: at(t.debit), credit: at(t.credit), now: this.now() },
    );
    if (!r.fits && r.found === user.length) throw new InsufficientFunds(refOfKey(user[r.short[0]!]!.m.key));
    if (r.found !== user.length || r.transferId === null) return undefined;
    const sides: Side[] = new Array(moves.length);
    const changes: ChangeRow[] = [];
    this.sawOpen(user.map(({ m }) => m.key));
    for (const row of r.rows) {
      const { m, i } = user[row.ord]!;
      sides[i] = side(row, m.available, m.frozen);
      const a = { userId: String(m.key.userId), mode: m.key.mode, wallet: m.key.wallet!, currency: m.key.currency };
      changes.push(changeRow(a, r.transferId, m.type, sides[i]!, t.ref));
    }
    system.forEach(({ m, i }, k) => {
      sides[i] = side(deferred!.add(systemIds[k]!, m.available, m.frozen), m.available, m.frozen);
    });
    this.systemSides(system.map(({ m, i }) => [refOfKey(m.key), sides[i]!]));
    this.raiseBalances(changes);
    return { transferId: r.transferId, sides };
  }

  /** Applies balance changes in lock order; throws InsufficientFunds when a user account would go negative. */
  private async applyAll(tx: Executor, changes: Change[]): Promise<AccountRow[]> {
    const order = changes.map((c, i) => ({ c, i })).sort((a, b) => (lockOrder(a.c.key) < lockOrder(b.c.key) ? -1 : 1));
    const out: AccountRow[] = new Array(changes.length);
    const deferred = changes.some((c) => c.key.userId === null) ? this.deferred() : undefined;
    for (const { c, i } of order) {
      if (deferred && c.key.userId === null) {
        out[i] = deferred.add(c.id ?? (await this.accountId(tx, c.key)), c.available, c.frozen);
        continue;
      }
      const guard = { available: c.key.userId !== null && c.available.isNeg(), frozen: c.frozen.isNeg() };
      const delta = [c.available.toFixed(), c.frozen.toFixed()] as const;
      let row = await repo.apply(tx, c.key, delta[0], delta[1], guard);
      // Found at once: open before this call (a hint for moveAndRecord; one opened here counts from its next use).
      if (row && c.key.userId !== null) this.sawOpen([c.key]);
      if (!row && (c.key.userId === null || (!c.available.isNeg() && !c.frozen.isNeg()))) {
        // A credit to an account (or any change to a system shard) that does not exist yet: open it, then apply.
        await repo.createAccount(tx, c.key);
        row = await repo.apply(tx, c.key, delta[0], delta[1], guard);
      }
      if (!row) throw new InsufficientFunds(refOfKey(c.key));
      out[i] = row;
    }
    return out;
  }

  /**
   * The id of an account, opened if it does not exist yet (`ON CONFLICT DO NOTHING`: a racing opener is fine).
   * A system account opened at start is known without a statement.
   */
  private async accountId(tx: Executor, key: AccountKeySql): Promise<string> {
    const known = key.userId === null ? this.systemIds.get(lockOrder(key)) : undefined;
    if (known) return known;
    const id = await repo.idOf(tx, key);
    if (id) return id;
    await repo.createAccount(tx, key);
    return (await repo.idOf(tx, key))!;
  }

  /** The system-account changes of the transaction this runs in, applied as its last work; none outside one. */
  private deferred(): DeferredSystemRows | undefined {
    return currentTxScope()?.bag(DEFERRED, () => new DeferredSystemRows(), flushDeferred, true);
  }

  /** System sides computed from deferred rows (relative to zero): shifted to real balances when the rows move. */
  private systemSides(list: [AccountRef, Side][]) {
    const deferred = list.some(([a]) => !isUser(a)) ? this.deferred() : undefined;
    for (const [a, s] of list) if (!isUser(a)) deferred?.sides.push(s);
  }

  /**
   * Inserts a transfer with the change rows of its user sides (system rows are not recorded), in one statement,
   * and raises the users' new balances. Returns the transfer's id.
   */
  private async record(tx: Executor, t: NewTransfer, sides: [AccountRef, string, Side][]): Promise<string> {
    const changes = sides
      .filter((s): s is [UserAccount, string, Side] => isUser(s[0]))
      .map(([a, type, s]) => changeRow({ ...a, userId: String(a.userId) }, '', type, s, t.ref));
    const transferId = await repo.insertTransfer(tx, { ...t, now: this.now() }, changes);
    for (const c of changes) c.transfer_id = transferId;
    this.raiseBalances(changes);
    return transferId;
  }

  /** Each user account's figures after the changes (the last change of an account has them). */
  private raiseBalances(changes: ChangeRow[]) {
    if (!this.events) return;
    const last = new Map<string, ChangeRow>();
    for (const c of changes) last.set(`${c.user_id}:${c.mode}:${c.wallet}:${c.currency}`, c);
    for (const c of last.values()) {
      this.events.raise(c.user_id, {
        type: 'wallet.balance',
        mode: c.mode as AccountMode,
        wallet: c.wallet as Wallet,
        currency: c.currency,
        available: c.balance_after,
        frozen: c.frozen_after,
      });
    }
  }
}

/** What a transaction moves on system accounts: the sum per account id, and the recorded sides to shift. */
interface SystemMoves {
  rows: Map<string, { available: Money; frozen: Money }>;
  /** Sides of these accounts, figured from zero (plus the transaction's earlier moves of the same account). */
  sides: Side[];
}

/** The owner of every transaction's deferred system moves (one bag per transaction, whichever Ledger made it). */
const DEFERRED = {};

class DeferredSystemRows implements SystemMoves {
  readonly rows = new Map<string, { available: Money; frozen: Money }>();
  readonly sides: Side[] = [];

  /** One change of an account; returns its figures so far, from zero, as a locked row's would be. */
  add(id: string, available: Money, frozen: Money): AccountRow {
    const sum = this.rows.get(id) ?? { available: ZERO, frozen: ZERO };
    sum.available = sum.available.plus(available);
    sum.frozen = sum.frozen.plus(frozen);
    this.rows.set(id, sum);
    return { id, available: sum.available.toFixed(), frozen: sum.frozen.toFixed() };
  }

  /** A batch's moves, figured from zero: shifted by what the transaction already moved on the same accounts. */
  merge(batch: SystemMoves) {
    for (const s of batch.sides) this.sides.push(shift(s, this.rows.get(s.accountId)));
    for (const [id, d] of batch.rows) this.add(id, d.available, d.frozen);
  }
}

const flushDeferred = (tx: Executor, d: DeferredSystemRows) => flushSystemRows(tx, d);

/**
 * Moves system accounts: locks the rows in the lock order's (code, mode, currency, shard) order in one
 * statement, applies each row's sum in one more, and shifts the recorded sides from zero to the balances.
 */
async function flushSystemRows(tx: Executor, moves: SystemMoves): Promise<void> {
  const deltas = [...moves.rows].map(([id, d]) => ({
    id,
    available: d.available.toFixed(),
    frozen: d.frozen.toFixed(),
  }));
  if (deltas.length === 0) return;
  const held = await repo.moveSystemRows(tx, deltas);
  const start = new Map(held.map((r) => [r.id, { available: money(r.available), frozen: money(r.frozen) }]));
  for (const s of moves.sides) Object.assign(s, shift(s, start.get(s.accountId)));
}

function shift(s: Side, by: { available: Money; frozen: Money } | undefined): Side {
  if (!by) return s;
  s.availableBefore = money(s.availableBefore).plus(by.available).toFixed();
  s.availableAfter = money(s.availableAfter).plus(by.available).toFixed();
  s.frozenBefore = money(s.frozenBefore).plus(by.frozen).toFixed();
  s.frozenAfter = money(s.frozenAfter).plus(by.frozen).toFixed();
  return s;
}

/**
 * Opens every system account shard (each code, mode, currency and shard) that does not exist yet, in one
 * statement, in lock order, at start. Money calls then never insert a system row while they hold user locks.
 * Returns every system account's id by lock-order key (committed rows, for `Ledger`'s look-up-free path).
 */
export async function ensureSystemAccounts(
  ex: Executor,
  currencies: readonly Currency[],
): Promise<Map<string, string>> {
  const keys: AccountKeySql[] = [];
  for (const system of SYSTEM_ACCOUNTS) {
    for (const mode of ['demo', 'real'] as const) {
      for (const currency of [...currencies].sort()) {
        for (let shard = 0; shard < SYSTEM_SHARDS; shard++) keys.push(keyOf({ system, mode, currency }, shard));
      }
    }
  }
  await repo.createAccounts(
    ex,
    keys.sort((a, b) => (lockOrder(a) < lockOrder(b) ? -1 : 1)),
  );
  const rows = await repo.systemAccounts(ex);
  return new Map(rows.map((r) => [lockOrder(rowKey(r)), r.id]));
}

/** The account change a user side of a transfer records: what moved, and the balance before and after. */
function changeRow(
  a: { userId: string; mode: string; wallet: string; currency: string },
  transferId: string,
  type: string,
  s: Side,
  ref: string,
): ChangeRow {
  return {
    user_id: a.userId,
    account_id: s.accountId,
    transfer_id: transferId,
    mode: a.mode,
    wallet: a.wallet,
    currency: a.currency,
    type,
    amount: money(s.availableAfter).minus(s.availableBefore).toFixed(),
    balance_before: s.availableBefore,
    balance_after: s.availableAfter,
    frozen_change: money(s.frozenAfter).minus(s.frozenBefore).toFixed(),
    frozen_after: s.frozenAfter,
    ref,
  };
}

function assertEntry(e: Entry) {
  if (!e.amount.isFinite() || e.amount.lte(0)) throw new Error('a ledger amount must be positive');
  if (e.debit.mode !== e.credit.mode) throw new Error('real and demo money never meet');
  if (e.debit.currency !== e.credit.currency) throw new Error('both sides of an entry share one currency');
}

function side(row: AccountRow, availableDelta: Money, frozenDelta: Money): Side {
  return {
    accountId: row.id,
    availableBefore: money(row.available).minus(availableDelta).toFixed(),
    availableAfter: money(row.available).toFixed(),
    frozenBefore: money(row.frozen).minus(frozenDelta).toFixed(),
    frozenAfter: money(row.frozen).toFixed(),
  };
}

function rowKey(r: AccountKeyRow): AccountKeySql {
  return {
    userId: r.user_id === null ? null : BigInt(r.user_id),
    systemCode: r.system_code,
    shard: Number(r.shard),
    mode: r.mode,
    wallet: r.wallet,
    currency: r.currency,
  };
}

function refOf(r: AccountKeyRow): AccountRef {
  return refOfKey(rowKey(r));
}

function refOfKey(k: AccountKeySql): AccountRef {
  return k.userId !== null
    ? { userId: k.userId, mode: k.mode as AccountMode, wallet: k.wallet as Wallet, currency: k.currency as Currency }
    : { system: k.systemCode as SystemCode, mode: k.mode as AccountMode, currency: k.currency as Currency };
}

/** What a batch of postings will write, worked out before any write: the pure half of `Ledger.postBatch`. */
interface BatchPlan {
  transfers: NewTransfer[];
  /** Per transfer, the user-visible account changes it makes (system rows are skipped when recorded). */
  sides: { transfer: number; changes: [LockedAccountRow, string, Side][] }[];
  posted: Omit<Posted, 'transferId'>[];
  /** The system accounts' sides, relative to zero until their rows are locked and read. */
  systemSides: Side[];
  userDeltas: AccountDelta[];
  systemDeltas: AccountDelta[];
}

interface AccountDelta {
  id: string;
  available: string;
  frozen: string;
}

/**
 * Walks the ops in order over the accounts' balances as read (users' locked, systems' from zero), so each side's
 * before/after is what a one-by-one run would have recorded; refuses the whole batch if a user account would go
 * negative. No database: the executor (`postBatch`) writes what this returns.
 */
function planBatch(
  ops: BatchOp[],
  shard: number,
  pendings: Map<string, PendingRow>,
  users: LockedAccountRow[],
  systems: LockedAccountRow[],
): BatchPlan {
  const accounts = new Map(
    [...users, ...systems].map((r) => [
      r.id,
      {
        row: r,
        available: r.user_id === null ? ZERO : money(r.available),
        frozen: r.user_id === null ? ZERO : money(r.frozen),
      },
    ]),
  );
  const idOfKey = new Map([...users, ...systems].map((r) => [lockOrder(rowKey(r)), r.id]));

  // Walk the ops in order, so each side's before/after is what a one-by-one run would have recorded.
  const systemSides: Side[] = [];
  const move = (id: string, available: Money, frozen: Money): Side => {
    const a = accounts.get(id);
    if (!a) throw new Error(`ledger account ${id} is not in the batch`);
    const before = { available: a.available, frozen: a.frozen };
    a.available = a.available.plus(available);
    a.frozen = a.frozen.plus(frozen);
    if (a.row.user_id !== null && (a.frozen.isNeg() || a.available.isNeg())) throw new InsufficientFunds(refOf(a.row));
    const side = {
      accountId: id,
      availableBefore: before.available.toFixed(),
      availableAfter: a.available.toFixed(),
      frozenBefore: before.frozen.toFixed(),
      frozenAfter: a.frozen.toFixed(),
    };
    if (a.row.user_id === null) systemSides.push(side);
    return side;
  };
  const transfers: NewTransfer[] = [];
  const sides: { transfer: number; changes: [LockedAccountRow, string, Side][] }[] = [];
  const posted: Omit<Posted, 'transferId'>[] = [];
  for (const o of ops) {
    if (o.kind === 'transfer') {
      const e = o.entry;
      const debitId = idOfKey.get(lockOrder(keyOf(e.debit, shard)));
      const creditId = idOfKey.get(lockOrder(keyOf(e.credit, shard)));
      if (!debitId) throw new InsufficientFunds(e.debit);
      const debit = move(debitId, e.amount.neg(), ZERO);
      const credit = move(creditId!, e.amount, ZERO);
      transfers.push({
        id: o.id,
        kind: 'single',
        mode: e.debit.mode,
        currency: e.debit.currency,
        debitId,
        creditId: creditId!,
        amount: e.amount.toFixed(),
        pendingId: null,
        type: e.types.debit,
        ref: e.ref,
      });
      sides.push({
        transfer: transfers.length - 1,
        changes: [
          [accounts.get(debitId)!.row, e.types.debit, debit],
          [accounts.get(creditId!)!.row, e.types.credit, credit],
        ],
      });
      posted.push({ debit, credit });
      continue;
    }
    const p = pendings.get(o.pendingId)!;
    const amount = money(p.amount);
    const debit =
      o.kind === 'post' ? move(p.debit_account_id, ZERO, amount.neg()) : move(p.debit_account_id, amount, amount.neg());
    const credit = o.kind === 'post' ? move(p.credit_account_id, amount, ZERO) : debit;
    transfers.push({
      kind: o.kind,
      mode: p.mode,
      currency: p.currency,
      debitId: p.debit_account_id,
      creditId: p.credit_account_id,
      amount: p.amount,
      pendingId: p.id,
      type: o.type,
      ref: p.ref,
    });
    const changes: [LockedAccountRow, string, Side][] = [[accounts.get(p.debit_account_id)!.row, o.type, debit]];
    if (o.kind === 'post') changes.push([accounts.get(p.credit_account_id)!.row, o.type, credit]);
    sides.push({ transfer: transfers.length - 1, changes });
    posted.push({ debit, credit });
  }

  const deltas = (rows: LockedAccountRow[], base: (r: LockedAccountRow) => { available: Money; frozen: Money }) =>
    rows
      .map((r) => {
        const a = accounts.get(r.id)!;
        const b = base(r);
        return {
          id: r.id,
          available: a.available.minus(b.available).toFixed(),
          frozen: a.frozen.minus(b.frozen).toFixed(),
        };
      })
      .filter((d) => d.available !== '0' || d.frozen !== '0');
  return {
    transfers,
    sides,
    posted,
    systemSides,
    userDeltas: deltas(users, (r) => ({ available: money(r.available), frozen: money(r.frozen) })),
    // System rows were read unlocked and moved from zero: their deltas are what they end at.
    systemDeltas: deltas(systems, () => ({ available: ZERO, frozen: ZERO })),
  };
}
