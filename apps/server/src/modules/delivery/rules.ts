import {
  type DeliveryDescData,
  type DeliveryOrder,
  type DeliveryOrderCopy,
  type Lang,
  QUOTE_CURRENCY,
} from '@nexa/contract';
import { copyExpectedProfit, copyNetProfit, deliveryPayout, deliveryProfit } from '@nexa/rules';
import { type Money, formatAmount, money } from '../../ledger/index.js';
import { t } from '../../platform/i18n/translate.js';
import type { OrderRecord } from './repository.js';

// The delivery rules as pure functions (no database, no clock): the win rule, the payout, the order's view and
// the rules text. The order calls and the settlement worker both use them, so they live apart from either.

/** The house account a delivery stake is held against and a win is paid from, per mode. */
export const HOUSE = (mode: 'real' | 'demo') => ({ system: 'house' as const, mode, currency: QUOTE_CURRENCY });

/** The ledger ref of everything an order moves (its stake, its profit): the order row itself. */
export const orderRef = (orderId: string) => `delivery_order:${orderId}`;

/** The rules screen, in the caller's language. */
export function rulesText(lang: Lang): DeliveryDescData {
  return {
    title: t(lang, 'delivery.rules.title'),
    paragraphs: (
      ['delivery.rules.1', 'delivery.rules.2', 'delivery.rules.3', 'delivery.rules.4', 'delivery.rules.5'] as const
    ).map((k) => t(lang, k)),
  };
}

/** What a win adds to the stake: the one rule in @nexa/rules (stake × yield, rounded down to the cent). */
export const profitOf = (stake: Money, yieldRate: string): Money => deliveryProfit(stake, yieldRate);

/**
 * What the stored ticks say of one order: its status, exit tick and payout (ARCHITECTURE §4). `tick` is the latest
 * stored tick at or before the expiry; it settles the order only if it came after the entry and at most
 * `maxExitAgeMs` before the expiry (the same freshness an entry needs). An older one is not the price at the
 * expiry: the feed had a gap there (every node down, the source silent), and a 30 s call decided on the price 28 s
 * before its end would be decided on a price the period never ended on. Then the order is refunded.
 */
export function outcomeOf(
  row: OrderRecord,
  tick: { price: string; ts: number; source: string } | null,
  maxExitAgeMs: number,
) {
  const entryTs = Number(row.entryTs);
  const exit = tick && tick.ts > entryTs && tick.ts >= ms(row.expiresAt) - maxExitAgeMs ? tick : null;
  const stake = money(row.stake);
  let status: 'won' | 'lost' | 'draw' | 'refunded';
  if (!exit) {
    status = 'refunded';
  } else {
    const cmp = money(exit.price).cmp(money(row.entryPrice!));
    const won = (row.direction === 'call' && cmp > 0) || (row.direction === 'put' && cmp < 0);
    status = cmp === 0 ? 'draw' : won ? 'won' : 'lost';
  }
  const { profit, payout } = deliveryPayout(status, stake, row.yield);
  return { row, status, exit, profit, payout };
}

/** Epoch milliseconds of a timestamp column (the drivers hand back a Date or a string). */
export const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());

/**
 * The order as the API shows it. `copy`: the copy-trading plan it belongs to (null for one's own order); a
 * follower's expected profit is net of the leader's share, and once settled its profit is what the copy wallet
 * booked: payout − stake − the share stored by the settlement's transaction.
 */
export function toOrderAt(r: OrderRecord, pricePrecision: number, copy: DeliveryOrderCopy | null): DeliveryOrder {
  const price = (v: string) => money(v).toFixed(pricePrecision);
  const stake = money(r.stake);
  const payout = r.payout === null ? null : money(r.payout);
  const follower = copy?.role === 'follower' ? copy : null;
  const gross = profitOf(stake, r.yield);
  const expected = follower ? copyExpectedProfit(gross, follower.profitSharePct) : gross;
  let profit = payout === null ? null : payout.minus(stake);
  if (payout !== null && follower?.profitShare != null)
    profit = copyNetProfit(payout, stake, money(follower.profitShare));
  return {
    id: r.id,
    mode: r.mode,
    symbol: r.symbol,
    direction: r.direction,
    seconds: Number(r.seconds),
    amount: formatAmount(stake, QUOTE_CURRENCY),
    yield: r.yield,
    expectedProfit: formatAmount(expected, QUOTE_CURRENCY),
    status: r.status,
    entry: r.entryPrice === null ? null : { price: price(r.entryPrice), ts: Number(r.entryTs), source: r.entrySource! },
    exit: r.exitPrice === null ? null : { price: price(r.exitPrice), ts: Number(r.exitTs), source: r.exitSource! },
    payout: payout === null ? null : formatAmount(payout, QUOTE_CURRENCY),
    profit: profit === null ? null : formatAmount(profit, QUOTE_CURRENCY),
    openAt: ms(r.openAt),
    expiresAt: ms(r.expiresAt),
    settledAt: r.settledAt === null ? null : ms(r.settledAt),
    createdAt: ms(r.createdAt),
    copy,
  };
}
