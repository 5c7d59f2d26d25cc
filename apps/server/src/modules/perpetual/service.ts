import {
  type CloseAllBody,
  type ClosePositionBody,
  DEFAULT_LEVERAGE,
  type DomainEvent,
  type Lang,
  type PerpCreateOrderBody,
  type PerpDescData,
  type PerpOrder,
  type PerpPosition,
  type PerpTrade,
  type PositionOrdersData,
  QUOTE_CURRENCY,
  type AddMarginBody as TAddMarginBody,
  type CancelPerpOrderBody as TCancelPerpOrderBody,
  type SetTakeStopBody as TSetTakeStopBody,
} from '@nexa/contract';
import { type Exposure, checkTakeStop, displayLiquidationPrice, marginOf, usdt } from '@nexa/rules';
import type { z } from 'zod';
import { type Ledger, type Money, ZERO, fitsScale, money } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { notFound, refused } from '../../platform/errors.js';
import type { MessageKey } from '../../platform/i18n/en.js';
import { t } from '../../platform/i18n/translate.js';
import { type Actor, runMoneyCall } from '../../platform/money-call.js';
import type { MarketService } from '../market/index.js';
import type { Product } from '../market/repository.js';
import type { SafeguardsService } from '../safeguards/index.js';
import { type Fill, type OpenTerms, PerpetualBook, exposureOf } from './book.js';
import type { News } from './engine.js';
import { type OrderRecord, type PositionRecord, perpetualRepository as repo } from './repository.js';
import { type PositionFigures, type PositionTerms, positionFigures, toOrder, toPosition, toTrade } from './view.js';

export interface PerpetualLimits {
  /** A price older than this is no price: no market order fills on it. */
  staleTickMs: number;
  /** Open positions one user may hold in one mode (also bounds close-all). */
  maxOpenPositions: number;
  /** Pending limit orders one user may have in one mode. */
  maxPendingOrders: number;
}

export const DEFAULT_PERPETUAL_LIMITS: PerpetualLimits = {
  staleTickMs: 5_000,
  maxOpenPositions: 200,
  maxPendingOrders: 100,
};

export interface PerpetualDeps {
  db: Executor;
  ledger: Ledger;
  market: Pick<MarketService, 'product' | 'latestTick' | 'currentTick'>;
  /** Responsible trading: a break refuses new orders on the real account. */
  guard: Pick<SafeguardsService, 'check'>;
  now: () => Date;
  /** Where news of committed changes goes (the trigger engine, on this node or over the bus). */
  track: (news: News) => void;
  limits?: PerpetualLimits;
  /** Fees charged, after each commit. */
  events?: DomainEvents;
}

type AddMarginBody = z.output<typeof TAddMarginBody>;
type SetTakeStopBody = z.output<typeof TSetTakeStopBody>;
type CancelPerpOrderBody = z.output<typeof TCancelPerpOrderBody>;

const RULE_SECTIONS = [1, 2, 3, 4, 5, 6] as const;

/**
 * The user's side of perpetual trading (issue 7): orders, positions, closes, margin, TP/SL and the records.
 * Every call that moves money is one transaction, once per requestId, that first locks the user's perpetual
 * wallet (the lock order the trigger engine keeps too); the engine hears of each committed change.
 */
export class PerpetualService {
  readonly book: PerpetualBook;
  private readonly limits: PerpetualLimits;

  constructor(private readonly d: PerpetualDeps) {
    this.book = new PerpetualBook(d.ledger, d.now);
    this.limits = d.limits ?? DEFAULT_PERPETUAL_LIMITS;
  }

