import type {
  AdminVerification,
  CountryListData,
  Lang,
  SubmitVerificationBody,
  UserVerificationData,
  VerificationLevel,
  VerificationState,
  VerificationStatus,
} from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { invalid, notFound, refused } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http.js';
import {
  type ApprovalHook,
  type Decision,
  type Page,
  type ReviewListQuery,
  recordAudit,
} from '../../platform/review.js';
import { uploadBelongsTo } from '../../platform/uploads.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import { countryList, isCountry } from './countries.js';
import { type VerificationRow, kycRepository as repo } from './repository.js';

export interface KycDeps {
  db: Executor;
  now: () => Date;
  /** In the transaction that passes a user's basic verification (the referral programme qualifies them). */
  onVerified?: ApprovalHook;
  /** The message centre: the user hears of the decision. */
  messages?: MessagePort;
}

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
/** An ID number as its owner sees it: the last four characters. */
export const maskIdNumber = (id: string) => `****${id.slice(-4)}`;

const UNVERIFIED: VerificationState = {
  status: 'unverified',
  reason: null,
  country: null,
  name: null,
  idNumber: null,
  submittedAt: null,
  reviewedAt: null,
};

/**
 * Identity verification (spec §2, §4): basic (country, name, ID number), then advanced (also address, city and
 * both ID photos). A level under review or verified cannot be submitted again; a rejected one can.
 */
export class KycService {
  constructor(private readonly d: KycDeps) {}

  countries(lang: Lang): CountryListData {
    return { list: countryList(lang) };
  }

  async submit(user: AuthUser, body: SubmitVerificationBody): Promise<UserVerificationData> {
    if (!isCountry(body.country)) throw invalid([{ field: 'country', reason: 'invalid' }]);
    const userId = BigInt(user.id);
    const advanced = body.level === 'advanced';
    await this.d.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const latest = await repo.latest(tx, userId);
      const basic = latest.find((r) => r.level === 'basic');
      if (advanced && basic?.status !== 'verified') throw refused('kyc.basicFirst');
      const current = latest.find((r) => r.level === body.level);
      if (current?.status === 'review') throw refused('kyc.underReview');
      if (current?.status === 'verified') throw refused('kyc.alreadyVerified');
      if (advanced) {
        for (const field of ['frontImage', 'backImage'] as const) {
          if (!(await uploadBelongsTo(tx, userId, body[field]!))) throw invalid([{ field, reason: 'invalid' }]);
        }
      }
      await repo.insert(tx, {
        userId,
        level: body.level,
        country: body.country,
        name: body.name,
        idNumber: body.idNumber,
        address: advanced ? body.address! : null,
        city: advanced ? body.city! : null,
        frontImage: advanced ? body.frontImage! : null,
        backImage: advanced ? body.backImage! : null,
        now: this.d.now(),
      });
    });
    return this.state(user);
  }

  async state(user: AuthUser): Promise<UserVerificationData> {
    const latest = await repo.latest(this.d.db, BigInt(user.id));
    const of = (level: VerificationLevel): VerificationState => {
      const r = latest.find((x) => x.level === level);
      if (!r) return UNVERIFIED;
      return {
        status: r.status,
        reason: r.status === 'rejected' ? r.reason : null,
        country: r.country,
        name: r.name,
        idNumber: maskIdNumber(r.id_number),
        submittedAt: ms(r.created_at),
        reviewedAt: r.reviewed_at === null ? null : ms(r.reviewed_at),
      };
    };
    const basic = of('basic');
    return { basic, advanced: of('advanced'), verified: basic.status === 'verified' };
  }

  /** What withdrawals need: basic verification done. In the caller's transaction. */
  basicVerified(ex: Executor, userId: bigint): Promise<boolean> {
    return repo.isVerified(ex, userId, 'basic');
  }

  // ── Operator side ─────────────────────────────────────────────────────────────────────────────────────────

  async list(q: ReviewListQuery<VerificationStatus>): Promise<Page<AdminVerification>> {
    const { total, list } = await repo.page(this.d.db, q.status, q.pageSize, (q.page - 1) * q.pageSize);
    return { list: list.map(toAdmin), total };
  }

  approve(id: string, decision: Decision): Promise<AdminVerification> {
    return this.decide(id, decision, 'verified');
  }

  reject(id: string, decision: Decision): Promise<AdminVerification> {
    return this.decide(id, decision, 'rejected');
  }

  private async decide(id: string, decision: Decision, status: 'verified' | 'rejected'): Promise<AdminVerification> {
    if (!/^[1-9]\d{0,17}$/.test(id)) throw notFound();
    return this.d.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw notFound();
      if (row.status !== 'review') throw refused('review.alreadyDecided');
      const before = toAdmin(row);
      await repo.decide(tx, id, {
        status,
        reason: decision.reason,
        operatorId: decision.operatorId,
        now: this.d.now(),
      });
      if (status === 'verified' && row.level === 'basic') await this.d.onVerified?.(tx, BigInt(row.user_id));
      const after = toAdmin((await repo.lock(tx, id))!);
      await this.d.messages?.notify(tx, row.user_id, {
        key: `verification:${id}:${status}`,
        kind: status === 'verified' ? 'verification.approved' : 'verification.rejected',
        params: { level: row.level, reason: decision.reason ?? '' },
        link: MESSAGE_LINKS.verification,
      });
      await recordAudit(tx, {
        operatorId: decision.operatorId,
        action: status === 'verified' ? 'verification.approve' : 'verification.reject',
        entity: 'verification',
        entityId: id,
        before,
        after,
        reason: decision.reason,
      });
      return after;
    });
  }
}

const adminFile = (name: string | null) => (name ? `/api/admin/file/${name}` : null);

function toAdmin(r: VerificationRow): AdminVerification {
  return {
    id: r.id,
    owner: {
      userId: r.user_id,
      uid: Number(r.owner_uid),
      email: r.owner_email ?? null,
      mobile: r.owner_mobile ? `+${r.owner_area_code ?? ''} ${r.owner_mobile}` : null,
    },
    level: r.level,
    status: r.status,
    country: r.country,
    name: r.name,
    idNumber: r.id_number,
    address: r.address,
    city: r.city,
    frontImageUrl: adminFile(r.front_image),
    backImageUrl: adminFile(r.back_image),
    reason: r.reason,
    createdAt: ms(r.created_at),
    reviewedAt: r.reviewed_at === null ? null : ms(r.reviewed_at),
    reviewedBy: r.reviewed_by ?? null,
    reviewedByName: r.reviewed_by_name ?? null,
  };
}
