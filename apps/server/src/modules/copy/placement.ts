import { type CopyRefundReason, type DeliveryOrder, QUOTE_CURRENCY } from '@nexa/contract';
import { profitShare } from '@nexa/rules';
import type { FastifyBaseLogger } from 'fastify';
import { type BatchOp, money } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { Passes } from '../../platform/loops.js';
import { copyMessages } from './messages.js';
import { type PlanRow, copyRepository as repo } from './repository.js';
import type { CopyDeps, CopyPlans } from './service.js';
import { followRef, ms, toRecord } from './views.js';

/** A delivery order as settlement hands it over (the fields the profit share needs). */
export interface SettledOrder {
  id: string;
  userId: string;
  status: DeliveryOrder['status'];
  stake: string;
  payout: string | null;
}

/**
 * The placement worker (issue 14): at a plan's order time it places the leader's and every confirmed follower's
 * delivery order at one entry tick, in one transaction that claims the plan with SKIP LOCKED, so each plan is
 * placed exactly once whatever the number of nodes; a node that stops before leaves it to the next pass of any
 * other. A plan that cannot be placed (product withdrawn, no fresh price for too long) is refunded whole, with the
 * reason recorded on the plan and on every copy.
 */
export class CopyPlacement {
  private timers = new Set<NodeJS.Timeout>();
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly passes = new Passes(() => this.pass(), {
    stopped: () => this.stopped,
    onError: (err) => this.d.log.error({ err }, 'copy: placement pass failed'),
  });
  private armed: number | undefined;

  constructor(
    private readonly d: CopyDeps & { log: FastifyBaseLogger },
    private readonly plans: CopyPlans,
    /** Tells the delivery settlement when the placed orders expire. */
    private readonly onPlaced: (expiresAtMs: number) => void,
  ) {}

  async start(): Promise<void> {
    this.sweeper = setInterval(() => void this.placeDue(), this.d.limits.sweepMs);
    await this.placeDue();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.passes.idle();
  }

