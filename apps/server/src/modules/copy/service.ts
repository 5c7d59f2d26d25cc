import {
  COPY_ORDER_TIME,
  type CopyRecord,
  type CreateFollowPlanBody,
  type FollowPlan,
  QUOTE_CURRENCY,
} from '@nexa/contract';
import { conditionProblems, copyLimitHit, copyStake, copyWindows, profitShareAllowed } from '@nexa/rules';
import { InsufficientFunds, type Ledger, type Money, fitsScale, money } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { AppError, invalid, notFound, refused } from '../../platform/errors.js';
import { type Actor, runMoneyCall } from '../../platform/money-call.js';
import type { UserEvents } from '../../platform/user-events/index.js';
import type { MarketService } from '../market/index.js';
import type { MessagePort } from '../messages/index.js';
import type { SafeguardsService } from '../safeguards/index.js';
import { copyMessages } from './messages.js';
import { type FollowRow, type PlanRow, copyRepository as repo } from './repository.js';
import { followRef, ms, planRef, publicUser, toPlan, toRecord } from './views.js';

export interface CopyLimits {
  /** A price older than this is no price: no plan is placed on it. */
  staleTickMs: number;
  /** If no fresh price comes for this long after the order time, the plan is refunded. */
  placeGiveUpMs: number;
  /** The placement worker's backstop sweep. */
  sweepMs: number;
}

export const DEFAULT_COPY_LIMITS: CopyLimits = {
  staleTickMs: 5_000,
  placeGiveUpMs: 30_000,
  sweepMs: 1_000,
};

export interface CopyDeps {
  db: Executor;
  ledger: Ledger;
  market: Pick<MarketService, 'product' | 'periodsOf' | 'currentTick' | 'storeTick'>;
  userEvents: Pick<UserEvents, 'raise' | 'live'>;
  guard: Pick<SafeguardsService, 'check'>;
  events?: DomainEvents;
  /** The message centre (issue 16): invitations, followers, placements, settlements, cancellations, refunds. */
  messages?: Pick<MessagePort, 'notifyMany' | 'notifyEach'>;
  now: () => Date;
  limits: CopyLimits;
  /** The most a leader may ask of a follower's profit on a won copy, in percent: the operators' `copy` setting now. */
  profitShareCap: () => string;
}

const HOUSE = (mode: 'real' | 'demo') => ({ system: 'house' as const, mode, currency: QUOTE_CURRENCY });

/**
 * The follow plans (issue 14): publishing (the leader's stake held from the delivery wallet), invitations,
 * confirmations (the follower's stake held from the copy-trading wallet), withdrawals and cancellations. The
 * placement at the order time is placement.ts; the results come from the delivery settlement.
 */
export class CopyPlans {
  constructor(
    private readonly d: CopyDeps,
    /** Tells the placement worker of a new order time. */
    private readonly onPlan: (orderTimeMs: number) => void,
  ) {}

  async create(actor: Actor, body: CreateFollowPlanBody): Promise<FollowPlan> {
    const { period, amount, invitees } = await this.checkPlan(actor, body);
    const { requestId, ...input } = body;
    const plan = await runMoneyCall(
      this.d,
      { actor, wallet: 'delivery', scope: 'order/createOrder', requestId, input },
      async (tx) => {
        await this.d.guard.check(tx, actor, { kind: 'delivery', stake: amount.toFixed() });
        const id = await repo.nextPlanId(tx);
        const now = this.d.now();
        const holdId = await this.hold(tx, actor, 'delivery', amount, planRef(id));
        const c = body.condition;
        await repo.insertPlan(tx, {
          id,
          leaderId: actor.userId,
          mode: actor.mode,
          title: body.title,
          symbol: body.symbol,
          direction: body.direction,
          seconds: period.seconds,
          orderTime: body.orderTime,
          cond: { type: c.type, value: money(c.value).toFixed(), min: c.min ?? null, max: c.max ?? null },
          stake: amount.toFixed(),
          profitSharePct: body.profitSharePct ?? '0',
          holdId,
          now,
        });
        await this.addInvitees(tx, actor, id, invitees);
        return this.view(tx, id);
      },
    );
    this.onPlan(plan.orderTime);
    return plan;
  }

  async invite(actor: Actor, planId: string, uids: number[]): Promise<FollowPlan> {
    const invitees = await this.resolveInvitees(actor, uids, 'uids');
    return this.d.db.transaction(async (tx) => {
      const plan = await repo.lockPlan(tx, planId, false);
      if (!plan || plan.leaderId !== String(actor.userId)) throw notFound();
      this.checkOpen(plan);
      await this.addInvitees(tx, actor, planId, invitees);
      return this.view(tx, planId);
    });
  }

