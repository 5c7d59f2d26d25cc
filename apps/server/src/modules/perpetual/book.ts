import { type AccountMode, type PositionSide, QUOTE_CURRENCY } from '@nexa/contract';
import { type Exposure, feeOf, liquidatedAt, marginOf, settleClose } from '@nexa/rules';
import { InsufficientFunds, type Ledger, type Money, type UserAccount, ZERO, money } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { refused } from '../../platform/errors.js';
import type { Product } from '../market/repository.js';
import {
  type NewTrade,
  type OrderRecord,
  type PositionRecord,
  type TradeAction,
  type TradeRecord,
  perpetualRepository as repo,
} from './repository.js';

/**
 * Every money movement of perpetual trading (docs/decisions.md, Perpetual contracts), each inside the caller's
 * transaction after the caller locked the user's perpetual wallet and the position or order concerned:
 * - open at market: the open fee is transferred to `fees`, the margin held for `house`;
 * - a limit order: its margin held for `house` and its open fee held for `fees`; a fill posts the fee hold and
 *   the margin hold becomes the position's; a cancel voids both;
 * - close (all or part, by the user, TP or SL): the position's holds are voided, the PnL paid by or to `house`
 *   (a loss never more than the margin released), the close fee paid to `fees` out of what is left, and the
 *   margin of any lots left open held again;
 * - liquidation: the holds are posted to `house`; the user keeps nothing of the margin, owes nothing more;
 * - add margin: one more hold.
 */

export interface Fill {
  order: OrderRecord;
  position: PositionRecord;
  trade: TradeRecord;
}

const HOUSE = (mode: AccountMode) => ({ system: 'house' as const, mode, currency: QUOTE_CURRENCY });
const FEES = (mode: AccountMode) => ({ system: 'fees' as const, mode, currency: QUOTE_CURRENCY });
const wallet = (userId: bigint | string, mode: AccountMode): UserAccount => ({
  userId: BigInt(userId),
  mode,
  wallet: 'perpetual',
  currency: QUOTE_CURRENCY,
});

export function exposureOf(
  p: Pick<PositionRecord, 'side' | 'quantity' | 'contractSize' | 'entryPrice' | 'margin'>,
): Exposure {
  return {
    side: p.side,
    quantity: money(p.quantity),
    contractSize: money(p.contractSize),
    entryPrice: money(p.entryPrice),
    margin: money(p.margin),
  };
}

export interface OpenTerms {
  userId: bigint;
  mode: AccountMode;
  product: Product;
  side: PositionSide;
  lots: Money;
  leverage: number;
  tpPrice: string | null;
  slPrice: string | null;
}

export class PerpetualBook {
  constructor(
    private readonly ledger: Ledger,
    private readonly now: () => Date,
  ) {}

  /**
   * A market order (or a limit the market has already crossed): filled at once at `price`. `orderId` is drawn
   * first (`countLive`), so the fee and margin entries name the order row they belong to.
   */
  async openAtMarket(tx: Executor, o: OpenTerms, price: Money, orderId: string, limit?: Money): Promise<Fill> {
    const ref = orderRef(orderId);
    const cs = money(o.product.contractSize);
    const margin = marginOf(price, o.lots, cs, o.leverage);
    const fee = feeOf(price, o.lots, cs, money(o.product.feeRate));
    const now = this.now();
    await funded(async () => {
      if (fee.gt(0)) {
        await this.ledger.transfer(tx, {
          debit: wallet(o.userId, o.mode),
          credit: FEES(o.mode),
          amount: fee,
          types: { debit: 'perp_fee', credit: 'perp_fee' },
          ref,
        });
      }
    });
    const hold = await this.holdMargin(tx, o.userId, o.mode, margin, 'perp_margin', ref);
    const { position, order, trade } = await repo.insertOpening(
      tx,
      {
        ...o,
        symbol: o.product.symbol,
        quantity: o.lots.toFixed(),
        contractSize: cs.toFixed(),
        entryPrice: price.toFixed(),
        margin: margin.toFixed(),
        holdId: hold,
        now,
      },
      {
        ...o,
        id: orderId,
        symbol: o.product.symbol,
        type: limit ? 'limit' : 'market',
        intent: 'open',
        price: limit?.toFixed() ?? null,
        quantity: o.lots.toFixed(),
        filledQuantity: o.lots.toFixed(),
        contractSize: cs.toFixed(),
        margin: margin.toFixed(),
        fee: fee.toFixed(),
        marginHoldId: null,
        feeHoldId: null,
        fillPrice: price.toFixed(),
        status: 'filled',
        now,
      },
      tradeOf({ ...o, symbol: o.product.symbol }, 'open', price, o.lots, fee, ZERO, now),
    );
    return { order, position, trade };
  }

