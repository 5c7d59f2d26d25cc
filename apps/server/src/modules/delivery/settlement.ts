import { type DeliveryOrder, type DomainEvent, QUOTE_CURRENCY } from '@nexa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BatchOp } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { Passes } from '../../platform/loops.js';
import { MESSAGE_LINKS } from '../messages/index.js';
import type { DeliveryDeps } from './orders.js';
import { type OrderRecord, deliveryRepository as repo } from './repository.js';
import { HOUSE, ms, orderRef, outcomeOf } from './rules.js';

/** How soon a pass looks again when due orders wait for the market to pass their expiry. */
const RETRY_MS = 50;
/** For how long after an expiry a pass retries that quickly; later the sweep looks again. */
const RETRY_FOR_MS = 3_000;

type Outcome = ReturnType<typeof outcomeOf>;
/** Runs in a settlement batch's transaction with the orders it settled. */
export type SettledHook = (tx: Executor, settled: readonly OrderRecord[]) => Promise<void>;

/**
 * The settlement worker (ARCHITECTURE §4): at expiry the latest stored tick at or before the expiry decides, and
 * nothing else can. Settlement runs exactly once per order: whoever settles locks the order with SKIP LOCKED inside
 * the transaction that posts the money and records the result. Any node may run it.
 */
export class DeliverySettlement {
  private timers = new Set<NodeJS.Timeout>();
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;
  /** One settlement pass at a time; concurrent calls in this process collapse into one more pass. */
  private readonly passes = new Passes(() => this.pass(), {
    stopped: () => this.stopped,
    onError: (err) => this.d.log.error({ err }, 'delivery: settlement pass failed'),
  });
  private retry: NodeJS.Timeout | undefined;
  private armedExpiry: number | undefined;
  private readonly settledHooks: SettledHook[] = [];
  private readonly lastHooks: SettledHook[] = [];

  constructor(private readonly d: DeliveryDeps & { log: FastifyBaseLogger }) {}

  /**
   * Another domain's work on the orders a batch settled, in the settlement's own transaction (copy trading pays the
   * leader's profit share with the follower's payout). `last`: after every other hook (the rebates, which credit
   * spot wallets: the batch locks those after the delivery and copy wallets the rest of it moves).
   */
  onSettled(hook: SettledHook, opts: { last?: boolean } = {}) {
    (opts.last ? this.lastHooks : this.settledHooks).push(hook);
  }

  /** Settles what expired while no node ran (from stored ticks), then keeps a backstop sweep. */
  async start(): Promise<void> {
    this.sweeper = setInterval(() => void this.settleDue(), this.d.limits.sweepMs);
    await this.settleDue();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    clearTimeout(this.retry);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.passes.idle();
  }

  /** How long the oldest open order has been past its expiry, in ms (0: none). For /metrics. */
  async settlementLagMs(): Promise<number> {
    const now = this.d.now();
    const at = await repo.oldestOverdue(this.d.db, now);
    return at ? now.getTime() - at.getTime() : 0;
  }