  /** Confirms copy trading: the stake by the plan's condition held from the copy-trading wallet at once. */
  async confirm(actor: Actor, planId: string, requestId: string): Promise<CopyRecord> {
    await this.planInMode(actor, planId);
    const input = { planId };
    return runMoneyCall(
      this.d,
      { actor, wallet: 'copy', scope: 'order/checkFollowOrder', requestId, input },
      async (tx) => {
        const plan = await repo.lockPlan(tx, planId, true);
        if (!plan) throw notFound();
        const follow = await repo.follow(tx, planId, actor.userId, true);
        if (!follow) throw refused('copy.notInvited');
        this.checkOpen(plan);
        if (follow.state === 'confirmed') throw refused('copy.alreadyConfirmed');
        const stake = await this.stakeFor(tx, actor, plan);
        await this.checkFollowerLimits(tx, actor, stake);
        const holdId = await this.hold(tx, actor, 'copy', stake, followRef(follow.id));
        await repo.confirm(tx, follow.id, { stake: stake.toFixed(), holdId, auto: false, now: this.d.now() });
        return this.followerChanged(tx, actor, planId, 'confirmed');
      },
    );
  }

  /** Withdraws a confirmation before the order time: the hold released. */
  async withdraw(actor: Actor, planId: string, requestId: string): Promise<CopyRecord> {
    await this.planInMode(actor, planId);
    return runMoneyCall(
      this.d,
      { actor, wallet: 'copy', scope: 'order/cancelFollow', requestId, input: { planId } },
      async (tx) => {
        const plan = await repo.lockPlan(tx, planId, true);
        if (!plan) throw notFound();
        const follow = await repo.follow(tx, planId, actor.userId, true);
        if (!follow) throw refused('copy.notInvited');
        this.checkOpen(plan);
        if (follow.state !== 'confirmed') throw refused('copy.notConfirmed');
        await this.d.ledger.void(tx, follow.holdId!, 'copy_refund');
        await repo.setFollowState(tx, follow.id, 'withdrawn', this.d.now());
        return this.followerChanged(tx, actor, planId, 'withdrawn');
      },
    );
  }

  /** The leader cancels before the order time: every hold (theirs and the followers') released once. */
  async cancel(actor: Actor, planId: string, requestId: string): Promise<FollowPlan> {
    return runMoneyCall(
      this.d,
      { actor, wallet: 'delivery', scope: 'order/cancelPlan', requestId, input: { planId } },
      async (tx) => {
        const plan = await repo.lockPlan(tx, planId, false);
        if (!plan || plan.leaderId !== String(actor.userId) || plan.mode !== actor.mode) throw notFound();
        this.checkOpen(plan);
        const now = this.d.now();
        const ended = await repo.endFollows(tx, planId, ['invited', 'confirmed', 'withdrawn'], 'cancelled', null, now);
        const holds = ended.filter((f) => f.state === 'confirmed' && f.holdId).map((f) => f.holdId!);
        await this.d.ledger.postBatch(tx, [
          { kind: 'void', pendingId: plan.holdId, type: 'copy_refund' },
          ...holds.map((h) => ({ kind: 'void' as const, pendingId: h, type: 'copy_refund' })),
        ]);
        await repo.setPlanStatus(tx, planId, 'cancelled', now);
        const held = ended.filter((f) => f.state === 'confirmed');
        const told = held.map((f) => ({ userId: f.userId, message: copyMessages.cancelled(plan) }));
        await this.d.messages?.notifyMany(tx, told, { live: true });
        const view = await this.view(tx, planId);
        for (const f of await repo.followsOfPlan(tx, planId)) {
          this.d.userEvents.raise(f.userId, { type: 'copy.cancelled', plan: view, record: toRecord(f, view, null) });
        }
        return view;
      },
    );
  }

  /** The plan as the API shows it. */
  async view(ex: Executor, planId: string): Promise<FollowPlan> {
    const row = await repo.plan(ex, planId);
    if (!row) throw notFound();
    return this.toPlan(row);
  }

  toPlan(row: PlanRow): FollowPlan {
    return toPlan(row, this.d.market.product(row.symbol)?.pricePrecision ?? 2);
  }

  /** What confirming `plan` would hold now from the user's copy-trading wallet. */
  async quote(ex: Executor, actor: Actor, plan: FollowPlan): Promise<string> {
    const available = await this.copyAvailable(ex, actor);
    const stake = copyStake(
      { type: plan.condition.type, value: plan.condition.value, min: plan.condition.min, max: plan.condition.max },
      available,
    );
    return stake.toFixed(2);
  }

