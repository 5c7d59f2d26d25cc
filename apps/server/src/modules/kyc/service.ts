import type {
  AdminVerification,
  CountryListData,
  FieldError,
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
  type UploadReader,
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
  /** The stored uploads: an ID's back photo must not be the same picture as its front. */
  uploads: Pick<UploadReader, 'read'>;
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

/** A name as typed: Unicode forms, spaces and case do not make another name. */
const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();
  return norm(a) === norm(b);
};
/** An ID number as typed: case and hyphens do not make another number. */
const sameIdNumber = (a: string, b: string) => {
  const norm = (s: string) => s.replace(/-/g, '').toUpperCase();
  return norm(a) === norm(b);
};

/**
 * The fields of an advanced body that are not the verified basic identity. The body may omit them (they are taken
 * from the basic record); given, they must be the same person and document.
 */
function notBasicIdentity(body: SubmitVerificationBody, basic: VerificationRow): FieldError[] {
  const differ: FieldError[] = [];
  if (body.country !== undefined && body.country !== basic.country)
    differ.push({ field: 'country', reason: 'mismatch' });
  if (body.name !== undefined && !sameName(body.name, basic.name)) differ.push({ field: 'name', reason: 'mismatch' });
  if (body.idNumber !== undefined && !sameIdNumber(body.idNumber, basic.id_number)) {
    differ.push({ field: 'idNumber', reason: 'mismatch' });
  }
  return differ;
}

/**
 * Identity verification (spec §2, §4): basic (country, name, ID number), then advanced: address, city and photos of
 * both sides of the same ID document, for the identity basic verified (its country, name and ID number are copied
 * from the verified basic record, never taken from the advanced body). A level under review or verified cannot be
 * submitted again; a rejected one can.
 */
export class KycService {
  constructor(private readonly d: KycDeps) {}

  countries(lang: Lang): CountryListData {
    return { list: countryList(lang) };
  }

  async submit(user: AuthUser, body: SubmitVerificationBody): Promise<UserVerificationData> {
    if (body.country !== undefined && !isCountry(body.country))
      throw invalid([{ field: 'country', reason: 'invalid' }]);
    const userId = BigInt(user.id);
    const advanced = body.level === 'advanced';
    const pictures = advanced
      ? await Promise.all(
          [body.frontImage!, body.backImage!].map(async (name) => (await this.d.uploads.read(name))?.bytes ?? null),
        )
      : [];
    await this.d.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const latest = await repo.latest(tx, userId);
      const basic = latest.find((r) => r.level === 'basic');
      if (advanced && basic?.status !== 'verified') throw refused('kyc.basicFirst');
      const current = latest.find((r) => r.level === body.level);
      if (current?.status === 'review') throw refused('kyc.underReview');
      if (current?.status === 'verified') throw refused('kyc.alreadyVerified');
      // Basic: the identity typed (the contract requires all three). Advanced: the verified basic one.
      let identity = { country: body.country!, name: body.name!, idNumber: body.idNumber! };
      if (advanced) {
        const differ = notBasicIdentity(body, basic!);
        if (differ.length > 0) throw invalid(differ);
        identity = { country: basic!.country, name: basic!.name, idNumber: basic!.id_number };
        await this.checkPhotos(tx, userId, body, pictures);
      }
      await repo.insert(tx, {
        userId,
        level: body.level,
        ...identity,
        address: advanced ? body.address! : null,
        city: advanced ? body.city! : null,
        frontImage: advanced ? body.frontImage! : null,
        backImage: advanced ? body.backImage! : null,
        now: this.d.now(),
      });
    });
    return this.state(user);
  }

  /**
   * Both photos are the user's own uploads, and two pictures: the same upload, or the same image uploaded twice,
   * given as front and back shows one side only. `pictures` were read before the transaction (the upload store reads
   * outside it, and the embedded database has one connection).
   */
  private async checkPhotos(
    tx: Executor,
    userId: bigint,
    body: SubmitVerificationBody,
    pictures: readonly (Buffer | null)[],
  ): Promise<void> {
    const front = body.frontImage!;
    const back = body.backImage!;
    for (const [field, name] of [
      ['frontImage', front],
      ['backImage', back],
    ] as const) {
      if (!(await uploadBelongsTo(tx, userId, name))) throw invalid([{ field, reason: 'invalid' }]);
    }
    if (front === back) throw invalid([{ field: 'backImage', reason: 'duplicate' }]);
    const [a, b] = pictures;
    if (!a) throw invalid([{ field: 'frontImage', reason: 'invalid' }]);
    if (!b) throw invalid([{ field: 'backImage', reason: 'invalid' }]);
    if (a.equals(b)) throw invalid([{ field: 'backImage', reason: 'duplicate' }]);
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
    basic:
      r.level === 'advanced' && r.basic_id
        ? {
            id: r.basic_id,
            country: r.basic_country!,
            name: r.basic_name!,
            idNumber: r.basic_id_number!,
            verifiedAt: r.basic_reviewed_at ? ms(r.basic_reviewed_at) : null,
          }
        : null,
    reason: r.reason,
    createdAt: ms(r.created_at),
    reviewedAt: r.reviewed_at === null ? null : ms(r.reviewed_at),
    reviewedBy: r.reviewed_by ?? null,
    reviewedByName: r.reviewed_by_name ?? null,
  };
}