  async create(actor: Actor, body: PerpCreateOrderBody): Promise<PerpOrder> {
    const product = this.tradable(body.symbol);
    const userId = actor.userId;
    if (body.leverage > product.maxLeverage) {
      throw refused('perp.leverageTooHigh', { max: product.maxLeverage }, fields('leverage'));
    }
    const limit = body.type === 'limit' ? this.priceOf(product, body.price!, 'price') : undefined;
    const tp = body.tpPrice ? this.priceOf(product, body.tpPrice, 'tpPrice') : undefined;
    const sl = body.slPrice ? this.priceOf(product, body.slPrice, 'slPrice') : undefined;
    const terms: OpenTerms = {
      userId,
      mode: actor.mode,
      product,
      side: body.side,
      lots: money(body.quantity),
      leverage: body.leverage,
      tpPrice: tp?.toFixed() ?? null,
      slPrice: sl?.toFixed() ?? null,
    };
    const { requestId, ...rest } = body;
    const call = { actor, wallet: WALLET, scope: 'Sustainable/createOrder', requestId, input: rest };
    const news: News[] = [];
    const order = await runMoneyCall(this.d, call, async (tx, raise) => {
      await this.d.guard.check(tx, actor, { kind: 'perpetual' });
      await repo.lockWallet(tx, userId, actor.mode);
      const live = await repo.countLive(tx, userId, actor.mode);
      // A limit the market has already crossed is filled at once, at the market price, as a market order.
      const tick = await this.freshTick(tx, product.symbol);
      const marketable =
        limit && tick && (body.side === 'long' ? money(tick.price).lte(limit) : money(tick.price).gte(limit));
      if (body.type === 'market' || marketable) {
        if (live.positions >= this.limits.maxOpenPositions) {
          throw refused('perp.tooManyPositions', { max: this.limits.maxOpenPositions });
        }
        if (!tick) throw refused('perp.marketUnavailable');
        const price = money(tick.price);
        this.checkTakeStop(product, terms, price, tp, sl);
        const fill = await this.book.openAtMarket(tx, terms, price, live.nextOrderId, limit);
        news.push({ kind: 'position', row: fill.position });
        raise(feeCharged(fill, 'perpetual.open'));
        return this.orderView(fill.order);
      }
      if (live.orders >= this.limits.maxPendingOrders) {
        throw refused('perp.tooManyOrders', { max: this.limits.maxPendingOrders });
      }
      this.checkTakeStop(product, terms, limit!, tp, sl);
      const row = await this.book.placeLimit(tx, terms, limit!, live.nextOrderId);
      news.push({ kind: 'order', row });
      return this.orderView(row);
    });
    for (const n of news) this.d.track(n);
    return order;
  }

  async positions(actor: Actor, symbol?: string): Promise<PositionOrdersData> {
    const userId = actor.userId;
    const [rows, balances, totals] = await Promise.all([
      repo.openPositions(this.d.db, userId, actor.mode, symbol),
      this.d.ledger.balances(this.d.db, userId, actor.mode),
      repo.marginTotals(this.d.db, userId, actor.mode),
    ]);
    const list = rows.map((r) => this.positionView(r));
    const wallet = balances.find((b) => b.wallet === 'perpetual' && b.currency === QUOTE_CURRENCY);
    const available = money(wallet?.available ?? 0);
    const frozen = money(wallet?.frozen ?? 0);
    const unrealized = list.reduce((s, p) => s.plus(p.unrealizedPnl), ZERO);
    return {
      list,
      account: {
        balance: usdt(available.plus(frozen)),
        positionMargin: usdt(money(totals.position)),
        frozenMargin: usdt(money(totals.frozen)),
        available: usdt(available),
        unrealizedPnl: usdt(unrealized),
      },
    };
  }

  async addMargin(actor: Actor, body: AddMarginBody): Promise<PerpPosition> {
    const amount = money(body.amount);
    if (amount.lte(0)) throw refused('perp.amountPositive', {}, fields('amount'));
    if (!fitsScale(amount, QUOTE_CURRENCY)) throw refused('money.tooManyDecimals', { decimals: 2 }, fields('amount'));
    const userId = actor.userId;
    const { requestId, ...rest } = body;
    const call = { actor, wallet: WALLET, scope: 'Sustainable/addMargin', requestId, input: rest };
    let changed: PositionRecord | undefined;
    const view = await runMoneyCall(this.d, call, async (tx) => {
      const pos = await this.lockOpen(tx, actor, body.positionId);
      changed = await this.book.addMargin(tx, pos, amount, `perp_position:${pos.id}`);
      return this.positionView(changed);
    });
    if (changed) this.d.track({ kind: 'position', row: changed });
    return view;
  }

