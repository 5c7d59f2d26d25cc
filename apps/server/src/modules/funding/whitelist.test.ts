import type { DepositRecord, UserAddressData, WithdrawalAddress, WithdrawalRecord } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { m0015AddressWhitelist } from '../../migrations/0015-address-whitelist.js';
import { queryRows } from '../../platform/db.js';
import {
  TINY_PNG,
  type TestApp,
  call,
  createOperator,
  createTestApp,
  createTestDatabase,
  registerUser,
  uploadFile,
} from '../../testing.js';

/** The withdrawal address whitelist (issue 13 §2): labels, the waiting time of a new address, the notice. */
let t: TestApp;
let operator: string;
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp({ funding: { addressDelayHours: 24 } }, { settlement: false });
  operator = await createOperator(t.database.db, 'whitelist-op');
});
afterAll(() => t?.close());

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const OTHER_TRC20 = 'TXYZopqrstuvwxyzABCDEFGHJKLMNPQRST';
let seq = 0;
const rid = () => `wl-${Date.now().toString(36)}-${++seq}`;

async function user() {
  const r = await registerUser(t);
  const as = <T = unknown>(path: string, body: object = {}, lang = 'en') =>
    call<T>(t.app, path, body, { TOKEN: r.token, lang });
  return { ...r, as };
}
type User = Awaited<ReturnType<typeof user>>;

const bind = (u: User, address = TRC20, label = 'Cold wallet', lang = 'en') =>
  u.as<WithdrawalAddress>('user/saveUserAddress', { chain: 'TRC20', address, label }, lang);

/** Verified, withdrawal password 123456 and 100 USDT in the real spot wallet, nothing bound. */
async function readyToWithdraw(): Promise<User> {
  const u = await user();
  await u.as('user_verification/submitIdentityVerification', {
    level: 'basic',
    country: 'DE',
    name: 'Erika Mustermann',
    idNumber: 'L01X00T47',
  });
  const review = await t.app.kycOperations.listVerifications({ status: 'review', page: 1, pageSize: 100 });
  const mine = review.list.find((v) => v.owner.uid === u.user.uid)!;
  await t.app.kycOperations.approveVerification(mine.id, { operatorId: operator, reason: null });
  await u.as('index/withdrawalPassword', { password: '123456', password2: '123456' });
  const screenshot = (await uploadFile(t.app, u.token, TINY_PNG)).data.name;
  const body = { currency: 'USDT', chain: 'ERC20', amount: '100', screenshot, requestId: rid() };
  const dep = await u.as<DepositRecord>('index/czSubmit', body);
  await t.app.fundingOperations.approveDeposit(dep.data.id, { operatorId: operator, reason: null });
  return u;
}

const withdraw = (u: User, lang = 'en') =>
  u.as<WithdrawalRecord>(
    'index/tbSubmit',
    {
      method: 'crypto',
      currency: 'USDT',
      chain: 'TRC20',
      amount: '20',
      withdrawalPassword: '123456',
      requestId: rid(),
    },
    lang,
  );

