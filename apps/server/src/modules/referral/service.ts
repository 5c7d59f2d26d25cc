import { createHash } from 'node:crypto';
import {
  type AdminRebatesBody,
  type AdminRebatesData,
  type AdminTeamTreeBody,
  type AdminTeamTreeData,
  type Lang,
  REBATE_BASE,
  REBATE_CURRENCY,
  RebateProduct,
  type RebateRecordsBody,
  type RebateRecordsData,
  type RebateRulesData,
  type ReferralTable,
  type ReferralTableVersion,
  type SetReferralTableBody,
  type ShareInviteData,
  type TeamListBody,
  type TeamListData,
  operatorUserRef,
} from '@nexa/contract';
import { maskContact, money, nextLevel, tableProblems, teamLevel } from '@nexa/rules';
import type { Executor } from '../../platform/db.js';
import { invalid, notFound } from '../../platform/errors.js';
import { t } from '../../platform/i18n/translate.js';
import type { Actor } from '../../platform/money-call.js';
import { recordAudit } from '../../platform/review.js';
import { type TableVersionRow, referralRepository as repo } from './repository.js';

export interface ReferralDeps {
  db: Executor;
  now: () => Date;
}

/** The registration page with the code filled in (the app's hash route), relative to the site's origin. */
export const inviteLink = (code: string) => `/h5/#/pages/userPages/register?code=${encodeURIComponent(code)}`;

/** One identity document, whatever its spelling: the country and the number without spaces, dashes or case. */
export const documentKey = (country: string, idNumber: string) =>
  createHash('sha256')
    .update(`${country.trim().toUpperCase()}:${idNumber.replace(/[\s\-./]/g, '').toUpperCase()}`)
    .digest('hex');

/** The version in force at `atMs`: the latest that took effect at or before it (the first if none did). */
export function versionAt(versions: readonly TableVersionRow[], atMs: number): TableVersionRow {
  let found = versions[0]!;
  for (const v of versions) if (v.effectiveAtMs <= atMs) found = v;
  return found;
}

export const asTable = (v: TableVersionRow): ReferralTable => ({ minDeposit: v.minDeposit, levels: v.levels });

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * The invitation programme's reads, qualification, and the operator's table (issue 15). Levels are not stored:
 * each is the table's function of the qualified counts, so a qualification or a table change moves them at once.
 */
export class ReferralService {
  constructor(private readonly d: ReferralDeps) {}

  async currentVersion(ex: Executor = this.d.db): Promise<TableVersionRow> {
    return versionAt(await repo.tableVersions(ex), this.d.now().getTime());
  }

  async shareInvite(actor: Actor): Promise<ShareInviteData> {
    const code = await repo.inviteCode(this.d.db, actor.userId);
    if (code === undefined) throw notFound();
    const table = asTable(await this.currentVersion());
    const counts = await repo.teamCounts(this.d.db, actor.userId);
    const income = await repo.income(this.d.db, actor.userId, startOfUtcDay(this.d.now()));
    return {
      inviteCode: code,
      link: inviteLink(code),
      level: teamLevel(table, counts.qualifiedL1, counts.qualifiedL2),
      nextLevel: nextLevel(table, counts.qualifiedL1, counts.qualifiedL2),
      counts,
      totalIncome: money(income.total).toFixed(2),
      todayIncome: money(income.today).toFixed(2),
    };
  }

  async team(actor: Actor, body: TeamListBody): Promise<TeamListData> {
    const { depth, page, pageSize } = body;
    const { total, list } = await repo.teamPage(this.d.db, actor.userId, depth, pageSize, (page - 1) * pageSize);
    const table = asTable(await this.currentVersion());
    const counts = await repo.qualifiedCounts(
      this.d.db,
      list.map((m) => m.id),
    );
    return {
      total,
      page,
      pageSize,
      list: list.map((m) => {
        const [direct, second] = counts.get(m.id) ?? [0, 0];
        return {
          nickname: maskContact(m.email, m.mobile),
          uid: m.uid,
          invitedAt: m.invitedAtMs,
          depth,
          level: teamLevel(table, direct, second),
          qualified: m.qualified,
        };
      }),
    };
  }

  async rebates(actor: Actor, body: RebateRecordsBody): Promise<RebateRecordsData> {
    const { page, pageSize } = body;
    const range = { start: body.start, end: body.end };
    const { total, list } = await repo.rebatePage(this.d.db, actor.userId, range, pageSize, (page - 1) * pageSize);
    return {
      total,
      page,
      pageSize,
      list: list.map((r) => ({
        id: r.id,
        sourceUid: Number(r.sourceUid),
        sourceUser: maskContact(r.sourceUserEmail, r.sourceUserMobile),
        depth: r.depth,
        product: r.product,
        baseAmount: r.base,
        rate: r.rate,
        rebate: money(r.rebate).toFixed(2),
        currency: r.currency,
        level: r.level,
        createdAt: r.createdAtMs,
      })),
    };
  }

  async rules(lang: Lang): Promise<RebateRulesData> {
    const v = await this.currentVersion();
    return {
      ...asTable(v),
      currency: REBATE_CURRENCY,
      effectiveAt: v.effectiveAtMs,
      products: RebateProduct.options.map((product) => ({
        product,
        name: t(lang, `referral.product.${product}`),
        base: REBATE_BASE[product],
      })),
    };
  }

