import {
  type CreateDeliveryOrderBody,
  type DeliveryDescData,
  type DeliveryOrder,
  type HistoryOrdersData,
  type Lang,
  type OrderCountdownData,
  QUOTE_CURRENCY,
  type UserEventBatch,
} from '@nexa/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  type BatchOp,
  InsufficientFunds,
  type Ledger,
  type Money,
  ZERO,
  fitsScale,
  formatAmount,
  money,
} from '../../ledger/index.js';
import type { Bus } from '../../platform/bus.js';
import type { Executor } from '../../platform/db.js';
import { notFound, refused } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http.js';
import { t } from '../../platform/i18n/translate.js';
import { idempotent } from '../../platform/idempotency/index.js';
import type { MarketService } from '../market/index.js';
import { type OrderRow, deliveryRepository as repo } from './repository.js';
import { ms, outcomeOf, rulesText, toOrderAt } from './rules.js';

export interface DeliveryLimits {
  /** Open (and scheduled) orders one user may hold in one mode. */
  maxActiveOrders: number;
  /** A price older than this is no price: no order is accepted on it. */
  staleTickMs: number;
  /** How long after expiry the first settlement pass runs (it then waits for the stored market to pass it). */
  settleGraceMs: number;
  /** If no tick past the expiry arrives for this long, settle with what is stored (or refund). */
  feedStallMs: number;
  /** Orders settled in one transaction. */
  batchSize: number;
  /** Settlement transactions running side by side in one pass (default 2). */
  workers?: number;
  sweepMs: number;
}

export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = {
  maxActiveOrders: 20,
  staleTickMs: 5_000,
  settleGraceMs: 20,
  feedStallMs: 30_000,
  batchSize: 5_000,
  sweepMs: 1_000,
};

export interface DeliveryDeps {
  db: Executor;
  ledger: Ledger;
  market: Pick<
    MarketService,
    'product' | 'periodsOf' | 'latestTick' | 'ticksAtOrBefore' | 'lastStoredTicks' | 'storeTick'
  >;
  bus: Bus;
  log: FastifyBaseLogger;
  now: () => Date;
  limits?: DeliveryLimits;
}

/** How soon a pass looks again when due orders wait for the market to pass their expiry. */
const RETRY_MS = 50;
/** For how long after an expiry a pass retries that quickly; later the 1 s sweep looks again. */
const RETRY_FOR_MS = 3_000;
/** Bytes of order events per bus message: under PostgreSQL's 8000-byte NOTIFY payload with room for the wrapper. */
const NOTIFY_BYTES = 7_000;

const HOUSE = (mode: 'real' | 'demo') => ({ system: 'house' as const, mode, currency: QUOTE_CURRENCY });

/**
 * Fixed-time call/put contracts (ARCHITECTURE §4): the stake is held when the order is accepted at the latest
 * tick; at expiry the latest stored tick at or before the expiry decides, and nothing else can. Settlement runs
 * exactly once per order: whoever settles locks the order with SKIP LOCKED inside the transaction that posts
 * the money and records the result.
 */
export class DeliveryService {
  private readonly limits: DeliveryLimits;
  private timers = new Set<NodeJS.Timeout>();
  private sweeper: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private armedExpiry: number | undefined;

  constructor(private readonly d: DeliveryDeps) {
    this.limits = d.limits ?? DEFAULT_DELIVERY_LIMITS;
  }

  /** Settles what expired while no node ran (from stored ticks), then keeps a backstop sweep. */
  async start(): Promise<void> {
    this.sweeper = setInterval(() => void this.settleDue(), this.limits.sweepMs);
    await this.settleDue();
  }

  /** How long the oldest open order has been past its expiry, in ms (0: none). For /metrics. */
  async settlementLagMs(): Promise<number> {
    const now = this.d.now();
    const at = await repo.oldestOverdue(this.d.db, now);
    return at ? now.getTime() - at.getTime() : 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    clearTimeout(this.retry);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.running;
  }