const frozen = async (u: User) => {
  const rows = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE u.uid = ${u.user.uid}`,
  );
  return Number(rows[0]!.n);
};

describe('withdrawal address whitelist', () => {
  it('a new address is refused until its delay has passed, then accepted; nothing is held meanwhile', async () => {
    const u = await readyToWithdraw();
    const bound = await bind(u);
    expect(bound.code, bound.msg).toBe(1);
    const now = t.clock.now().getTime();
    expect(bound.data).toMatchObject({
      chain: 'TRC20',
      address: TRC20,
      label: 'Cold wallet',
      usableAt: now + 24 * HOUR,
    });

    const early = await withdraw(u);
    const when = new Date(now + 24 * HOUR).toISOString().replace('T', ' ').slice(0, 16);
    expect(early.code).not.toBe(1);
    expect(early.msg).toBe(`Your TRC20 withdrawal address was bound recently and can be used from ${when} UTC.`);
    expect((await withdraw(u, 'de')).msg).toBe(
      `Ihre TRC20-Auszahlungsadresse wurde gerade hinterlegt und ist ab ${when} UTC nutzbar.`,
    );
    expect(await frozen(u)).toBe(0);

    t.clock.advance(24 * HOUR - 60_000);
    expect((await withdraw(u)).code).not.toBe(1);
    t.clock.advance(60_000);
    const late = await withdraw(u);
    expect(late.code, late.msg).toBe(1);
    expect(await frozen(u)).toBe(1);
  });

  it('replacing the address starts the delay again; a new label on the same address does not', async () => {
    const u = await readyToWithdraw();
    await bind(u);
    t.clock.advance(24 * HOUR);
    expect((await withdraw(u)).code).toBe(1);

    const relabelled = await bind(u, TRC20, 'Hardware');
    expect(relabelled.data.label).toBe('Hardware');
    expect(relabelled.data.usableAt).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await withdraw(u)).code).toBe(1);

    const replaced = await bind(u, OTHER_TRC20, 'Exchange');
    expect(replaced.data.usableAt).toBe(t.clock.now().getTime() + 24 * HOUR);
    expect((await withdraw(u)).msg).toContain('can be used from');
    const list = (await u.as<UserAddressData>('user/getUserAddress')).data.list;
    expect(list).toEqual([replaced.data]);
  });

  it('tells the user of every new binding in their language, with chain, label, masked address and time', async () => {
    const u = await user();
    const before = t.messenger.sent.length;
    expect((await bind(u, TRC20, 'Cold wallet', 'fr')).code).toBe(1);
    const sent = t.messenger.sent.slice(before).filter((m) => m.scene === 'address-bound');
    expect(sent).toHaveLength(1);
    const when = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString().replace('T', ' ').slice(0, 16);
    expect(sent[0]).toMatchObject({ channel: 'email', to: u.email, lang: 'fr' });
    expect(sent[0]!.text).toBe(
      `L’adresse de retrait TRC20 « Cold wallet » (TQn9Y2…bLSE) a été liée à votre compte. Elle sera utilisable pour les retraits à partir du ${when} UTC. Si ce n’était pas vous, changez votre mot de passe et contactez le support.`,
    );
    expect(sent[0]!.text).not.toContain(TRC20);
    // A replacement is announced again; the same address with a new label is not.
    await bind(u, TRC20, 'Renamed');
    await bind(u, OTHER_TRC20, 'Exchange');
    const all = t.messenger.sent.slice(before).filter((m) => m.scene === 'address-bound');
    expect(all).toHaveLength(2);
    expect(all[1]!.text).toContain('TXYZop…QRST');
  });

  it('requires a label of 1–30 characters without control characters, and stores nothing otherwise', async () => {
    const u = await user();
    const bad: [string | undefined, string][] = [
      [undefined, 'required'],
      ['   ', 'required'],
      ['a'.repeat(31), 'tooLong'],
      ['Cold\u0000wallet', 'invalid'],
      ['Cold\nwallet', 'invalid'],
    ];
    for (const [label, reason] of bad) {
      const res = await u.as('user/saveUserAddress', { chain: 'TRC20', address: TRC20, label });
      expect(res.code, String(label)).toBe(400);
      expect(res.data, String(label)).toMatchObject({ fields: [{ field: 'label', reason }] });
    }
    expect((await u.as('user/saveUserAddress', { chain: 'TRC20', address: TRC20 })).msg).toBe(
      'Please enter address label',
    );
    expect((await u.as<UserAddressData>('user/getUserAddress')).data.list).toEqual([]);
    expect((await bind(u, TRC20, 'a'.repeat(30))).code).toBe(1);
  });

  it('the migration keeps addresses bound before it usable at once (from when they were bound), without a label', async () => {
    const db = await createTestDatabase();
    try {
      // The table as it was before the migration, with one bound address.
      await db.db.execute(sql`ALTER TABLE withdrawal_addresses DROP COLUMN label, DROP COLUMN usable_at`);
      const owner = await queryRows<{ id: string }>(
        db.db,
        sql`INSERT INTO users (uid, email, password_hash, invite_code) VALUES (4242, 'old@example.com', 'x', 'OLD4242')
            RETURNING id::text AS id`,
      );
      const boundAt = '2025-03-01T10:00:00.000Z';
      await db.db.execute(sql`INSERT INTO withdrawal_addresses (user_id, chain, address, updated_at)
        VALUES (${owner[0]!.id}, 'TRC20', ${TRC20}, ${boundAt}::timestamptz)`);
      for (const statement of m0015AddressWhitelist.sql.split(';').map((x) => x.trim())) {
        if (statement) await db.db.execute(sql.raw(statement));
      }
      const rows = await queryRows<{ label: string | null; usable: string }>(
        db.db,
        sql`SELECT label, to_char(usable_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS usable
            FROM withdrawal_addresses`,
      );
      expect(rows).toEqual([{ label: null, usable: '2025-03-01T10:00:00' }]);
    } finally {
      await db.close();
    }
  });
});