  // ——— helpers ———

  private async checkPlan(actor: Actor, body: CreateFollowPlanBody) {
    const now = this.d.now().getTime();
    const ahead = body.orderTime - now;
    if (ahead < COPY_ORDER_TIME.minAheadMs || ahead > COPY_ORDER_TIME.maxAheadMs) {
      throw invalid([{ field: 'orderTime', reason: 'invalid' }]);
    }
    const product = this.d.market.product(body.symbol);
    if (!product || !product.enabled) throw invalid([{ field: 'symbol', reason: 'invalid' }]);
    const period = this.d.market.periodsOf(body.symbol).find((p) => p.seconds === body.seconds);
    if (!period) throw invalid([{ field: 'seconds', reason: 'invalid' }]);
    const c = body.condition;
    for (const [field, v] of [
      ['value', c.type === 'fixed' ? c.value : undefined],
      ['min', c.min],
      ['max', c.max],
    ] as const) {
      if (v !== undefined && !fitsScale(money(v), QUOTE_CURRENCY)) {
        throw invalid([{ field: `condition.${field}`, reason: 'invalid' }]);
      }
    }
    // How the fields relate (min ≤ max, a fixed amount within them): the form checks the same rule.
    const problems = conditionProblems({ type: c.type, value: c.value, min: c.min ?? null, max: c.max ?? null });
    if (problems.length > 0) {
      throw invalid(problems.map((p) => ({ field: `condition.${p.field}`, reason: 'invalid' as const })));
    }
    if (c.type === 'fixed' && (money(c.value).lt(period.minStake) || money(c.value).gt(period.maxStake))) {
      throw invalid([{ field: 'condition.value', reason: 'invalid' }]);
    }
    if (!profitShareAllowed(body.profitSharePct ?? '0', this.d.profitShareCap())) {
      throw invalid([{ field: 'profitSharePct', reason: 'invalid' }]);
    }
    const amount = money(body.amount);
    if (!fitsScale(amount, QUOTE_CURRENCY)) throw refused('money.tooManyDecimals', { decimals: 2 });
    if (amount.lt(period.minStake) || amount.gt(period.maxStake)) {
      throw refused('delivery.stakeOutOfBounds', { min: period.minStake, max: period.maxStake });
    }
    const invitees = await this.resolveInvitees(actor, body.invitees, 'invitees');
    return { period, amount, invitees };
  }

  /** The users behind `uids` (ids); an unknown uid or oneself is refused naming the field. */
  private async resolveInvitees(actor: Actor, uids: number[], field: string): Promise<string[]> {
    const unique = [...new Set(uids)];
    const users = await repo.usersByUid(this.d.db, unique);
    if (users.length !== unique.length || users.some((u) => u.id === String(actor.userId))) {
      throw invalid([{ field, reason: 'invalid' }]);
    }
    return users.map((u) => u.id);
  }

  /** New invitations, each told; those who auto-follow the leader are confirmed within their limits. */
  private async addInvitees(tx: Executor, actor: Actor, planId: string, userIds: string[]) {
    const added = await repo.invite(tx, planId, userIds, this.d.now());
    if (added.length === 0) return;
    const auto = await repo.autoFollowersAmong(tx, actor.userId, added);
    const row = (await repo.plan(tx, planId))!;
    for (const userId of added) {
      if (auto.has(userId)) await this.autoConfirm(tx, row, userId);
    }
    const plan = this.toPlan((await repo.plan(tx, planId))!);
    const invited = copyMessages.invited(row);
    await this.d.messages?.notifyMany(
      tx,
      added.map((userId) => ({ userId, message: invited })),
      { live: added.length > 1 },
    );
    for (const userId of added) {
      const f = (await repo.follow(tx, planId, userId))!;
      const follower = { userId: BigInt(userId), mode: plan.mode };
      const quote = f.state === 'invited' ? await this.quote(tx, follower, plan) : null;
      this.d.userEvents.raise(userId, { type: 'copy.invited', record: toRecord(f, plan, quote) });
    }
  }