  async create(user: AuthUser, body: CreateDeliveryOrderBody): Promise<DeliveryOrder> {
    const order = await this.place(user, body, 'order/createDeliveryOrder', null);
    this.wakeAt(order.expiresAt);
    void this.notify(user.id, order);
    return order;
  }

  /**
   * An order that opens later (copy trading places these): the stake is held now, the entry tick is taken
   * when it opens. Until then it can be cancelled.
   */
  async schedule(user: AuthUser, body: CreateDeliveryOrderBody, openAt: Date): Promise<DeliveryOrder> {
    const order = await this.place(user, body, 'schedule', openAt);
    this.wakeAt(order.openAt);
    return order;
  }

  /** One transaction, once per requestId: limits, the stake held, the order stored (open now, or scheduled). */
  private place(user: AuthUser, body: CreateDeliveryOrderBody, scope: string, openAt: Date | null) {
    const { product, period, amount } = this.checkOrder(body);
    const userId = BigInt(user.id);
    const { requestId, ...rest } = body;
    const key = {
      userId,
      requestId,
      scope,
      body: { ...rest, amount: amount.toFixed(), mode: user.mode, openAt: openAt?.getTime() },
    };
    return this.d.db.transaction((tx) =>
      idempotent(tx, key, async () => {
        await this.checkActiveLimit(tx, userId, user.mode);
        const now = this.d.now();
        let entry: { price: string; ts: number; source: string } | null = null;
        if (!openAt) {
          // The entry is the latest tick when the order is accepted, read in the transaction that holds the stake.
          const tick = this.d.market.latestTick(product.symbol);
          if (!tick || now.getTime() - tick.ts > this.limits.staleTickMs) throw refused('delivery.marketUnavailable');
          // Stored with the order (the leader may die before it stores its buffer): every entry is in `ticks`.
          await this.d.market.storeTick(tick, tx);
          entry = { price: tick.price, ts: tick.ts, source: tick.source };
        }
        const opensAt = openAt ?? now;
        const row = await repo.insert(tx, {
          userId,
          mode: user.mode,
          symbol: product.symbol,
          direction: body.direction,
          seconds: period.seconds,
          stake: amount.toFixed(),
          yield: period.yield,
          status: openAt ? 'scheduled' : 'open',
          holdId: await this.holdStake(tx, userId, user.mode, amount, `delivery:${requestId}`),
          entry,
          openAt: opensAt,
          expiresAt: new Date(opensAt.getTime() + period.seconds * 1000),
          now,
        });
        return this.toOrder(row);
      }),
    );
  }

  /** Only an order that has not opened yet; its stake comes back. */
  async cancel(user: AuthUser, id: string): Promise<DeliveryOrder> {
    const userId = BigInt(user.id);
    const order = await this.d.db.transaction(async (tx) => {
      const row = await repo.lockForUser(tx, id, userId);
      if (!row) throw notFound();
      if (row.status !== 'scheduled') throw refused('delivery.notCancellable');
      await this.d.ledger.void(tx, row.hold_id, 'delivery_refund');
      return this.toOrder((await repo.cancel(tx, id))!);
    });
    void this.notify(user.id, order);
    return order;
  }

  async active(user: AuthUser): Promise<DeliveryOrder[]> {
    return (await repo.active(this.d.db, BigInt(user.id), user.mode)).map((r) => this.toOrder(r));
  }

  async history(
    user: AuthUser,
    f: { symbol?: string | undefined; startMs?: number | undefined; endMs?: number | undefined },
    page: number,
    pageSize: number,
  ): Promise<HistoryOrdersData> {
    const { total, list } = await repo.history(
      this.d.db,
      BigInt(user.id),
      user.mode,
      f,
      pageSize,
      (page - 1) * pageSize,
    );
    return { list: list.map((r) => this.toOrder(r)), total, page, pageSize };
  }

  async countdown(user: AuthUser, id: string): Promise<OrderCountdownData> {
    const row = await repo.byId(this.d.db, id, BigInt(user.id));
    if (!row) throw notFound();
    const order = this.toOrder(row);
    const now = this.d.now().getTime();
    return {
      id: order.id,
      status: order.status,
      now,
      expiresAt: order.expiresAt,
      remainingMs: Math.max(0, order.expiresAt - now),
      entryPrice: order.entry?.price ?? null,
      currentPrice: this.d.market.latestTick(order.symbol)?.price ?? null,
    };
  }