  /** A pass just at `atMs` (a plan's order time). */
  wakeAt(atMs: number) {
    if (this.stopped || !this.sweeper) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.placeDue();
      },
      Math.max(0, atMs - this.d.now().getTime()),
    );
    this.timers.add(timer);
  }

  /** One pass: every due plan placed (or refunded); concurrent calls in this process collapse into one more. */
  placeDue(): Promise<void> {
    return this.passes.run();
  }

  private async pass() {
    const skip: string[] = [];
    while (!this.stopped) {
      const r = await this.placeOne(skip);
      if (r === 'none') break;
      if (r !== 'placed') skip.push(r.waiting);
    }
    await this.armNext();
  }

  /** Claims one due plan and places or refunds it; a plan waiting for a fresh price is left for the next pass. */
  private async placeOne(skip: string[]): Promise<'none' | 'placed' | { waiting: string }> {
    let expiresAt: number | undefined;
    let placedPlan: string | undefined;
    const result = await this.d.db.transaction(async (tx): Promise<'none' | 'placed' | { waiting: string }> => {
      expiresAt = undefined;
      placedPlan = undefined;
      const now = this.d.now();
      const id = await repo.lockDuePlan(tx, now, skip);
      if (!id) return 'none';
      const plan = (await repo.plan(tx, id))!;
      const product = this.d.market.product(plan.symbol);
      const period = this.d.market.periodsOf(plan.symbol).find((p) => p.seconds === Number(plan.seconds));
      if (!product?.enabled || !period) {
        await this.refund(tx, plan, 'productUnavailable', now);
        return 'placed';
      }
      const tick = await this.d.market.currentTick(plan.symbol, tx, this.d.limits.staleTickMs, now.getTime());
      if (!tick) {
        if (now.getTime() - ms(plan.orderTime) < this.d.limits.placeGiveUpMs) return { waiting: id };
        await this.refund(tx, plan, 'marketUnavailable', now);
        return 'placed';
      }
      await this.d.market.storeTick(tick, tx);
      const exp = new Date(now.getTime() + Number(plan.seconds) * 1000);
      const entry = { price: tick.price, ts: tick.ts, source: tick.source };
      const placed = await repo.placeOrders(tx, plan, { yield: period.yield, entry, openAt: now, expiresAt: exp });
      await repo.endFollows(tx, id, ['invited'], 'expired', null, now);
      await repo.setPlanStatus(tx, id, 'placed', now, { orderId: placed.leaderOrderId });
      await this.tellPlaced(
        tx,
        id,
        placed.follows.map((f) => f.userId),
      );
      placedPlan = id;
      expiresAt = exp.getTime();
      return 'placed';
    });
    if (placedPlan !== undefined) await this.tellFollowersPlaced(placedPlan);
    if (expiresAt !== undefined) this.onPlaced(expiresAt);
    return result;
  }

  /** Every hold of the plan released, the reason on the plan and on each confirmed copy. */
  private async refund(tx: Executor, plan: PlanRow, reason: CopyRefundReason, now: Date) {
    const refunded = await repo.endFollows(tx, plan.id, ['confirmed'], 'refunded', reason, now);
    await repo.endFollows(tx, plan.id, ['invited'], 'expired', null, now);
    await this.d.ledger.postBatch(tx, [
      { kind: 'void', pendingId: plan.holdId, type: 'copy_refund' },
      ...refunded.map((f) => ({ kind: 'void' as const, pendingId: f.holdId!, type: 'copy_refund' })),
    ]);
    await repo.setPlanStatus(tx, plan.id, 'refunded', now, { reason });
    const told = [
      { userId: plan.leaderId, message: copyMessages.refunded(plan, reason, 'leader') },
      ...refunded.map((f) => ({ userId: f.userId, message: copyMessages.refunded(plan, reason, 'follower') })),
    ];
    await this.d.messages?.notifyMany(tx, told, { live: true });
    await this.tell(tx, plan.id, 'copy.placed');
  }

  /** The leader and every copy of the plan told its new state. */
  private async tell(tx: Executor, planId: string, type: 'copy.placed' | 'copy.settled') {
    const row = (await repo.plan(tx, planId))!;
    const plan = this.plans.toPlan(row);
    this.d.userEvents.raise(row.leaderId, { type, plan, record: null });
    for (const f of await repo.followsOfPlan(tx, planId, ['placed', 'refunded'])) {
      this.d.userEvents.raise(f.userId, { type, plan, record: toRecord(f, plan, null) });
    }
  }

  /**
   * In the placement's transaction: the leader's `copy.placed` journaled, and the placement message stored for the
   * leader and every follower in one statement (their sockets are told once it commits).
   */
  private async tellPlaced(tx: Executor, planId: string, followerIds: string[]) {
    const row = (await repo.plan(tx, planId))!;
    this.d.userEvents.raise(row.leaderId, { type: 'copy.placed', plan: this.plans.toPlan(row), record: null });
    // Each opens the plan in its reader's history: the leader's Publish history, the followers' Copy history.
    await this.d.messages?.notifyEach(tx, [row.leaderId], copyMessages.placed(row, 'leader'));
    await this.d.messages?.notifyEach(tx, followerIds, copyMessages.placed(row, 'follower'));
  }

  /**
   * The followers' `copy.placed` once the placement committed, live and read outside its transaction: thousands of
   * them journaled or built inside it would hold the placement up; a follower who misses one reads the lists again.
   */
  private async tellFollowersPlaced(planId: string) {
    try {
      const row = (await repo.plan(this.d.db, planId))!;
      const plan = this.plans.toPlan(row);
      const follows = await repo.followsOfPlan(this.d.db, planId, ['placed']);
      await this.d.userEvents.live(
        follows.map((f) => ({
          userId: f.userId,
          event: { type: 'copy.placed' as const, plan, record: toRecord(f, plan, null) },
        })),
      );
    } catch (err) {
      this.d.log.error({ err, planId }, 'copy: telling the followers of a placement failed');
    }
  }

  /** A timer for the earliest open plan's order time, whichever node took it. */
  private async armNext() {
    if (!this.sweeper) return;
    const next = await repo.nextOrderTime(this.d.db);
    if (next === undefined || next === this.armed || next <= this.d.now().getTime()) return;
    this.armed = next;
    this.wakeAt(next);
  }

  /**
   * In the delivery settlement's transaction, for the orders it just settled: each won copy pays the leader's
   * profit share from the follower's copy-trading wallet to the leader's delivery wallet, the share is recorded on
   * every settled copy, and a plan whose leader's order settled is settled.
   */
  async onSettled(tx: Executor, orders: readonly SettledOrder[]): Promise<void> {
    const ids = orders.map((o) => o.id);
    const follows = await repo.followsOfOrders(tx, ids);
    const planIds = await repo.plansOfOrders(tx, ids);
    if (follows.length === 0 && planIds.length === 0) return;
    const byId = new Map(orders.map((o) => [o.id, o]));
    const ops: BatchOp[] = [];
    const shares = follows.map((f) => {
      const o = byId.get(f.orderId)!;
      const share =
        o.status === 'won' && o.payout !== null ? profitShare(money(o.payout).minus(o.stake), f.pct) : money(0);
      if (share.gt(0)) {
        ops.push({
          kind: 'transfer',
          entry: {
            debit: { userId: BigInt(f.userId), mode: f.mode, wallet: 'copy', currency: QUOTE_CURRENCY },
            credit: { userId: BigInt(f.leaderId), mode: f.mode, wallet: 'delivery', currency: QUOTE_CURRENCY },
            amount: share,
            types: { debit: 'copy_profit_share', credit: 'copy_profit_share' },
            ref: followRef(f.followId),
          },
        });
      }
      return { followId: f.followId, share: share.toFixed() };
    });
    await this.d.ledger.postBatch(tx, ops);
    const now = this.d.now();
    await repo.setProfitShares(tx, shares, now);
    for (const id of planIds) await repo.setPlanStatus(tx, id, 'settled', now);
    await this.tellSettled(tx, planIds, follows, byId);
  }

  private async tellSettled(
    tx: Executor,
    leaderPlans: string[],
    follows: { planId: string; userId: string }[],
    orders: Map<string, SettledOrder>,
  ) {
    const told: { userId: string; message: ReturnType<typeof copyMessages.settled> }[] = [];
    const planIds = new Set([...leaderPlans, ...follows.map((f) => f.planId)]);
    for (const planId of planIds) {
      const row = (await repo.plan(tx, planId))!;
      const plan = this.plans.toPlan(row);
      if (leaderPlans.includes(planId)) {
        this.d.userEvents.raise(row.leaderId, { type: 'copy.settled', plan, record: null });
      }
      const settledHere = new Set(follows.filter((f) => f.planId === planId).map((f) => f.userId));
      if (settledHere.size === 0) continue;
      for (const f of await repo.followsOfPlan(tx, planId, ['placed'])) {
        if (settledHere.has(f.userId)) {
          this.d.userEvents.raise(f.userId, { type: 'copy.settled', plan, record: toRecord(f, plan, null) });
          const order = f.orderId ? orders.get(f.orderId) : undefined;
          if (order) told.push({ userId: f.userId, message: copyMessages.settled(row, order, f.profitShare ?? '0') });
        }
      }
    }
    await this.d.messages?.notifyMany(tx, told, { live: true });
  }
}