  /** A limit order: its margin and open fee (both at the limit price) held until it fills or is cancelled. */
  async placeLimit(tx: Executor, o: OpenTerms, limit: Money, orderId: string): Promise<OrderRecord> {
    const ref = orderRef(orderId);
    const cs = money(o.product.contractSize);
    const margin = marginOf(limit, o.lots, cs, o.leverage);
    const fee = feeOf(limit, o.lots, cs, money(o.product.feeRate));
    const marginHold = await this.holdMargin(tx, o.userId, o.mode, margin, 'perp_margin', ref);
    const feeHold = fee.gt(0)
      ? await funded(async () => {
          const h = await this.ledger.hold(tx, {
            debit: wallet(o.userId, o.mode),
            credit: FEES(o.mode),
            amount: fee,
            types: { debit: 'perp_fee', credit: 'perp_fee' },
            ref,
          });
          return h.transferId;
        })
      : null;
    return repo.insertOrder(tx, {
      ...o,
      id: orderId,
      symbol: o.product.symbol,
      type: 'limit',
      intent: 'open',
      price: limit.toFixed(),
      quantity: o.lots.toFixed(),
      filledQuantity: '0',
      contractSize: cs.toFixed(),
      margin: margin.toFixed(),
      fee: fee.toFixed(),
      marginHoldId: marginHold,
      feeHoldId: feeHold,
      fillPrice: null,
      status: 'pending',
      positionId: null,
      now: this.now(),
    });
  }

  /** Fills a pending (locked) limit order at its own price: the fee is taken, the margin hold becomes the position's. */
  async fillLimit(tx: Executor, order: OrderRecord): Promise<Fill> {
    const now = this.now();
    if (order.feeHoldId) await this.ledger.post(tx, order.feeHoldId, 'perp_fee');
    const price = money(order.price!);
    const lots = money(order.quantity);
    const position = await repo.insertPosition(tx, {
      userId: BigInt(order.userId),
      mode: order.mode,
      symbol: order.symbol,
      side: order.side,
      quantity: order.quantity,
      contractSize: order.contractSize,
      leverage: order.leverage,
      entryPrice: order.price!,
      margin: order.margin,
      holdId: order.marginHoldId!,
      tpPrice: order.tpPrice,
      slPrice: order.slPrice,
      now,
    });
    const filled = await repo.finishPending(tx, order.id, {
      status: 'filled',
      fillPrice: price.toFixed(),
      positionId: position.id,
      now,
    });
    if (!filled) throw new Error(`order ${order.id} was not pending at its fill`);
    const trade = await this.trade(tx, filled, position, 'open', price, lots, money(order.fee), ZERO);
    return { order: filled, position, trade };
  }

  async cancelLimit(tx: Executor, order: OrderRecord): Promise<OrderRecord> {
    await this.ledger.void(tx, order.marginHoldId!, 'perp_margin');
    if (order.feeHoldId) await this.ledger.void(tx, order.feeHoldId, 'perp_fee');
    const done = await repo.finishPending(tx, order.id, { status: 'cancelled', now: this.now() });
    if (!done) throw new Error(`order ${order.id} was not pending at its cancel`);
    return done;
  }

  /**
   * Closes `lots` of a locked open position at `price`. If the margin ratio at that price is at or below 0 the
   * position is liquidated instead, whoever asked: the rule does not depend on who gets there first.
   */
  async close(
    tx: Executor,
    pos: PositionRecord,
    lots: Money,
    price: Money,
    action: 'close' | 'tp' | 'sl',
    feeRate: Money,
  ): Promise<Fill> {
    const p = exposureOf(pos);
    if (liquidatedAt(p, price)) return this.liquidate(tx, pos, price);
    const s = settleClose(p, lots, price, feeRate);
    const userId = BigInt(pos.userId);
    const ref = `perp_position:${pos.id}`;
    for (const hold of holdsOf(pos)) await this.ledger.void(tx, hold, 'perp_margin');
    if (s.pnl.gt(0)) {
      await this.ledger.transfer(tx, {
        debit: HOUSE(pos.mode),
        credit: wallet(userId, pos.mode),
        amount: s.pnl,
        types: { debit: 'perp_profit', credit: 'perp_profit' },
        ref,
      });
    } else if (s.pnl.lt(0)) {
      await this.ledger.transfer(tx, {
        debit: wallet(userId, pos.mode),
        credit: HOUSE(pos.mode),
        amount: s.pnl.neg(),
        types: { debit: 'perp_loss', credit: 'perp_loss' },
        ref,
      });
    }
    if (s.fee.gt(0)) {
      await this.ledger.transfer(tx, {
        debit: wallet(userId, pos.mode),
        credit: FEES(pos.mode),
        amount: s.fee,
        types: { debit: 'perp_fee', credit: 'perp_fee' },
        ref,
      });
    }
    const left = p.quantity.minus(lots);
    const holds: string[] = [];
    if (left.gt(0)) holds.push(await this.holdMargin(tx, userId, pos.mode, s.remainingMargin, 'perp_margin', ref));
    const now = this.now();
    const position = await repo.updateOpen(tx, pos.id, {
      ...(left.gt(0) ? { quantity: left.toFixed(), margin: s.remainingMargin.toFixed() } : { status: 'closed' }),
      holdIds: holds,
      realizedPnlDelta: s.pnl.minus(s.fee).toFixed(),
      now,
    });
    if (!position) throw new Error(`position ${pos.id} was not open at its close`);
    const order = await this.closingOrder(tx, pos, lots, price, s.fee);
    const trade = await this.trade(tx, order, position, action, price, lots, s.fee, s.pnl);
    return { order, position, trade };
  }

