import {
  type CreateDeliveryOrderBody,
  type DeliveryDescData,
  type DeliveryOrder,
  type HistoryOrdersData,
  type Lang,
  type OrderCountdownData,
  QUOTE_CURRENCY,
} from '@nexa/contract';
import { InsufficientFunds, type Ledger, type Money, fitsScale, money } from '../../ledger/index.js';
import type { Bus } from '../../platform/bus.js';
import type { Executor } from '../../platform/db.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { notFound, refused } from '../../platform/errors.js';
import { type Actor, runMoneyCall } from '../../platform/money-call.js';
import type { UserEvents } from '../../platform/user-events/index.js';
import type { MarketService } from '../market/index.js';
import type { MessagePort } from '../messages/index.js';
import type { SafeguardsService } from '../safeguards/index.js';
import { type OrderRecord, deliveryRepository as repo } from './repository.js';
import { HOUSE, orderRef, rulesText } from './rules.js';
import type { OrderViews } from './views.js';

export interface DeliveryLimits {
  /** Open (and scheduled) orders one user may hold in one mode. */
  maxActiveOrders: number;
  /**
   * A price older than this is no price: no order is accepted on it, and no order settles on a tick this much older
   * than its expiry (it is refunded).
   */
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
    'product' | 'periodsOf' | 'latestTick' | 'currentTick' | 'ticksAtOrBefore' | 'lastStoredTicks' | 'storeTick'
  >;
  bus: Bus;
  /** The `user` channel: each order's changes, journaled with the transaction that made them. */
  userEvents: Pick<UserEvents, 'raise'>;
  /** Responsible trading: a break or a limit the order would pass refuses it. */
  guard: Pick<SafeguardsService, 'check'>;
  events?: DomainEvents;
  now: () => Date;
  limits: DeliveryLimits;
  /** The message centre: each settled order's result. */
  messages?: MessagePort;
  /** Orders as the API shows them (copy trading marks the ones it placed). */
  views: OrderViews;
}

/** The wallet a delivery order draws on: the delivery wallet, or `copy` for orders copy trading places. */
export type DeliveryWallet = 'delivery' | 'copy';

/**
 * The user's delivery calls (ARCHITECTURE §4): the stake is held when the order is accepted at the latest tick;
 * the settlement worker (settlement.ts) decides it at expiry. `onPlaced` tells the worker when to look.
 */
export class DeliveryOrders {
  constructor(
    private readonly d: DeliveryDeps,
    private readonly onPlaced: (atMs: number) => void,
  ) {}

  async create(actor: Actor, body: CreateDeliveryOrderBody): Promise<DeliveryOrder> {
    const order = await this.place(actor, 'delivery', body, 'order/createDeliveryOrder', null);
    this.onPlaced(order.expiresAt);
    return order;
  }

  /**
   * An order that opens later (copy trading places these, on the `copy` wallet): the stake is held now, the entry
   * tick is taken when it opens. Until then it can be cancelled.
   */
  async schedule(actor: Actor, body: CreateDeliveryOrderBody, openAt: Date, wallet: DeliveryWallet = 'delivery') {
    const order = await this.place(actor, wallet, body, 'schedule', openAt);
    this.onPlaced(order.openAt);
    return order;
  }