  /** The precise timer: a pass just after `atMs` (plus the grace for the market to pass it). */
  wakeAt(atMs: number) {
    if (this.stopped) return;
    const delay = Math.max(0, atMs + this.d.limits.settleGraceMs - this.d.now().getTime());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.settleDue();
    }, delay);
    this.timers.add(timer);
  }

  /** Runs one settlement pass now; concurrent calls in this process collapse into one more pass. */
  settleDue(): Promise<void> {
    return this.passes.run();
  }

  private async pass() {
    await this.openScheduled();
    // Workers side by side, each on its own share of the users (no two wait on one user's rows): on
    // PostgreSQL their batches use more than one core.
    const workers = this.d.limits.workers ?? 2;
    await Promise.all(
      Array.from({ length: workers }, async (_, k) => {
        while (!this.stopped && (await this.settleBatch({ k, of: workers })) === this.d.limits.batchSize) {}
      }),
    );
    await this.armNextExpiry();
  }

  /**
   * Settles up to one batch of due orders in one transaction, set-based: a fixed handful of statements whatever
   * the batch's size (the orders, the products' newest stored ticks, every exit tick, the ledger postings, the
   * results). Returns how many it settled; orders whose market has not yet passed their expiry wait for a retry.
   */
  private async settleBatch(share: { k: number; of: number }): Promise<number> {
    const now = this.d.now();
    let settledCount = 0;
    let results: Outcome[] = [];
    let waiting: number | undefined;
    await this.d.db.transaction(async (tx) => {
      results = [];
      const due = await repo.lockDue(tx, now, this.d.limits.batchSize, share);
      if (due.length === 0) return;
      const newest = await this.d.market.lastStoredTicks([...new Set(due.map((r) => r.symbol))], tx);
      const ready = due.filter((row) => {
        const expiresAt = ms(row.expiresAt);
        // Wait for the stored market to pass the expiry, unless the feed has stalled for too long.
        const passed =
          (newest.get(row.symbol) ?? 0) >= expiresAt || now.getTime() >= expiresAt + this.d.limits.feedStallMs;
        if (!passed) waiting = Math.max(waiting ?? 0, expiresAt);
        return passed;
      });
      if (ready.length === 0) return;
      const wanted = new Map(
        ready.map((r) => [`${r.symbol}@${ms(r.expiresAt)}`, { symbol: r.symbol, at: ms(r.expiresAt) }]),
      );
      const exits = await this.d.market.ticksAtOrBefore([...wanted.values()], tx);
      results = ready.map((row) =>
        outcomeOf(row, exits.get(`${row.symbol}@${ms(row.expiresAt)}`) ?? null, this.d.limits.staleTickMs),
      );
      await this.d.ledger.postBatch(tx, results.flatMap(postingsOf));
      const rows = await repo.settleMany(
        tx,
        results.map((r) => ({ id: r.row.id, status: r.status, exit: r.exit, payout: r.payout.toFixed() })),
        now,
      );
      // Told live after the commit: the order's own event (journaled below) carries its result. An order in the copy
      // wallet is a follower's copy, whose result copy trading tells itself (with the profit share it paid): one
      // message for one result.
      const told = rows.filter((r) => r.wallet === 'delivery').map(settledMessage);
      await this.d.messages?.notifyMany(tx, told, { live: true });
      for (const hook of [...this.settledHooks, ...this.lastHooks]) await hook(tx, rows);
      // After the hooks: a copy's event shows the profit share they booked, as every later read of the order does.
      const orders = await this.d.views.many(tx, rows);
      orders.forEach((order, i) => this.d.userEvents.raise(rows[i]!.userId, { type: 'delivery.order', order }));
      settledCount = rows.length;
    });
    if (waiting !== undefined) this.retrySoon(waiting);
    this.d.events?.emit(results.map(settledEvent));
    return settledCount;
  }

  private async openScheduled() {
    const opened: DeliveryOrder[] = [];
    await this.d.db.transaction(async (tx) => {
      opened.length = 0;
      const now = this.d.now();
      for (const row of await repo.lockScheduledDue(tx, now, this.d.limits.batchSize)) {
        const tick = this.d.market.latestTick(row.symbol);
        if (!tick || now.getTime() - tick.ts > this.d.limits.staleTickMs) continue;
        await this.d.market.storeTick(tick, tx);
        const o = await repo.open(tx, row.id, tick, now, new Date(now.getTime() + row.seconds * 1000));
        if (!o) continue;
        // Scheduled orders are a user's own (copy trading places open ones).
        const order = this.d.views.own(o);
        this.d.userEvents.raise(o.userId, { type: 'delivery.order', order });
        opened.push(order);
      }
    });
    for (const order of opened) this.wakeAt(order.expiresAt);
  }

  /**
   * Due orders wait for the market to pass their expiry (latest `expiresAt`): look again shortly while that is
   * fresh; a feed that stays behind is left to the sweep. Only once started (tests drive passes by hand).
   */
  private retrySoon(expiresAt: number) {
    if (this.stopped || this.retry || !this.sweeper) return;
    if (this.d.now().getTime() - expiresAt > RETRY_FOR_MS) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.settleDue();
    }, RETRY_MS);
  }

  /**
   * A timer for the earliest open expiry, wherever the order came from (another node, a restart): with several
   * nodes any of them settles on time, not just the one that took the order.
   */
  private async armNextExpiry() {
    if (!this.sweeper) return;
    const next = await repo.nextExpiry(this.d.db);
    if (next === undefined || next === this.armedExpiry || next <= this.d.now().getTime()) return;
    this.armedExpiry = next;
    this.wakeAt(next);
  }
}

/** What one outcome moves: a loss keeps the stake, a draw or refund returns it, a win returns it with the profit. */
function postingsOf(r: Outcome): BatchOp[] {
  const row = r.row;
  if (r.status === 'lost') return [{ kind: 'post', pendingId: row.holdId, type: 'delivery_loss' }];
  if (r.status !== 'won') return [{ kind: 'void', pendingId: row.holdId, type: 'delivery_refund' }];
  const win: BatchOp[] = [{ kind: 'void', pendingId: row.holdId, type: 'delivery_win' }];
  if (r.profit.gt(0)) {
    win.push({
      kind: 'transfer',
      entry: {
        debit: HOUSE(row.mode),
        credit: { userId: BigInt(row.userId), mode: row.mode, wallet: row.wallet, currency: QUOTE_CURRENCY },
        amount: r.profit,
        types: { debit: 'delivery_profit', credit: 'delivery_profit' },
        ref: orderRef(row.id),
      },
    });
  }
  return win;
}

const settledEvent = (r: Outcome): DomainEvent => ({
  type: 'stake.settled',
  userId: r.row.userId,
  mode: r.row.mode,
  wallet: r.row.wallet,
  currency: QUOTE_CURRENCY,
  stake: r.row.stake,
  payout: r.payout.toFixed(),
  status: r.status,
  ref: orderRef(r.row.id),
});

/** The user's message of a settled order (keyed by the order: a replayed settlement stores no second one). */
function settledMessage(row: OrderRecord) {
  return {
    userId: row.userId,
    message: {
      key: `delivery:${row.id}:settled`,
      kind: 'delivery.settled' as const,
      params: {
        symbol: row.symbol,
        result: row.status,
        stake: row.stake,
        payout: row.payout ?? '0',
        currency: QUOTE_CURRENCY,
        mode: row.mode,
      },
      link: MESSAGE_LINKS.deliveryOrder(row.id),
    },
  };
}