  /** Forced liquidation at `price`: the whole margin goes to the house; nothing more is owed. */
  async liquidate(tx: Executor, pos: PositionRecord, price: Money): Promise<Fill> {
    for (const hold of holdsOf(pos)) await this.ledger.post(tx, hold, 'perp_liquidation');
    const margin = money(pos.margin);
    const position = await repo.updateOpen(tx, pos.id, {
      status: 'liquidated',
      holdIds: [],
      realizedPnlDelta: margin.neg().toFixed(),
      now: this.now(),
    });
    if (!position) throw new Error(`position ${pos.id} was not open at its liquidation`);
    const lots = money(pos.quantity);
    const order = await this.closingOrder(tx, pos, lots, price, ZERO);
    const trade = await this.trade(tx, order, position, 'liquidation', price, lots, ZERO, margin.neg());
    return { order, position, trade };
  }

  async addMargin(tx: Executor, pos: PositionRecord, amount: Money, ref: string): Promise<PositionRecord> {
    const hold = await this.holdMargin(tx, BigInt(pos.userId), pos.mode, amount, 'perp_margin_add', ref);
    const position = await repo.updateOpen(tx, pos.id, {
      margin: money(pos.margin).plus(amount).toFixed(),
      holdIds: [...holdsOf(pos), hold],
      now: this.now(),
    });
    if (!position) throw new Error(`position ${pos.id} was not open when margin was added`);
    return position;
  }

  private async holdMargin(
    tx: Executor,
    userId: bigint,
    mode: AccountMode,
    amount: Money,
    type: 'perp_margin' | 'perp_margin_add',
    ref: string,
  ): Promise<string> {
    return funded(async () => {
      const h = await this.ledger.hold(tx, {
        debit: wallet(userId, mode),
        credit: HOUSE(mode),
        amount,
        types: { debit: type, credit: type },
        ref,
      });
      return h.transferId;
    });
  }

  private closingOrder(tx: Executor, pos: PositionRecord, lots: Money, price: Money, fee: Money) {
    return repo.insertOrder(tx, {
      userId: BigInt(pos.userId),
      mode: pos.mode,
      symbol: pos.symbol,
      side: pos.side,
      type: 'market',
      intent: 'close',
      price: null,
      quantity: lots.toFixed(),
      filledQuantity: lots.toFixed(),
      leverage: pos.leverage,
      contractSize: pos.contractSize,
      margin: '0',
      fee: fee.toFixed(),
      marginHoldId: null,
      feeHoldId: null,
      fillPrice: price.toFixed(),
      tpPrice: null,
      slPrice: null,
      status: 'filled',
      positionId: pos.id,
      now: this.now(),
    });
  }

  private trade(
    tx: Executor,
    order: OrderRecord,
    position: PositionRecord,
    action: TradeAction,
    price: Money,
    lots: Money,
    fee: Money,
    pnl: Money,
  ) {
    const owner = {
      userId: BigInt(position.userId),
      mode: position.mode,
      symbol: position.symbol,
      side: position.side,
    };
    return repo.insertTrade(tx, {
      ...tradeOf(owner, action, price, lots, fee, pnl, this.now()),
      orderId: order.id,
      positionId: position.id,
    });
  }
}

/** A trade's row but for the order and position it names (`insertTrade` or, for a market open, `insertOpening`). */
function tradeOf(
  owner: { userId: bigint; mode: AccountMode; symbol: string; side: PositionSide },
  action: TradeAction,
  price: Money,
  lots: Money,
  fee: Money,
  pnl: Money,
  now: Date,
): Omit<NewTrade, 'orderId' | 'positionId'> {
  return {
    userId: owner.userId,
    mode: owner.mode,
    symbol: owner.symbol,
    side: owner.side,
    action,
    price: price.toFixed(),
    quantity: lots.toFixed(),
    fee: fee.toFixed(),
    realizedPnl: pnl.toFixed(),
    now,
  };
}

/** The ledger ref of what an order moves (its fee, its margin): the order row. */
export const orderRef = (orderId: string) => `perp_order:${orderId}`;

export const holdsOf = (pos: PositionRecord) => pos.holdIds;

/** The ledger's refusal of a movement a user cannot fund, as the user's message. */
async function funded<T>(move: () => Promise<T>): Promise<T> {
  try {
    return await move();
  } catch (err) {
    if (err instanceof InsufficientFunds) throw refused('money.insufficient');
    throw err;
  }
}
