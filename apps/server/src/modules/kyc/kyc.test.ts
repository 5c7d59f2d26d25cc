import { randomUUID } from 'node:crypto';
import type { CountryListData, UserVerificationData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.js';
import {
  TINY_PNG,
  type TestApp,
  call,
  createOperator,
  createTestApp,
  registerUser,
  uploadFile,
} from '../../testing.js';

let t: TestApp;
let operator: string;
let operator2: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t.database.db, 'kyc-op-1');
  operator2 = await createOperator(t.database.db, 'kyc-op-2');
});
afterAll(() => t?.close());

type Caller = <T = unknown>(
  path: string,
  body?: object,
  lang?: string,
) => Promise<{ code: number; msg: string; data: T }>;

async function newUser() {
  const r = await registerUser(t);
  const as: Caller = (path, body = {}, lang = 'en') => call(t.app, path, body, { TOKEN: r.token, lang });
  const id = (
    await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM users WHERE uid = ${r.user.uid}`)
  )[0]!.id;
  return { ...r, as, id };
}
type User = Awaited<ReturnType<typeof newUser>>;

const basic = { level: 'basic', country: 'fr', name: 'Jeanne Dupont', idNumber: 'FR-12AB34567' };
const submit = (u: User, body: object, lang?: string) =>
  u.as<UserVerificationData>('user_verification/submitIdentityVerification', body, lang);
const state = async (u: User) => (await u.as<UserVerificationData>('user_verification/getUserVerification')).data;
/** An upload of a picture of its own (a PNG with different trailing bytes each time). */
const photo = async (u: User, bytes = Buffer.concat([TINY_PNG, Buffer.from(randomUUID())])) =>
  (await uploadFile(t.app, u.token, bytes)).data.name;
const count = async (userId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM verifications WHERE user_id = ${userId}`,
      )
    )[0]!.n,
  );

/** The id of the user's submission under review, as an operator finds it. */
async function pending(u: User) {
  const { list } = await t.app.kycOperations.listVerifications({ status: 'review', page: 1, pageSize: 100 });
  return list.find((v) => v.owner.userId === u.id)!;
}

async function verifiedBasic() {
  const u = await newUser();
  expect((await submit(u, basic)).code).toBe(1);
  await t.app.kycOperations.approveVerification((await pending(u)).id, { operatorId: operator, reason: null });
  return u;
}

describe('country list', () => {
  it('lists 130+ countries with ISO codes and calling codes, named in the caller language', async () => {
    const u = await newUser();
    const en = (await u.as<CountryListData>('user_verification/getCountryList')).data.list;
    expect(en.length).toBeGreaterThan(130);
    expect(en).toContainEqual({ code: 'DE', name: 'Germany', areaCode: '49' });
    const zh = (await u.as<CountryListData>('user_verification/getCountryList', {}, 'zh')).data.list;
    expect(zh.find((c) => c.code === 'DE')?.name).toBe('德国');
    expect((await call(t.app, 'user_verification/getCountryList', {})).code).toBe(401);
  });
});

