import {
  type AdminCopyLeader,
  type AdminCopyPlan,
  type AdminCopyPlanData,
  type AdminCopyPlansBody,
  type AutoFollowsData,
  type CopyRecordsData,
  type CopySettingsBody,
  type CopySettingsData,
  type DeliveryOrderCopy,
  type FollowPlansData,
  type LeaderProfileData,
  type PublicUser,
  type WinRateData,
  operatorUserRef,
} from '@nexa/contract';
import {
  type SettledPlan,
  copyStopped,
  copyWindows,
  format2,
  lossOf,
  winRate,
  windowFigures,
  worstLosingStreak,
} from '@nexa/rules';
import { sql } from 'drizzle-orm';
import { money } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { invalid, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/money-call.js';
import { type PlanRow, type UserFace, copyRepository as repo } from './repository.js';
import type { CopyDeps, CopyPlans } from './service.js';
import { ms, publicUser, toOrderCopy, toRecord } from './views.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The copy-trading lists, figures, settings and auto-follows. */
export class CopyReads {
  constructor(
    private readonly d: CopyDeps,
    private readonly plans: CopyPlans,
  ) {}

  /** Invited me: plans still before their order time first (soonest first), then the rest (newest first). */
  async invitations(actor: Actor, page: number, pageSize: number, open: boolean): Promise<CopyRecordsData> {
    const offset = (page - 1) * pageSize;
    const { total, list } = await repo.followsPage(this.d.db, actor.userId, actor.mode, open, pageSize, offset);
    const out = [];
    for (const f of list) {
      const plan = await this.plans.view(this.d.db, f.planId);
      const quote = plan.status === 'open' ? await this.plans.quote(this.d.db, actor, plan) : null;
      out.push(toRecord(f, plan, quote));
    }
    return { list: out, total, page, pageSize };
  }

  async published(actor: Actor, page: number, pageSize: number): Promise<FollowPlansData> {
    const offset = (page - 1) * pageSize;
    const { total, list } = await repo.leaderPlansPage(this.d.db, actor.userId, actor.mode, pageSize, offset);
    return { list: list.map((r) => this.plans.toPlan(r)), total, page, pageSize };
  }

  /** One plan: its leader, or one of its invitees, may see it. */
  async plan(actor: Actor, planId: string) {
    const row = await repo.plan(this.d.db, planId);
    if (!row) throw notFound();
    if (row.leaderId !== String(actor.userId) && !(await repo.follow(this.d.db, planId, actor.userId))) {
      throw notFound();
    }
    return this.plans.toPlan(row);
  }

  /** The plans of the delivery orders among `orderIds` that copy trading placed (for the order lists and events). */
  async ordersCopies(ex: Executor, orderIds: readonly string[]): Promise<Map<string, DeliveryOrderCopy>> {
    const rows = await repo.plansOfOrderIds(ex, orderIds);
    return new Map(rows.map((r) => [r.orderId, toOrderCopy(r)]));
  }

  async lookup(uid: number, field = 'uid'): Promise<UserFace> {
    const [u] = await repo.usersByUid(this.d.db, [uid]);
    if (!u) throw invalid([{ field, reason: 'invalid' }]);
    return u;
  }

  async publicUser(uid: number): Promise<PublicUser> {
    return publicUser(await this.lookup(uid));
  }

  async winRate(actor: Actor, uid: number | undefined): Promise<WinRateData> {
    const u = uid === undefined ? (await repo.userById(this.d.db, actor.userId))! : await this.lookup(uid);
    const totals = await repo.leaderTotals(this.d.db, u.id, actor.mode);
    const settled = (await repo.settledPlans(this.d.db, u.id, actor.mode)).filter((p) => p.status !== 'refunded');
    const won = settled.filter((p) => p.status === 'won').length;
    return {
      ...publicUser(u),
      publications: Number(totals.publications),
      settled: settled.length,
      won,
      winRate: winRate(won, settled.length),
      totalFollowers: Number(totals.followers),
      totalOrderAmount: format2(totals.amount),
    };
  }

  async profile(actor: Actor, uid: number): Promise<LeaderProfileData> {
    const u = await this.lookup(uid);
    const now = this.d.now().getTime();
    const settled: SettledPlan[] = (await repo.settledPlans(this.d.db, u.id, actor.mode)).map((p) => ({
      result: p.status as SettledPlan['result'],
      stake: money(p.stake),
      payout: money(p.payout),
      settledAt: ms(p.settledAt),
    }));
    const windows = ([7, 30, 90] as const).map((days) => {
      const f = windowFigures(settled, now - days * DAY_MS);
      return { days, settled: f.settled, won: f.won, winRate: f.winRate, roi: f.roi, pnl: format2(f.pnl) };
    });
    const totals = await repo.leaderTotals(this.d.db, u.id, actor.mode);
    const recent = await repo.plans(this.d.db, sql`p.leader_id = ${u.id}::bigint AND p.mode = ${actor.mode}`, 10);
    return {
      leader: publicUser(u),
      windows,
      publications: Number(totals.publications),
      totalFollowers: Number(totals.followers),
      autoFollowers: await repo.countAutoFollowers(this.d.db, u.id),
      worstLosingStreak: worstLosingStreak(settled),
      recentPlans: recent.map((r) => this.plans.toPlan(r)),
      autoFollowedByMe: await repo.isAutoFollowing(this.d.db, actor.userId, u.id),
    };
  }

  // ── Operator side (issue 17): any plan, any user, unmasked ───────────────────────────────────────────────

  async adminPlans(body: AdminCopyPlansBody) {
    const conds = [sql`true`];
    if (body.status) conds.push(sql`p.status = ${body.status}`);
    if (body.mode) conds.push(sql`p.mode = ${body.mode}`);
    if (body.leaderUid !== undefined) {
      conds.push(sql`p.leader_id = (SELECT id FROM users WHERE uid = ${body.leaderUid}::bigint)`);
    }
    const where = sql.join(conds, sql` AND `);
    const offset = (body.page - 1) * body.pageSize;
    const [total, rows] = [
      await repo.countPlans(this.d.db, where),
      await repo.plans(this.d.db, where, body.pageSize, offset),
    ];
    return { list: rows.map((r) => this.adminPlan(r)), total, page: body.page, pageSize: body.pageSize };
  }

  async adminPlanDetail(planId: string): Promise<AdminCopyPlanData> {
    const row = await repo.plan(this.d.db, planId);
    if (!row) throw notFound();
    const plan = this.plans.toPlan(row);
    const follows = await repo.followsOfPlan(this.d.db, planId);
    const users = new Map(
      (
        await repo.usersById(
          this.d.db,
          follows.map((f) => f.userId),
        )
      ).map((u) => [u.id, u]),
    );
    return {
      plan: this.adminPlan(row),
      followers: follows.map((f) => {
        const { plan: _plan, quote: _quote, ...record } = toRecord(f, plan, null);
        return { ...record, user: operatorUserRef(users.get(f.userId)!) };
      }),
    };
  }

  async adminLeaders(body: { page: number; pageSize: number; mode: 'real' | 'demo' }) {
    const offset = (body.page - 1) * body.pageSize;
    const { total, list } = await repo.leadersPage(this.d.db, body.mode, body.pageSize, offset);
    const leaders: AdminCopyLeader[] = list.map((r) => ({
      user: operatorUserRef(r),
      publications: Number(r.publications),
      settled: Number(r.settled),
      won: Number(r.won),
      winRate: winRate(Number(r.won), Number(r.settled)),
      totalFollowers: Number(r.followers),
      totalOrderAmount: format2(r.amount),
      profitShares: format2(r.shares),
      lastPublishedAt: ms(r.lastAt),
    }));
    return { list: leaders, total, page: body.page, pageSize: body.pageSize };
  }

  private adminPlan(row: PlanRow): AdminCopyPlan {
    return {
      ...this.plans.toPlan(row),
      leaderUser: operatorUserRef({
        id: row.leaderId,
        uid: row.leaderUid,
        email: row.leaderEmail,
        areaCode: row.leaderAreaCode,
        mobile: row.leaderMobile,
      }),
    };
  }

  async settings(actor: Actor): Promise<CopySettingsData> {
    const s = await repo.settings(this.d.db, actor.userId);
    const w = copyWindows(this.d.now().getTime());
    const u = await repo.copyUsage(this.d.db, actor.userId, actor.mode, w.dayFrom, w.weekFrom);
    const usage = { stakedToday: money(u.staked), netToday: money(u.day), netThisWeek: money(u.week) };
    const fmt = (v: string | null) => (v === null ? null : format2(v));
    return {
      maxStakePerCopy: fmt(s.maxStakePerCopy),
      maxDailyStake: fmt(s.maxDailyStake),
      stopLossDaily: fmt(s.stopLossDaily),
      stopLossWeekly: fmt(s.stopLossWeekly),
      stakedToday: format2(usage.stakedToday),
      lossToday: format2(lossOf(usage.netToday)),
      lossThisWeek: format2(lossOf(usage.netThisWeek)),
      stopped: copyStopped(s, usage) !== null,
      profitShareCapPct: this.d.profitShareCap(),
    };
  }

  async saveSettings(actor: Actor, body: CopySettingsBody): Promise<CopySettingsData> {
    for (const [field, v] of Object.entries(body)) {
      if (v !== null && (money(v).lte(0) || money(v).decimalPlaces() > 2)) {
        throw invalid([{ field, reason: 'invalid' }]);
      }
    }
    await repo.saveSettings(this.d.db, actor.userId, body, this.d.now());
    return this.settings(actor);
  }

  async setAutoFollow(actor: Actor, uid: number, enabled: boolean): Promise<AutoFollowsData> {
    const u = await this.lookup(uid);
    if (u.id === String(actor.userId)) throw invalid([{ field: 'uid', reason: 'invalid' }]);
    await repo.setAutoFollow(this.d.db, actor.userId, u.id, enabled, this.d.now());
    return this.autoFollows(actor);
  }

  async autoFollows(actor: Actor): Promise<AutoFollowsData> {
    const rows = await repo.autoFollows(this.d.db, actor.userId);
    return { list: rows.map((r) => ({ leader: publicUser(r), since: ms(r.since) })) };
  }
}