  /**
   * An auto-follower's confirmation, in the leader's transaction: only when every check passes beforehand
   * (funds, the follower's limits, responsible trading); otherwise the invitation simply waits for them.
   */
  private async autoConfirm(tx: Executor, row: PlanRow, userId: string) {
    const actor: Actor = { userId: BigInt(userId), mode: row.mode };
    try {
      const stake = await this.stakeFor(tx, actor, row);
      if ((await this.copyAvailable(tx, actor)).lt(stake)) return;
      await this.checkFollowerLimits(tx, actor, stake);
      const follow = (await repo.follow(tx, row.id, userId, true))!;
      const holdId = await this.hold(tx, actor, 'copy', stake, followRef(follow.id));
      await repo.confirm(tx, follow.id, { stake: stake.toFixed(), holdId, auto: true, now: this.d.now() });
    } catch (err) {
      if (err instanceof AppError) return;
      throw err;
    }
  }

  /** The stake the condition gives now, within the product period's bounds. */
  private async stakeFor(tx: Executor, actor: Actor, plan: PlanRow): Promise<Money> {
    const available = await this.copyAvailable(tx, actor);
    const stake = copyStake(
      { type: plan.condType, value: plan.condValue, min: plan.condMin, max: plan.condMax },
      available,
    );
    if (stake.lte(0)) throw refused('money.insufficient');
    const period = this.d.market.periodsOf(plan.symbol).find((p) => p.seconds === Number(plan.seconds));
    if (!period) throw refused('delivery.periodUnknown');
    if (stake.lt(period.minStake) || stake.gt(period.maxStake)) {
      throw refused('delivery.stakeOutOfBounds', { min: period.minStake, max: period.maxStake });
    }
    return stake;
  }

  /** The follower's own copy limits, then responsible trading (copies not yet placed count as staked). */
  private async checkFollowerLimits(tx: Executor, actor: Actor, stake: Money) {
    const settings = await repo.settings(tx, actor.userId);
    const w = copyWindows(this.d.now().getTime());
    const u = await repo.copyUsage(tx, actor.userId, actor.mode, w.dayFrom, w.weekFrom);
    const hit = copyLimitHit(
      settings,
      { stakedToday: money(u.staked), netToday: money(u.day), netThisWeek: money(u.week) },
      stake,
    );
    if (hit) throw refused(`copy.limit.${hit}`);
    const pending = money(await repo.pendingStakes(tx, actor.userId, actor.mode));
    await this.d.guard.check(tx, actor, { kind: 'delivery', stake: stake.plus(pending).toFixed() });
  }

  private async copyAvailable(ex: Executor, actor: Actor): Promise<Money> {
    const balances = await this.d.ledger.balances(ex, actor.userId, actor.mode);
    const copy = balances.find((b) => b.wallet === 'copy' && b.currency === QUOTE_CURRENCY);
    return money(copy?.available ?? '0');
  }

  private async hold(tx: Executor, actor: Actor, wallet: 'delivery' | 'copy', amount: Money, ref: string) {
    try {
      const h = await this.d.ledger.hold(tx, {
        debit: { userId: actor.userId, mode: actor.mode, wallet, currency: QUOTE_CURRENCY },
        credit: HOUSE(actor.mode),
        amount,
        types: { debit: 'copy_stake', credit: 'copy_stake' },
        ref,
      });
      return h.transferId;
    } catch (err) {
      if (err instanceof InsufficientFunds) throw refused('money.insufficient');
      throw err;
    }
  }

  /** Confirmations and withdrawals only before the order time of an open plan. */
  private checkOpen(plan: PlanRow) {
    if (plan.status !== 'open' || this.d.now().getTime() >= ms(plan.orderTime)) throw refused('copy.closed');
  }

  /** A follower acts in the plan's account mode only. */
  private async planInMode(actor: Actor, planId: string) {
    const plan = await repo.plan(this.d.db, planId);
    if (!plan) throw notFound();
    if (plan.mode !== actor.mode) throw refused('copy.modeMismatch');
  }

  /** The follower's record after a change, and the leader told. */
  private async followerChanged(tx: Executor, actor: Actor, planId: string, action: 'confirmed' | 'withdrawn') {
    const row = (await repo.plan(tx, planId))!;
    const plan = this.toPlan(row);
    const f = (await repo.follow(tx, planId, actor.userId)) as FollowRow;
    const me = (await repo.userById(tx, actor.userId))!;
    this.d.userEvents.raise(row.leaderId, { type: 'copy.follower', action, follower: publicUser(me), plan });
    const told = copyMessages.follower(row, f, Number(me.uid), action, this.d.now());
    await this.d.messages?.notifyMany(tx, [{ userId: row.leaderId, message: told }]);
    const quote = action === 'withdrawn' ? await this.quote(tx, actor, plan) : null;
    return toRecord(f, plan, quote);
  }
}