  rules(lang: Lang): DeliveryDescData {
    return rulesText(lang);
  }

  private toOrder(r: OrderRow): DeliveryOrder {
    return toOrderAt(r, this.d.market.product(r.symbol)?.pricePrecision ?? 2);
  }

  /** Runs one settlement pass now; concurrent calls in this process collapse into one more pass. */
  settleDue(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.openScheduled();
          // Workers side by side, each on its own share of the users (no two wait on one user's rows): on
          // PostgreSQL their batches use more than one core.
          const workers = this.limits.workers ?? 2;
          await Promise.all(
            Array.from({ length: workers }, async (_, k) => {
              while (!this.stopped && (await this.settleBatch({ k, of: workers })) === this.limits.batchSize) {}
            }),
          );
          await this.armNextExpiry();
        } catch (err) {
          this.d.log.error({ err }, 'delivery: settlement pass failed');
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Settles up to one batch of due orders in one transaction, set-based: a fixed handful of statements whatever
   * the batch's size (the orders, the products' newest stored ticks, every exit tick, the ledger postings, the
   * results). Returns how many it settled; orders whose market has not yet passed their expiry wait for a retry.
   */
  private async settleBatch(share: { k: number; of: number }): Promise<number> {
    const now = this.d.now();
    const settled: { userId: string; order: DeliveryOrder }[] = [];
    let waiting: number | undefined;
    await this.d.db.transaction(async (tx) => {
      const due = await repo.lockDue(tx, now, this.limits.batchSize, share);
      if (due.length === 0) return;
      const newest = await this.d.market.lastStoredTicks([...new Set(due.map((r) => r.symbol))], tx);
      const ready = due.filter((row) => {
        const expiresAt = ms(row.expires_at);
        // Wait for the stored market to pass the expiry, unless the feed has stalled for too long.
        const passed =
          (newest.get(row.symbol) ?? 0) >= expiresAt || now.getTime() >= expiresAt + this.limits.feedStallMs;
        if (!passed) waiting = Math.max(waiting ?? 0, expiresAt);
        return passed;
      });
      if (ready.length === 0) return;
      const wanted = new Map(
        ready.map((r) => [`${r.symbol}@${ms(r.expires_at)}`, { symbol: r.symbol, at: ms(r.expires_at) }]),
      );
      const exits = await this.d.market.ticksAtOrBefore([...wanted.values()], tx);
      const results = ready.map((row) => outcomeOf(row, exits.get(`${row.symbol}@${ms(row.expires_at)}`) ?? null));
      await this.d.ledger.postBatch(
        tx,
        results.flatMap((r): BatchOp[] => {
          const row = r.row;
          if (r.status === 'lost') return [{ kind: 'post', pendingId: row.hold_id, type: 'delivery_loss' }];
          if (r.status !== 'won') return [{ kind: 'void', pendingId: row.hold_id, type: 'delivery_refund' }];
          const win: BatchOp[] = [{ kind: 'void', pendingId: row.hold_id, type: 'delivery_win' }];
          if (r.profit.gt(0)) {
            win.push({
              kind: 'transfer',
              entry: {
                debit: HOUSE(row.mode),
                credit: { userId: BigInt(row.user_id), mode: row.mode, wallet: 'delivery', currency: QUOTE_CURRENCY },
                amount: r.profit,
                types: { debit: 'delivery_profit', credit: 'delivery_profit' },
                ref: `delivery:${row.id}`,
              },
            });
          }
          return win;
        }),
      );
      const rows = await repo.settleMany(
        tx,
        results.map((r) => ({ id: r.row.id, status: r.status, exit: r.exit, payout: r.payout.toFixed() })),
        now,
      );
      for (const row of rows) settled.push({ userId: row.user_id, order: this.toOrder(row) });
    });
    if (waiting !== undefined) this.retrySoon(waiting);
    void this.notifyMany(settled);
    return settled.length;
  }