describe('basic verification', () => {
  it('asks for each missing field in the user language and stores nothing', async () => {
    const u = await newUser();
    expect(await submit(u, { ...basic, name: '' })).toMatchObject({ code: 400, msg: 'Please enter name' });
    expect((await submit(u, { ...basic, name: '' }, 'pt')).msg).toBe('Preencha o campo nome');
    expect(await submit(u, { ...basic, country: '' })).toMatchObject({
      code: 400,
      msg: 'Please select a country or region',
    });
    expect((await submit(u, { ...basic, country: '' }, 'ar')).msg).toBe('يرجى اختيار الدولة أو المنطقة');
    expect(await submit(u, { ...basic, idNumber: '' })).toMatchObject({ code: 400, msg: 'Please enter ID number' });
    // Omitted (an advanced body may omit them, a basic one never).
    const { name: _name, idNumber: _id, country: _country, ...bare } = basic;
    expect(await submit(u, bare)).toMatchObject({
      code: 400,
      data: {
        fields: [
          { field: 'country', reason: 'required' },
          { field: 'name', reason: 'required' },
          { field: 'idNumber', reason: 'required' },
        ],
      },
    });
    expect(await submit(u, { ...basic, idNumber: 'x' })).toMatchObject({
      code: 400,
      data: { fields: [{ field: 'idNumber', reason: 'invalid' }] },
    });
    expect(await submit(u, { ...basic, country: 'XX' })).toMatchObject({
      code: 400,
      msg: 'Country or region is not valid',
    });
    expect(await count(u.id)).toBe(0);
    expect(await state(u)).toMatchObject({ basic: { status: 'unverified' }, verified: false });
  });

  it('goes under review, shows the ID number masked, and cannot be submitted twice', async () => {
    const u = await newUser();
    const res = await submit(u, basic);
    expect(res.code, res.msg).toBe(1);
    expect(res.data.basic).toMatchObject({
      status: 'review',
      country: 'FR',
      name: 'Jeanne Dupont',
      idNumber: '****4567',
      reason: null,
      reviewedAt: null,
    });
    expect(res.data.advanced.status).toBe('unverified');
    expect(JSON.stringify(await state(u))).not.toContain('12AB');
    expect(await submit(u, basic)).toMatchObject({ code: 0, msg: 'Your verification is under review' });
    expect(await submit(u, { ...basic, level: 'advanced', address: 'a', city: 'b' })).toMatchObject({
      code: 400,
      data: { fields: [{ field: 'frontImage', reason: 'required' }, { field: 'backImage' }] },
    });
    expect(await count(u.id)).toBe(1);
  });

  it('accepts only one of several concurrent submissions', async () => {
    const u = await newUser();
    const results = await Promise.all([1, 2, 3, 4].map(() => submit(u, basic)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(await count(u.id)).toBe(1);
  });

  it('shows a rejection with its reason, allows a new submission, then verifies once', async () => {
    const u = await newUser();
    await submit(u, basic);
    const first = await pending(u);
    expect(first).toMatchObject({ level: 'basic', idNumber: 'FR-12AB34567', owner: { uid: u.user.uid } });
    await t.app.kycOperations.rejectVerification(first.id, { operatorId: operator, reason: 'Name does not match' });
    expect((await state(u)).basic).toMatchObject({ status: 'rejected', reason: 'Name does not match' });

    expect((await submit(u, { ...basic, name: 'Jeanne Marie Dupont' })).code).toBe(1);
    const second = await pending(u);
    const ops = t.app.kycOperations;
    const both = await Promise.allSettled([
      ops.approveVerification(second.id, { operatorId: operator, reason: null }),
      ops.rejectVerification(second.id, { operatorId: operator2, reason: 'late' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      key: 'review.alreadyDecided',
    });
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'verification' AND entity_id = ${second.id}`,
    );
    expect(audit[0]!.n).toBe(1);
    const now = await state(u);
    const decided = both.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ status: string }>;
    expect(now.basic.status).toBe(decided.value.status);
    if (now.basic.status === 'verified') {
      expect(now.verified).toBe(true);
      expect(await submit(u, basic)).toMatchObject({ code: 0, msg: 'This verification is already complete' });
    }
  });
});

describe('advanced verification', () => {
  it('needs basic verification first', async () => {
    const u = await newUser();
    const body = {
      ...basic,
      level: 'advanced',
      address: '1 rue de la Paix',
      city: 'Paris',
      frontImage: await photo(u),
      backImage: await photo(u),
    };
    expect(await submit(u, body)).toMatchObject({ code: 0, msg: 'Please complete basic verification first' });
    expect((await submit(u, body, 'it')).msg).toBe('Completa prima la verifica di base');
    expect(await count(u.id)).toBe(0);
  });

  it('asks for the address, city and both photos, and accepts only photos the user uploaded', async () => {
    const u = await verifiedBasic();
    const other = await newUser();
    const full = {
      ...basic,
      level: 'advanced',
      address: '1 rue de la Paix',
      city: 'Paris',
      frontImage: await photo(u),
      backImage: await photo(u),
    };
    expect(await submit(u, { ...full, city: '' })).toMatchObject({ code: 400, msg: 'Please enter city' });
    expect(await submit(u, { ...full, address: '' })).toMatchObject({ code: 400, msg: 'Please enter address' });
    expect(await submit(u, { ...full, frontImage: '' })).toMatchObject({
      code: 400,
      msg: 'Please upload the front of your ID',
    });
    expect((await submit(u, { ...full, backImage: undefined }, 'zh')).msg).toBe('请上传证件背面照片');
    expect(await submit(u, { ...full, frontImage: await photo(other) })).toMatchObject({
      code: 400,
      data: { fields: [{ field: 'frontImage', reason: 'invalid' }] },
    });
    expect(await count(u.id)).toBe(1);

    const ok = await submit(u, full);
    expect(ok.code, ok.msg).toBe(1);
    expect(ok.data).toMatchObject({ basic: { status: 'verified' }, advanced: { status: 'review' }, verified: true });
    const seen = await pending(u);
    expect(seen).toMatchObject({
      level: 'advanced',
      address: '1 rue de la Paix',
      city: 'Paris',
      frontImageUrl: `/api/admin/file/${full.frontImage}`,
      backImageUrl: `/api/admin/file/${full.backImage}`,
    });
    const approved = await t.app.kycOperations.approveVerification(seen.id, { operatorId: operator, reason: null });
    expect(approved.status).toBe('verified');
    expect((await state(u)).advanced.status).toBe('verified');
    expect(await submit(u, full)).toMatchObject({ code: 0, msg: 'This verification is already complete' });
  });

  it('is for the verified basic identity: another country, name or ID number is refused on its field, nothing stored', async () => {
    const u = await verifiedBasic();
    const full = {
      level: 'advanced',
      address: 'Heidestraße 17',
      city: 'Köln',
      frontImage: await photo(u),
      backImage: await photo(u),
    };
    // The reviewer's case: basic verified as one person, advanced typed as another.
    expect(await submit(u, { ...full, name: 'Max Mustermann' })).toMatchObject({
      code: 400,
      msg: 'The name must be that of your verified basic identity',
      data: { fields: [{ field: 'name', reason: 'mismatch' }] },
    });
    expect((await submit(u, { ...full, name: 'Max Mustermann' }, 'de')).msg).toBe(
      'Der Name muss dem Ihrer verifizierten Basis-Identität entsprechen',
    );
    expect(await submit(u, { ...full, idNumber: 'L01X00T47' })).toMatchObject({
      code: 400,
      msg: 'The ID number must be that of your verified basic identity',
      data: { fields: [{ field: 'idNumber', reason: 'mismatch' }] },
    });
    expect(await submit(u, { ...full, country: 'de' })).toMatchObject({
      code: 400,
      msg: 'The country or region must be that of your verified basic identity',
    });
    expect(
      await submit(u, { ...full, country: 'DE', name: 'Max Mustermann', idNumber: 'L01X00T47' }, 'zh'),
    ).toMatchObject({
      code: 400,
      msg: '国家或地区必须与已通过的初级认证一致',
      data: {
        fields: [
          { field: 'country', reason: 'mismatch' },
          { field: 'name', reason: 'mismatch' },
          { field: 'idNumber', reason: 'mismatch' },
        ],
      },
    });
    expect(await count(u.id)).toBe(1);
    expect((await state(u)).advanced.status).toBe('unverified');

    // Without them (as the app sends it): stored with the basic identity.
    const ok = await submit(u, full);
    expect(ok.code, ok.msg).toBe(1);
    expect(ok.data.advanced).toMatchObject({
      status: 'review',
      country: 'FR',
      name: 'Jeanne Dupont',
      idNumber: '****4567',
    });
    const rows = await queryRows<{ country: string; name: string; id_number: string }>(
      t.database.db,
      sql`SELECT country, name, id_number FROM verifications WHERE user_id = ${u.id} AND level = 'advanced'`,
    );
    expect(rows).toEqual([{ country: 'FR', name: 'Jeanne Dupont', id_number: 'FR-12AB34567' }]);
  });

  it('accepts the basic values given again as typed (case, spaces, hyphens) and stores the basic ones', async () => {
    const u = await verifiedBasic();
    const res = await submit(u, {
      level: 'advanced',
      country: 'fr',
      name: '  jeanne   DUPONT ',
      idNumber: 'fr12ab34567',
      address: '1 rue de la Paix',
      city: 'Paris',
      frontImage: await photo(u),
      backImage: await photo(u),
    });
    expect(res.code, res.msg).toBe(1);
    expect(await pending(u)).toMatchObject({ country: 'FR', name: 'Jeanne Dupont', idNumber: 'FR-12AB34567' });
  });

  it('refuses one picture as both the front and the back, the same upload or the same image uploaded twice', async () => {
    const u = await verifiedBasic();
    const front = await photo(u, TINY_PNG);
    const body = { level: 'advanced', address: '1 rue de la Paix', city: 'Paris', frontImage: front };
    const sentence = 'The back photo is the same picture as the front. Please upload a photo of the back of your ID';
    expect(await submit(u, { ...body, backImage: front })).toMatchObject({
      code: 400,
      msg: sentence,
      data: { fields: [{ field: 'backImage', reason: 'duplicate' }] },
    });
    const again = await photo(u, TINY_PNG);
    expect(again).not.toBe(front);
    expect(await submit(u, { ...body, backImage: again })).toMatchObject({
      code: 400,
      msg: sentence,
      data: { fields: [{ field: 'backImage', reason: 'duplicate' }] },
    });
    expect((await submit(u, { ...body, backImage: again }, 'fr')).msg).toBe(
      'La photo du verso est la même image que le recto. Veuillez téléverser une photo du verso de votre pièce d’identité',
    );
    expect(await count(u.id)).toBe(1);
    expect((await submit(u, { ...body, backImage: await photo(u) })).code).toBe(1);
  });

  it('shows operators the verified basic identity beside an advanced submission', async () => {
    const u = await verifiedBasic();
    const basicRecord = (
      await t.app.kycOperations.listVerifications({ status: 'verified', page: 1, pageSize: 100 })
    ).list.find((v) => v.owner.userId === u.id)!;
    expect(basicRecord).toMatchObject({ level: 'basic', basic: null });
    expect(
      (
        await submit(u, {
          level: 'advanced',
          address: 'a',
          city: 'b',
          frontImage: await photo(u),
          backImage: await photo(u),
        })
      ).code,
    ).toBe(1);
    const seen = await pending(u);
    expect(seen.basic).toEqual({
      id: basicRecord.id,
      country: 'FR',
      name: 'Jeanne Dupont',
      idNumber: 'FR-12AB34567',
      verifiedAt: basicRecord.reviewedAt,
    });
    expect(seen.basic?.verifiedAt).toEqual(expect.any(Number));
    const decided = await t.app.kycOperations.rejectVerification(seen.id, { operatorId: operator, reason: 'blurred' });
    expect(decided.basic?.id).toBe(basicRecord.id);
  });

  it("never shows one user's verification to another", async () => {
    const a = await verifiedBasic();
    const b = await newUser();
    expect((await state(a)).verified).toBe(true);
    expect(await state(b)).toMatchObject({ basic: { status: 'unverified', name: null }, verified: false });
  });
});