  /** One money call: limits, the stake held, the order stored (open now, or scheduled). */
  private place(
    actor: Actor,
    wallet: DeliveryWallet,
    body: CreateDeliveryOrderBody,
    scope: string,
    openAt: Date | null,
  ) {
    const { product, period, amount } = this.checkOrder(body);
    const { requestId, ...rest } = body;
    const input = { ...rest, amount: amount.toFixed(), openAt: openAt?.getTime() };
    const call = { actor, wallet, scope, requestId, input, reserve: 'delivery_orders' as const };
    return runMoneyCall(this.d, call, async (tx, _raise, reserved) => {
      await this.d.guard.check(tx, actor, { kind: 'delivery', stake: amount.toFixed() });
      await this.checkActiveLimit(tx, actor);
      const now = this.d.now();
      let entry: { price: string; ts: number; source: string } | null = null;
      if (!openAt) {
        // The entry is the latest tick when the order is accepted, read in the transaction that holds the stake
        // (from `ticks` when this node's bus is down or slow).
        const tick = await this.d.market.currentTick(product.symbol, tx, this.d.limits.staleTickMs, now.getTime());
        if (!tick) throw refused('delivery.marketUnavailable');
        // Stored with the order (the leader may die before it stores its buffer): every entry is in `ticks`.
        await this.d.market.storeTick(tick, tx);
        entry = { price: tick.price, ts: tick.ts, source: tick.source };
      }
      const opensAt = openAt ?? now;
      const id = reserved!;
      const row = await repo.insert(tx, {
        id,
        userId: actor.userId,
        mode: actor.mode,
        wallet,
        symbol: product.symbol,
        direction: body.direction,
        seconds: period.seconds,
        stake: amount.toFixed(),
        yield: period.yield,
        status: openAt ? 'scheduled' : 'open',
        holdId: await this.holdStake(tx, actor, wallet, amount, orderRef(id)),
        entry,
        openAt: opensAt,
        expiresAt: new Date(opensAt.getTime() + period.seconds * 1000),
        now,
      });
      // A new order of the user's own: no plan placed it.
      return this.raise(actor, this.d.views.own(row));
    });
  }

  /** Only an order that has not opened yet; its stake comes back. */
  async cancel(actor: Actor, id: string): Promise<DeliveryOrder> {
    const order = await this.d.db.transaction(async (tx) => {
      const row = await repo.lockForUser(tx, id, actor.userId);
      if (!row) throw notFound();
      // Cancelling is idempotent by the order's id: a retry after a lost answer gets the cancelled order back, and
      // the hold was voided once, by the first call.
      if (row.status === 'cancelled') return { order: await this.d.views.one(tx, row), first: false };
      if (row.status !== 'scheduled') throw refused('delivery.notCancellable');
      await this.d.ledger.void(tx, row.holdId, 'delivery_refund');
      return { order: await this.d.views.one(tx, (await repo.cancel(tx, id))!), first: true };
    });
    return order.first ? this.raise(actor, order.order) : order.order;
  }

  async active(actor: Actor): Promise<DeliveryOrder[]> {
    return this.d.views.many(this.d.db, await repo.active(this.d.db, actor.userId, actor.mode));
  }

  async history(
    actor: Actor,
    f: { symbol?: string | undefined; startMs?: number | undefined; endMs?: number | undefined },
    page: number,
    pageSize: number,
  ): Promise<HistoryOrdersData> {
    const offset = (page - 1) * pageSize;
    const { total, list } = await repo.history(this.d.db, actor.userId, actor.mode, f, pageSize, offset);
    return { list: await this.d.views.many(this.d.db, list), total, page, pageSize };
  }

  /** Orders of any user as their owner sees them (the operator console's user page reads profit and payout). */
  async byIds(ids: readonly string[]): Promise<Map<string, DeliveryOrder>> {
    const views = await this.d.views.many(this.d.db, await repo.byIds(this.d.db, ids));
    return new Map(views.map((v) => [v.id, v]));
  }

  async countdown(actor: Actor, id: string): Promise<OrderCountdownData> {
    const row = await repo.byId(this.d.db, id, actor.userId);
    if (!row) throw notFound();
    const order = this.d.views.own(row);
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

  /** In the order's transaction: the user's `delivery.order` event, sent once it commits. */
  private raise(actor: Actor, order: DeliveryOrder) {
    this.d.userEvents.raise(actor.userId, { type: 'delivery.order', order });
    return order;
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

  private async checkActiveLimit(tx: Executor, actor: Actor) {
    if ((await repo.countActive(tx, actor.userId, actor.mode)) >= this.d.limits.maxActiveOrders) {
      throw refused('delivery.tooManyOpen', { max: this.d.limits.maxActiveOrders });
    }
  }

  private async holdStake(tx: Executor, actor: Actor, wallet: DeliveryWallet, amount: Money, ref: string) {
    try {
      const h = await this.d.ledger.hold(tx, {
        debit: { userId: actor.userId, mode: actor.mode, wallet, currency: QUOTE_CURRENCY },
        credit: HOUSE(actor.mode),
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