  private async openScheduled() {
    const opened: { userId: string; order: DeliveryOrder }[] = [];
    await this.d.db.transaction(async (tx) => {
      const now = this.d.now();
      for (const row of await repo.lockScheduledDue(tx, now, this.limits.batchSize)) {
        const tick = this.d.market.latestTick(row.symbol);
        if (!tick || now.getTime() - tick.ts > this.limits.staleTickMs) continue;
        await this.d.market.storeTick(tick, tx);
        const o = await repo.open(tx, row.id, tick, now, new Date(now.getTime() + row.seconds * 1000));
        if (o) opened.push({ userId: o.user_id, order: this.toOrder(o) });
      }
    });
    for (const o of opened) {
      this.wakeAt(o.order.expiresAt);
      void this.notify(o.userId, o.order);
    }
  }

  /** The precise timer: a pass just after `atMs` (plus the grace for the market to pass it). */
  private wakeAt(atMs: number) {
    if (this.stopped) return;
    const delay = Math.max(0, atMs + this.limits.settleGraceMs - this.d.now().getTime());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.settleDue();
    }, delay);
    this.timers.add(timer);
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

  /**
   * Order events for the users' sockets, packed into bus messages under PostgreSQL's 8000-byte NOTIFY limit, so
   * settling ten thousand orders sends hundreds of messages, not ten thousand.
   */
  private async notifyMany(events: { userId: string; order: DeliveryOrder }[]) {
    let batch: UserEventBatch['events'] = [];
    let size = 0;
    const send = async () => {
      if (batch.length === 0) return;
      const message = { events: batch };
      batch = [];
      size = 0;
      await this.d.bus.publish('user-events', message).catch(() => {});
    };
    for (const e of events) {
      if (!e.userId) continue;
      const item = { userId: e.userId, event: { type: 'delivery.order' as const, order: e.order } };
      const bytes = Buffer.byteLength(JSON.stringify(item));
      if (size + bytes > NOTIFY_BYTES) await send();
      batch.push(item);
      size += bytes + 1;
    }
    await send();
  }

  private async notify(userId: string, order: DeliveryOrder) {
    if (!userId) return;
    const events = [{ userId, event: { type: 'delivery.order' as const, order } }];
    await this.d.bus.publish('user-events', { events }).catch(() => {});
  }

  private checkOrder(body: CreateDeliveryOrderBody) {
    const product = this.d.market.product(body.symbol);
    if (!product || !product.enabled) throw refused('delivery.productDisabled');
    const period = this.d.market.periodsOf(body.symbol).find((p) => p.seconds === body.seconds);
    if (!period) throw refused('delivery.periodUnknown');
    const amount = money(body.amount);
    if (!fitsScale(amount, QUOTE_CURRENCY)) throw refused('money.tooManyDecimals', { decimals: 2 });
    if (amount.lt(period.minStake) || amount.gt(period.maxStake)) {
      throw refused('delivery.stakeOutOfBounds', { min: period.minStake, max: period.maxStake });
    }
    return { product, period, amount };
  }

  private async checkActiveLimit(tx: Executor, userId: bigint, mode: 'real' | 'demo') {
    if ((await repo.countActive(tx, userId, mode)) >= this.limits.maxActiveOrders) {
      throw refused('delivery.tooManyOpen', { max: this.limits.maxActiveOrders });
    }
  }

  private async holdStake(tx: Executor, userId: bigint, mode: 'real' | 'demo', amount: Money, ref: string) {
    try {
      const h = await this.d.ledger.hold(tx, {
        debit: { userId, mode, wallet: 'delivery', currency: QUOTE_CURRENCY },
        credit: HOUSE(mode),
        amount,
        types: { debit: 'delivery_stake', credit: 'delivery_stake' },
        ref,
      });
      return h.transferId;
    } catch (err) {
      if (err instanceof InsufficientFunds) throw refused('money.insufficient');
      throw err;
    }
  }
}