  /** Sets or clears (blank) the take-profit and stop-loss, checked against the entry and liquidation prices. */
  async setTakeStop(actor: Actor, body: SetTakeStopBody): Promise<PerpPosition> {
    const { requestId, ...rest } = body;
    const call = { actor, wallet: WALLET, scope: 'Sustainable/setTakeStopPrice', requestId, input: rest };
    // Moves no money, but keyed like every order change: a change whose answer was lost can be looked up.
    let changed: PositionRecord | undefined;
    const view = await runMoneyCall(this.d, call, async (tx) => {
      const pos = await this.lockOpen(tx, actor, body.positionId);
      if (!body.tpPrice && !body.slPrice && !pos.tpPrice && !pos.slPrice) {
        throw refused('perp.selectOne', {}, fields('tpPrice'));
      }
      const product = this.d.market.product(pos.symbol)!;
      const tp = body.tpPrice ? this.priceOf(product, body.tpPrice, 'tpPrice') : undefined;
      const sl = body.slPrice ? this.priceOf(product, body.slPrice, 'slPrice') : undefined;
      if (tp || sl) {
        // Checked against the price now: a level the market has already passed would close the position at once.
        const tick = await this.freshTick(tx, product.symbol);
        if (!tick) throw refused('perp.marketUnavailable');
        this.checkExposure(product, exposureOf(pos), tp, sl, money(tick.price));
      }
      changed = (await repo.updateOpen(tx, pos.id, {
        tpPrice: tp?.toFixed() ?? null,
        slPrice: sl?.toFixed() ?? null,
        now: this.d.now(),
      }))!;
      return this.positionView(changed);
    });
    if (changed) this.d.track({ kind: 'position', row: changed });
    return view;
  }

  /** Closes all of a position, or `quantity` lots of it, at the market price. */
  async close(actor: Actor, body: z.output<typeof ClosePositionBody>): Promise<PerpTrade> {
    const userId = actor.userId;
    const { requestId, ...rest } = body;
    const call = { actor, wallet: WALLET, scope: 'Sustainable/closePosition', requestId, input: rest };
    let fill: Fill | undefined;
    const trade = await runMoneyCall(this.d, call, async (tx, raise) => {
      const pos = await this.lockOpen(tx, actor, body.positionId);
      const lots = body.quantity ? money(body.quantity) : money(pos.quantity);
      if (lots.gt(pos.quantity)) throw refused('perp.quantityTooLarge', { max: pos.quantity }, fields('quantity'));
      fill = await this.closeAtMarket(tx, pos, lots);
      raise(feeCharged(fill, 'perpetual.close'));
      return this.tradeView(fill);
    });
    if (fill) this.tracked(fill);
    return trade;
  }

  /** Closes every open position (of one product, or all) at the market price, in one transaction. */
  async closeAll(actor: Actor, body: z.output<typeof CloseAllBody>): Promise<{ closed: PerpTrade[] }> {
    const userId = actor.userId;
    const { requestId, ...rest } = body;
    const call = { actor, wallet: WALLET, scope: 'Sustainable/closeAllPosition', requestId, input: rest };
    const fills: Fill[] = [];
    const result = await runMoneyCall(this.d, call, async (tx, raise) => {
      await repo.lockWallet(tx, userId, actor.mode);
      const open = await repo.lockOpenPositions(tx, userId, actor.mode, body.symbol);
      for (const pos of open) fills.push(await this.closeAtMarket(tx, pos, money(pos.quantity)));
      for (const f of fills) raise(feeCharged(f, 'perpetual.close'));
      return { closed: fills.map((f) => this.tradeView(f)) };
    });
    for (const f of fills) this.tracked(f);
    return result;
  }