  /**
   * Called in the transaction that approves a deposit or a verification: the user qualifies once both are done
   * (either order), unless their document already qualified another account. Their uplines' levels follow in the
   * same transaction, since a level is the table's function of the qualified counts.
   */
  async onApproval(tx: Executor, userId: bigint): Promise<boolean> {
    await repo.lockQualification(tx, userId);
    if (await repo.isQualified(tx, userId)) return false;
    const document = await repo.verifiedDocument(tx, userId);
    if (!document) return false;
    const { minDeposit } = await this.currentVersion(tx);
    if (!(await repo.hasQualifyingDeposit(tx, userId, minDeposit))) return false;
    return repo.qualify(tx, userId, documentKey(document.country, document.idNumber), this.d.now());
  }

  // ── Operator side ─────────────────────────────────────────────────────────────────────────────────────────

  /** Every rebate record (filtered by earner, product, time), with the count and sum of all the filter selects. */
  async adminRebates(body: AdminRebatesBody): Promise<AdminRebatesData> {
    const { page, pageSize } = body;
    let earnerId: bigint | undefined;
    if (body.earnerUid !== undefined) {
      earnerId = await repo.userIdByUid(this.d.db, body.earnerUid);
      if (earnerId === undefined) throw invalid([{ field: 'earnerUid', reason: 'invalid' }]);
    }
    const filter = { earnerId, product: body.product, start: body.start, end: body.end };
    const { total, amount, list } = await repo.adminRebatePage(this.d.db, filter, pageSize, (page - 1) * pageSize);
    const users = await repo.userRefs(this.d.db, [
      ...new Set(list.flatMap((r) => [BigInt(r.earnerId), BigInt(r.sourceUserId)])),
    ]);
    return {
      total,
      page,
      pageSize,
      totals: { count: total, amount: money(amount).toFixed(2) },
      list: list.map((r) => ({
        id: r.id,
        earner: operatorUserRef(users.get(r.earnerId)!),
        sourceUser: operatorUserRef(users.get(r.sourceUserId)!),
        depth: Number(r.depth),
        product: r.product,
        baseAmount: r.base,
        rate: r.rate,
        rebate: money(r.rebate).toFixed(2),
        currency: r.currency,
        level: Number(r.level),
        transferId: r.transferId,
        createdAt: new Date(r.createdAt).getTime(),
      })),
    };
  }

  /** A user's place in the invitation tree: who earns from them, their counts, income, and a page of one depth. */
  async adminTeamTree(body: AdminTeamTreeBody): Promise<AdminTeamTreeData> {
    const userId = await repo.userIdByUid(this.d.db, body.uid);
    if (userId === undefined) throw invalid([{ field: 'uid', reason: 'invalid' }]);
    const { depth, page, pageSize } = body;
    const table = asTable(await this.currentVersion());
    const uplines = ((await repo.uplines(this.d.db, [userId])).get(userId) ?? []).filter((u) => u !== null);
    const { total, list } = await repo.teamPage(this.d.db, userId, depth, pageSize, (page - 1) * pageSize);
    const ids = [userId, ...uplines, ...list.map((m) => m.id)];
    const users = await repo.userRefs(this.d.db, ids);
    const counts = await repo.qualifiedCounts(this.d.db, ids);
    const levelOf = (id: bigint) => teamLevel(table, ...(counts.get(id) ?? [0, 0]));
    const member = (id: bigint) => {
      const u = users.get(String(id))!;
      return {
        ...operatorUserRef(u),
        invitedAt: new Date(u.createdAt).getTime(),
        level: levelOf(id),
        qualified: u.qualified,
      };
    };
    const income = await repo.income(this.d.db, userId, startOfUtcDay(this.d.now()));
    return {
      user: member(userId),
      uplines: uplines.map((id, i) => ({ ...operatorUserRef(users.get(String(id))!), depth: i + 1 })),
      counts: await repo.teamCounts(this.d.db, userId),
      totalIncome: money(income.total).toFixed(2),
      total,
      page,
      pageSize,
      list: list.map((m) => ({ ...member(m.id), depth })),
    };
  }

  async adminTable(): Promise<ReferralTableVersion> {
    const v = await this.currentVersion();
    return { ...asTable(v), version: v.version, effectiveAt: v.effectiveAtMs };
  }

  /** A new version of the table, in force from now on: rebates already paid keep the rates they were paid at. */
  async setTable(operatorId: string, body: SetReferralTableBody): Promise<ReferralTableVersion> {
    const table: ReferralTable = {
      minDeposit: body.minDeposit,
      levels: [...body.levels].sort((a, b) => a.level - b.level),
    };
    const problems = tableProblems(table);
    if (problems.length > 0) throw invalid(problems);
    return this.d.db.transaction(async (tx) => {
      const before = await this.currentVersion(tx);
      const now = this.d.now();
      const version = await repo.insertTable(tx, { ...table, effectiveAt: now, operatorId });
      const after = { ...table, version, effectiveAt: now.getTime() };
      await recordAudit(tx, {
        operatorId,
        action: 'referral.table',
        entity: 'referral_table',
        entityId: String(version),
        before: { ...asTable(before), version: before.version },
        after,
        reason: body.reason || null,
      });
      return after;
    });
  }
}
