import type { VerificationLevel, VerificationStatus } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryPage, queryRows } from '../../platform/db.js';

type Ts = Date | string;

export interface VerificationRow {
  [k: string]: unknown;
  id: string;
  user_id: string;
  level: VerificationLevel;
  status: Exclude<VerificationStatus, 'unverified'>;
  country: string;
  name: string;
  id_number: string;
  address: string | null;
  city: string | null;
  front_image: string | null;
  back_image: string | null;
  reason: string | null;
  created_at: Ts;
  reviewed_at: Ts | null;
  owner_uid?: string | number;
  owner_email?: string | null;
  owner_area_code?: string | null;
  owner_mobile?: string | null;
  /** The operator who decided it, for operators (null while under review). */
  reviewed_by?: string | null;
  reviewed_by_name?: string | null;
  /** An advanced submission's verified basic identity, for operators (null otherwise). */
  basic_id?: string | null;
  basic_country?: string | null;
  basic_name?: string | null;
  basic_id_number?: string | null;
  basic_reviewed_at?: Ts | null;
}

const COLUMNS = sql.raw(`v.id::text AS id, v.user_id::text AS user_id, v.level, v.status, v.country, v.name,
  v.id_number, v.address, v.city, v.front_image, v.back_image, v.reason, v.created_at, v.reviewed_at`);
/** The owner and the reviewer of a submission, as operators see them. */
const OWNER = sql.raw(
  `u.uid AS owner_uid, u.email AS owner_email, u.area_code AS owner_area_code, u.mobile AS owner_mobile,
   v.reviewed_by::text AS reviewed_by, r.username AS reviewed_by_name`,
);
/** An advanced submission's verified basic identity (the one it must be the same person and document as). */
const BASIC = sql.raw(`b.id::text AS basic_id, b.country AS basic_country, b.name AS basic_name,
   b.id_number AS basic_id_number, b.reviewed_at AS basic_reviewed_at`);
const OWNER_JOINS = sql.raw(`JOIN users u ON u.id = v.user_id LEFT JOIN operators r ON r.id = v.reviewed_by
  LEFT JOIN LATERAL (
    SELECT b.id, b.country, b.name, b.id_number, b.reviewed_at FROM verifications b
     WHERE v.level = 'advanced' AND b.user_id = v.user_id AND b.level = 'basic' AND b.status = 'verified'
     ORDER BY b.reviewed_at DESC NULLS LAST, b.id DESC LIMIT 1
  ) b ON true`);
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const kycRepository = {
  /** Serialises one user's submissions, so two at once cannot both pass the "nothing live" check. */
  async lockUser(ex: Executor, userId: bigint): Promise<void> {
    await ex.execute(sql`SELECT id FROM users WHERE id = ${String(userId)} FOR NO KEY UPDATE`);
  },

  /** The latest submission of each level. */
  latest(ex: Executor, userId: bigint): Promise<VerificationRow[]> {
    return queryRows<VerificationRow>(
      ex,
      sql`SELECT DISTINCT ON (v.level) ${COLUMNS} FROM verifications v WHERE v.user_id = ${String(userId)}
          ORDER BY v.level, v.created_at DESC, v.id DESC`,
    );
  },

  async isVerified(ex: Executor, userId: bigint, level: VerificationLevel): Promise<boolean> {
    const rows = await queryRows(
      ex,
      sql`SELECT 1 FROM verifications WHERE user_id = ${String(userId)} AND level = ${level} AND status = 'verified'`,
    );
    return rows.length > 0;
  },

  async insert(
    ex: Executor,
    v: {
      userId: bigint;
      level: VerificationLevel;
      country: string;
      name: string;
      idNumber: string;
      address: string | null;
      city: string | null;
      frontImage: string | null;
      backImage: string | null;
      now: Date;
    },
  ): Promise<void> {
    await ex.execute(sql`INSERT INTO verifications (user_id, level, status, country, name, id_number, address, city,
                                                   front_image, back_image, created_at)
      VALUES (${String(v.userId)}, ${v.level}, 'review', ${v.country}, ${v.name}, ${v.idNumber}, ${v.address},
              ${v.city}, ${v.frontImage}, ${v.backImage}, ${iso(v.now)})`);
  },

  async page(ex: Executor, status: VerificationStatus | undefined, limit: number, offset: number) {
    const where = status ? sql`v.status = ${status}` : sql`true`;
    const order = status === 'review' ? sql`v.created_at, v.id` : sql`v.created_at DESC, v.id DESC`;
    return queryPage<VerificationRow>(
      ex,
      sql`SELECT count(*)::int AS n FROM verifications v WHERE ${where}`,
      sql`SELECT ${COLUMNS}, ${OWNER}, ${BASIC} FROM verifications v ${OWNER_JOINS} WHERE ${where}
            ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
  },

  async lock(ex: Executor, id: string): Promise<VerificationRow | undefined> {
    const rows = await queryRows<VerificationRow>(
      ex,
      sql`SELECT ${COLUMNS}, ${OWNER}, ${BASIC} FROM verifications v ${OWNER_JOINS}
          WHERE v.id = ${id} FOR UPDATE OF v`,
    );
    return rows[0];
  },

  async decide(
    ex: Executor,
    id: string,
    d: { status: 'verified' | 'rejected'; reason: string | null; operatorId: string; now: Date },
  ): Promise<void> {
    await ex.execute(sql`UPDATE verifications SET status = ${d.status}, reason = ${d.reason},
      reviewed_by = ${d.operatorId}, reviewed_at = ${iso(d.now)} WHERE id = ${id} AND status = 'review'`);
  },
};