  async currentEntrust(actor: Actor, symbol?: string): Promise<{ list: PerpOrder[] }> {
    const rows = await repo.pendingOrders(this.d.db, actor.userId, actor.mode, symbol);
    return { list: rows.map((r) => this.orderView(r)) };
  }

  async historyEntrust(actor: Actor, symbol: string | undefined, page: number, pageSize: number) {
    const { total, list } = await repo.historyOrders(
      this.d.db,
      actor.userId,
      actor.mode,
      symbol,
      pageSize,
      (page - 1) * pageSize,
    );
    return { list: list.map((r) => this.orderView(r)), total, page, pageSize };
  }

  async historyTrades(actor: Actor, symbol: string | undefined, page: number, pageSize: number) {
    const { total, list } = await repo.trades(
      this.d.db,
      actor.userId,
      actor.mode,
      symbol,
      pageSize,
      (page - 1) * pageSize,
    );
    const precision = (s: string) => this.d.market.product(s)?.pricePrecision ?? 2;
    return { list: list.map((r) => toTrade(r, precision(r.symbol))), total, page, pageSize };
  }

  /** Cancels a pending limit order: its margin and fee holds are released. */
  async cancel(actor: Actor, body: CancelPerpOrderBody): Promise<PerpOrder> {
    const userId = actor.userId;
    const { requestId, orderId } = body;
    if (!ID.test(orderId)) throw notFound();
    const call = { actor, wallet: WALLET, scope: 'Sustainable/cancelDeliveryOrder', requestId, input: { orderId } };
    let row: OrderRecord | undefined;
    const view = await runMoneyCall(this.d, call, async (tx) => {
      await repo.lockWallet(tx, userId, actor.mode);
      const order = await repo.lockOrder(tx, orderId, userId);
      if (!order || order.mode !== actor.mode) throw notFound();
      if (order.status !== 'pending') throw refused('perp.notCancellable');
      row = await this.book.cancelLimit(tx, order);
      return this.orderView(row);
    });
    if (row) this.d.track({ kind: 'order', row });
    return view;
  }

  rules(lang: Lang): PerpDescData {
    return {
      defaultLeverage: DEFAULT_LEVERAGE,
      sections: RULE_SECTIONS.map((n) => ({
        title: t(lang, `perp.rules.${n}.title` as MessageKey),
        body: t(lang, `perp.rules.${n}.body` as MessageKey),
      })),
    };
  }

  // ---- helpers ----

  private async closeAtMarket(tx: Executor, pos: PositionRecord, lots: Money): Promise<Fill> {
    const tick = await this.freshTick(tx, pos.symbol);
    if (!tick) throw refused('perp.marketUnavailable');
    const feeRate = money(this.d.market.product(pos.symbol)?.feeRate ?? '0');
    return this.book.close(tx, pos, lots, money(tick.price), 'close', feeRate);
  }

  private tracked(fill: Fill) {
    this.d.track({ kind: 'order', row: fill.order });
    this.d.track({ kind: 'position', row: fill.position });
  }

  /** Locks the user's wallet, then one of the user's open positions in the current mode. */
  private async lockOpen(tx: Executor, actor: Actor, positionId: string): Promise<PositionRecord> {
    if (!ID.test(positionId)) throw notFound();
    await repo.lockWallet(tx, actor.userId, actor.mode);
    const pos = await repo.lockPosition(tx, positionId, actor.userId);
    if (!pos || pos.mode !== actor.mode) throw notFound();
    if (pos.status !== 'open') throw refused('perp.positionClosed');
    return pos;
  }

  private tradable(symbol: string): Product {
    const product = this.d.market.product(symbol);
    if (!product || !product.enabled) throw refused('perp.productDisabled', {}, fields('symbol'));
    return product;
  }

