import {
  type SetTradingLimitBody,
  TRADING_LIMIT_KINDS,
  type TakeTradingBreakBody,
  type TradingLimitKind,
  type TradingLimitsData,
} from '@nexa/contract';
import {
  type LimitState,
  NO_LIMIT,
  type WindowUsage,
  breachedLimit,
  breakEnd,
  changeLimit,
  format2,
  limitInForce,
  limitWindow,
  money,
  usedOf,
} from '@nexa/rules';
import type { Executor } from '../../platform/db.js';
import { refused } from '../../platform/errors.js';
import type { Actor } from '../../platform/money-call.js';
import { type UsageRow, safeguardsRepository as repo } from './repository.js';

/** A user's figure as the messages print it: "2026-11-23 15:30 UTC". */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What an order puts at stake, for the limits: a delivery (or copy) stake; a perpetual order stakes none of them. */
export type GuardedOrder = { kind: 'delivery'; stake: string } | { kind: 'perpetual' };

/**
 * Responsible trading (issue 13 §2): the limits and breaks a user sets on the real account, and the check every
 * order path runs inside the order's own transaction (`check`), before it holds any money.
 */
export class SafeguardsService {
  constructor(private readonly d: { db: Executor; now: () => Date }) {}

  async view(actor: Actor, ex: Executor = this.d.db): Promise<TradingLimitsData> {
    const now = this.d.now().getTime();
    const [limits, brk, usage] = await Promise.all([
      repo.limits(ex, actor.userId),
      repo.breakAt(ex, actor.userId, now),
      this.usage(ex, actor.userId, now),
    ]);
    return {
      limits: TRADING_LIMIT_KINDS.map((kind) => {
        const s = limits.get(kind) ?? NO_LIMIT;
        const amount = limitInForce(s, now);
        const waiting = s.pendingSet && s.pendingAt !== null && s.pendingAt > now;
        return {
          kind,
          amount: amount === null ? null : format2(amount),
          used: format2(usedOf(kind, usage(kind))),
          pending: waiting ? { amount: s.pendingAmount && format2(s.pendingAmount), effectiveAt: s.pendingAt! } : null,
        };
      }),
      break: brk,
    };
  }

  /** Lowering takes effect at once; raising or removing after 24 h (the rule is `changeLimit`). */
  async setLimit(actor: Actor, body: SetTradingLimitBody): Promise<TradingLimitsData> {
    if (body.amount !== null && money(body.amount).lte(0)) {
      throw refused('safeguards.amountInvalid', {}, { fields: [{ field: 'amount', reason: 'invalid' }] });
    }
    return this.d.db.transaction(async (tx) => {
      const now = this.d.now().getTime();
      const current = (await repo.limits(tx, actor.userId, true)).get(body.kind) ?? NO_LIMIT;
      const amount = body.amount === null ? null : money(body.amount).toFixed();
      await repo.saveLimit(tx, actor.userId, body.kind, changeLimit(current, amount, now), now);
      return this.view(actor, tx);
    });
  }

  /** A cool-off or self-exclusion from now; one in force is only ever extended, never shortened or ended. */
  async takeBreak(actor: Actor, body: TakeTradingBreakBody): Promise<TradingLimitsData> {
    return this.d.db.transaction(async (tx) => {
      const now = this.d.now().getTime();
      await repo.extendBreak(tx, actor.userId, { kind: body.kind, until: breakEnd(body.kind, body.length, now) }, now);
      return this.view(actor, tx);
    });
  }

  /**
   * Refuses a new order on the real account during a break, or when its stake would pass a limit in force. Runs in
   * the order's transaction, first (the limit rows it locks come before any ledger row in the lock order).
   */
  async check(tx: Executor, actor: Actor, order: GuardedOrder): Promise<void> {
    if (actor.mode !== 'real') return;
    const now = this.d.now().getTime();
    const brk = await repo.breakAt(tx, actor.userId, now);
    if (brk) throw refused(`safeguards.${brk.kind}`, { until: utc(brk.until) }, { break: brk });
    if (order.kind !== 'delivery') return;
    const stored = await repo.limits(tx, actor.userId, true);
    const inForce: Partial<Record<TradingLimitKind, string | null>> = {};
    for (const [kind, s] of stored) inForce[kind] = limitInForce(s as LimitState, now);
    if (!Object.values(inForce).some((v) => v !== null)) return;
    const usage = await this.usage(tx, actor.userId, now);
    const hit = breachedLimit(inForce, usage, money(order.stake));
    if (!hit) return;
    throw refused(
      `safeguards.${hit.kind}`,
      { limit: format2(hit.limit), used: format2(hit.used) },
      { limit: { kind: hit.kind, amount: format2(hit.limit), used: format2(hit.used) } },
    );
  }

  private async usage(ex: Executor, userId: bigint, now: number): Promise<(kind: TradingLimitKind) => WindowUsage> {
    const row: UsageRow = await repo.usage(
      ex,
      userId,
      limitWindow('dailyStake', now).from,
      limitWindow('monthlyStake', now).from,
    );
    const atRisk = money(row.at_risk);
    return (kind) => {
      const daily = kind === 'dailyStake' || kind === 'dailyLoss';
      return {
        staked: money(daily ? row.day_staked : row.month_staked),
        settledLoss: money(daily ? row.day_loss : row.month_loss),
        atRisk,
      };
    };
  }
}