  /** The market price now, within the 5 s rule (from `ticks` when this node's bus is down or slow). */
  private freshTick(tx: Executor, symbol: string) {
    return this.d.market.currentTick(symbol, tx, this.limits.staleTickMs, this.d.now().getTime());
  }

  private priceOf(product: Product, value: string, field: 'price' | 'tpPrice' | 'slPrice'): Money {
    const p = money(value);
    if (p.lte(0)) throw refused('perp.pricePositive', {}, fields(field));
    if (p.decimalPlaces() > product.pricePrecision) {
      throw refused('perp.priceDecimals', { decimals: product.pricePrecision }, fields(field));
    }
    return p;
  }

  /** TP/SL of a new order, against the entry it will have and the liquidation price that margin gives. */
  private checkTakeStop(product: Product, o: OpenTerms, entry: Money, tp?: Money, sl?: Money) {
    if (!tp && !sl) return;
    const contractSize = money(product.contractSize);
    const margin = marginOf(entry, o.lots, contractSize, o.leverage);
    this.checkExposure(product, { side: o.side, quantity: o.lots, contractSize, entryPrice: entry, margin }, tp, sl);
  }

  /** Refuses a TP/SL on the wrong side of the entry (a new order) or of `now`, the price an open position is at. */
  private checkExposure(product: Product, p: Exposure, tp?: Money, sl?: Money, now?: Money) {
    const bad = checkTakeStop(p, tp, sl, now ?? p.entryPrice);
    if (!bad) return;
    const liq = displayLiquidationPrice(p, product.pricePrecision);
    const long = p.side === 'long';
    if (now) {
      const price = now.toFixed(product.pricePrecision);
      if (bad === 'tpPrice') throw refused(long ? 'perp.tpLongNow' : 'perp.tpShortNow', { price }, fields('tpPrice'));
      throw refused(long ? 'perp.slLongNow' : 'perp.slShortNow', { price, liq }, fields('slPrice'));
    }
    const entry = p.entryPrice.toFixed(product.pricePrecision);
    if (bad === 'tpPrice') throw refused(long ? 'perp.tpLong' : 'perp.tpShort', { entry }, fields('tpPrice'));
    throw refused(long ? 'perp.slLong' : 'perp.slShort', { entry, liq }, fields('slPrice'));
  }

  private precision(symbol: string) {
    return this.d.market.product(symbol)?.pricePrecision ?? 2;
  }

  /**
   * Any position's live figures at this node's latest tick, as its owner's position list shows them (the operator
   * console's user page shows them too).
   */
  figures(r: PositionTerms & { symbol: string }): PositionFigures {
    return positionFigures(r, this.d.market.latestTick(r.symbol)?.price, this.precision(r.symbol));
  }

  private positionView(r: PositionRecord): PerpPosition {
    return toPosition(r, this.d.market.latestTick(r.symbol)?.price, this.precision(r.symbol));
  }

  private orderView(r: OrderRecord): PerpOrder {
    return toOrder(r, this.precision(r.symbol));
  }

  private tradeView(f: Fill): PerpTrade {
    return toTrade(f.trade, this.precision(f.trade.symbol));
  }
}

/** Ids are bigserials: anything else names nothing (and never reaches SQL as a bigint). */
const ID = /^[1-9]\d{0,17}$/;
/** Every perpetual call draws on the perpetual wallet. */
const WALLET = 'perpetual' as const;

/** The fee one fill charged, for the domains that build on fees (rebates); its ref names the position. */
export const feeCharged = (fill: Fill, source: 'perpetual.open' | 'perpetual.close' | 'perpetual.liquidation') =>
  ({
    type: 'fee.charged',
    userId: fill.position.userId,
    mode: fill.position.mode,
    wallet: WALLET,
    currency: QUOTE_CURRENCY,
    amount: fill.trade.fee,
    source,
    ref: `perp_position:${fill.position.id}`,
  }) satisfies DomainEvent;
const fields = (field: string) => ({ fields: [{ field, reason: 'invalid' }] });
