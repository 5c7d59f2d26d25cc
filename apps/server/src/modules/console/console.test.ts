import type {
  AdminUserChange,
  AdminUserDetail,
  AdminUserSummary,
  AdminVerification,
  AuditEntry,
  Currency,
  DashboardData,
  DepositRecord,
  WithdrawalRecord,
} from '@nexa/contract';
import { formatAmount } from '@nexa/rules';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Money, money } from '../../ledger/index.js';
import { TINY_PNG, type TestApp, call, createTestApp, loginOperator, registerUser, uploadFile } from '../../testing.js';

let t: TestApp;
let support: string;
let finance: string;
let reviewer: string;
beforeAll(async () => {
  t = await createTestApp();
  const as = async (role: string) => {
    const op = await loginOperator(t);
    const admin = (await loginOperator(t)).token;
    const me = await post<{ id: string }>('admin/me', {}, op.token);
    if (role !== 'admin') await post('admin/operatorSetRole', { id: me.data.id, role, reason: 'test role' }, admin);
    return (await post<{ token: string }>('admin/login', { username: op.username, password: op.password })).data.token;
  };
  support = await as('support');
  finance = await as('finance');
  reviewer = await as('reviewer');
});
afterAll(() => t?.close());

type Envelope<T = unknown> = { code: number; msg: string; data: T };
let seq = 0;
const rid = () => `con-${Date.now().toString(36)}-${++seq}`;

async function post<T = unknown>(p: string, body: object, token?: string): Promise<Envelope<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${p}`,
    payload: body,
    headers: { lang: 'en', ...(token ? { 'ADMIN-TOKEN': token } : {}) },
  });
  return res.json() as Envelope<T>;
}
const login = (email: string) =>
  call(t.app, 'user/login', { type: 'email', email, password: 'password-123' }, { lang: 'en' });

/** A user with an approved 100 USDT deposit (real spot). */
async function fundedUser() {
  const u = await registerUser(t);
  const up = await uploadFile(t.app, u.token, TINY_PNG);
  const dep = await u.as<DepositRecord>('index/czSubmit', {
    currency: 'USDT',
    chain: 'TRC20',
    amount: '100',
    screenshot: up.data.name,
    requestId: rid(),
  });
  expect(dep.code, dep.msg).toBe(1);
  return { ...u, depositId: dep.data.id };
}

describe('users, as support sees them', () => {
  it('finds a user by uid, any part of the e-mail and invitation code, or lists the newest; shows balances, funding, change log', async () => {
    const u = await fundedUser();
    const ok = await post('admin/approveDeposit', { id: u.depositId }, reviewer);
    expect(ok.code, ok.msg).toBe(1);
    const byUid = await post<{ list: AdminUserSummary[] }>('admin/users', { q: String(u.user.uid) }, support);
    expect(byUid.data.list).toHaveLength(1);
    const found = byUid.data.list[0]!;
    expect(found).toMatchObject({ uid: u.user.uid, email: u.email, loginsFrozen: false });
    const byEmail = await post<{ list: AdminUserSummary[] }>(
      'admin/users',
      { q: u.email.slice(0, 12).toUpperCase() },
      support,
    );
    expect(byEmail.data.list.map((x) => x.userId)).toContain(found.userId);
    const byCode = await post<{ list: AdminUserSummary[] }>('admin/users', { q: found.inviteCode }, support);
    // Registration takes a code in any case; so does the search.
    const lowerCode = await post<{ list: AdminUserSummary[] }>(
      'admin/users',
      { q: found.inviteCode.toLowerCase() },
      support,
    );
    expect(lowerCode.data.list.map((x) => x.userId)).toEqual([found.userId]);
    expect(byCode.data.list.map((x) => x.userId)).toEqual([found.userId]);
    const wild = await post<{ list: AdminUserSummary[] }>('admin/users', { q: '%' }, support);
    expect(wild.data.list).toHaveLength(0);
    expect((await post<{ list: AdminUserSummary[] }>('admin/users', { q: '_' }, support)).data.list).toHaveLength(0);
    // Any part of the e-mail: its domain finds the user, whatever the case.
    const domain = u.email.slice(u.email.indexOf('@') + 1);
    const byDomain = await post<{ list: AdminUserSummary[]; total: number }>(
      'admin/users',
      { q: domain.toUpperCase(), pageSize: 100 },
      support,
    );
    expect(byDomain.code, byDomain.msg).toBe(1);
    expect(byDomain.data.list.map((x) => x.userId)).toContain(found.userId);
    const middle = u.email.slice(3, u.email.indexOf('@'));
    expect(
      (await post<{ list: AdminUserSummary[] }>('admin/users', { q: middle }, support)).data.list.map((x) => x.userId),
    ).toContain(found.userId);
    // Nothing typed: every user, newest first, paged.
    const last = await registerUser(t);
    for (const body of [{}, { q: '' }, { q: '   ' }]) {
      const all = await post<{ list: AdminUserSummary[]; total: number }>(
        'admin/users',
        { ...body, pageSize: 2 },
        support,
      );
      expect(all.code, all.msg).toBe(1);
      expect(all.data.list).toHaveLength(2);
      expect(all.data.total).toBeGreaterThanOrEqual(2);
      expect(all.data.list[0]!.createdAt).toBeGreaterThanOrEqual(all.data.list[1]!.createdAt);
    }
    const newest = await post<{ list: AdminUserSummary[] }>('admin/users', { pageSize: 1 }, support);
    expect(newest.data.list[0]!.uid).toBe(last.user.uid);

    const detail = await post<AdminUserDetail>('admin/user', { userId: found.userId }, support);
    expect(detail.code, detail.msg).toBe(1);
    const spot = detail.data.balances.find((b) => b.mode === 'real' && b.wallet === 'spot' && b.currency === 'USDT');
    expect(spot?.available).toBe('100.00');
    // Every balance at its currency's scale, as the user's own Assets shows it (the ledger keeps 18 places).
    for (const b of detail.data.balances) {
      expect(b.available, `${b.wallet} ${b.currency}`).toBe(formatAmount(b.available, b.currency as Currency));
      expect(b.frozen).toBe(formatAmount(b.frozen, b.currency as Currency));
    }
    expect(detail.data.sessions.length).toBeGreaterThanOrEqual(1);
    // No card bound: none; once bound, the card with its number masked as the user's app shows it.
    expect(detail.data.bankCard).toBeNull();
    const bound = await u.as('user/saveUserBank', {
      bankName: 'Example Bank',
      cardNumber: '6222 0212 3456 7894',
      userName: 'Erika Mustermann',
    });
    expect(bound.code, bound.msg).toBe(1);
    const withCard = await post<AdminUserDetail>('admin/user', { userId: found.userId }, support);
    expect(withCard.data.bankCard).toMatchObject({
      bankName: 'Example Bank',
      userName: 'Erika Mustermann',
      cardNumber: (bound.data as { cardNumber: string }).cardNumber,
    });
    expect(withCard.data.bankCard?.cardNumber).toBe('**** 7894');
    const funding = await post<{ list: { kind: string; status: string }[] }>(
      'admin/userFunding',
      { userId: found.userId },
      reviewer,
    );
    expect(funding.data.list).toEqual([expect.objectContaining({ kind: 'deposit', status: 'approved' })]);
    const changes = await post<{ list: { amount: string }[]; total: number }>(
      'admin/userChanges',
      { userId: found.userId, pageSize: 5 },
      support,
    );
    expect(changes.data.total).toBeGreaterThanOrEqual(1);
    const orders = await post<{ total: number }>('admin/userOrders', { userId: found.userId }, support);
    expect(orders.data.total).toBe(0);
    const positions = await post<{ total: number }>('admin/userPositions', { userId: found.userId }, support);
    expect(positions.data.total).toBe(0);
  });

  it("puts a user's newest account changes and sessions first by number, not as text", async () => {
    // Ids 9999998, 9999999 and 10000000 sort wrongly as text ("9999999" > "9999998" > "10000000"); the lists order
    // by the table's id, not by their `id::text` output column.
    await t.database.db.execute(
      sql`SELECT setval('account_changes_id_seq', greatest(9999997, (SELECT max(id) FROM account_changes)))`,
    );
    await t.database.db.execute(
      sql`SELECT setval('sessions_id_seq', greatest(9999997, (SELECT max(id) FROM sessions)))`,
    );
    const u = await registerUser(t); // a session
    expect((await u.as('user/changeUser', { mode: 'demo' })).code).toBe(1);
    const claim = await u.as('user/getDemoMoney', { requestId: rid() }); // a change
    expect(claim.code, claim.msg).toBe(1);
    for (let i = 0; i < 2; i++) expect((await login(u.email)).code).toBe(1); // two more sessions
    const moved = await u.as('index/zySubmit', {
      from: 'spot',
      to: 'delivery',
      currency: 'USDT',
      amount: '1',
      requestId: rid(),
    }); // two more changes
    expect(moved.code, moved.msg).toBe(1);
    const userId = (await post<{ list: AdminUserSummary[] }>('admin/users', { q: String(u.user.uid) }, support)).data
      .list[0]!.userId;
    const changes = await post<{ list: { id: string }[] }>('admin/userChanges', { userId }, support);
    const changeIds = changes.data.list.map((c) => BigInt(c.id));
    expect(changeIds).toHaveLength(3);
    expect(changeIds).toEqual([...changeIds].sort((a, b) => (a > b ? -1 : 1)));
    expect(changeIds.some((id) => id >= 10_000_000n) && changeIds.some((id) => id < 10_000_000n)).toBe(true);
    const detail = await post<AdminUserDetail>('admin/user', { userId }, support);
    const sessionIds = detail.data.sessions.map((x) => BigInt(x.id));
    expect(sessionIds).toHaveLength(3);
    expect(sessionIds).toEqual([...sessionIds].sort((a, b) => (a > b ? -1 : 1)));
    expect(sessionIds.some((id) => id >= 10_000_000n) && sessionIds.some((id) => id < 10_000_000n)).toBe(true);
  });

  it("gives each account change its frozen change: a withdrawal's holds, its payout out of frozen alone, a release", async () => {
    // A verified user with a withdrawal password and a bound address withdraws twice out of an approved 100 USDT.
    const u = await fundedUser();
    expect((await post('admin/approveDeposit', { id: u.depositId }, reviewer)).code).toBe(1);
    const kyc = await u.as('user_verification/submitIdentityVerification', {
      level: 'basic',
      country: 'DE',
      name: 'Erika Mustermann',
      idNumber: `L${rid()}`,
    });
    expect(kyc.code, kyc.msg).toBe(1);
    const userId = (await post<{ list: AdminUserSummary[] }>('admin/users', { q: String(u.user.uid) }, support)).data
      .list[0]!.userId;
    const queue = await post<{ list: AdminVerification[] }>(
      'admin/verifications',
      { status: 'review', pageSize: 100 },
      reviewer,
    );
    const mine = queue.data.list.find((v) => v.owner.userId === userId)!;
    expect((await post('admin/approveVerification', { id: mine.id }, reviewer)).code).toBe(1);
    expect((await u.as('index/withdrawalPassword', { password: '123456', password2: '123456' })).code).toBe(1);
    const address = { chain: 'TRC20', address: 'TXYZopqrstuvwxyzABCDEFGHJKLMNPQRST', label: 'Mine' };
    expect((await u.as('user/saveUserAddress', address)).code).toBe(1);
    // The console shows when the address may be withdrawn to: the time the user's app says.
    const own = await u.as<{ list: { chain: string; usableAt: number }[] }>('user/getUserAddress');
    const detail = await post<AdminUserDetail>('admin/user', { userId }, support);
    expect(detail.data.addresses.map((a) => [a.chain, a.usableAt])).toEqual(
      own.data.list.map((a) => [a.chain, a.usableAt]),
    );
    const withdraw = async (amount: string) => {
      const w = await u.as<WithdrawalRecord>('index/tbSubmit', {
        method: 'crypto',
        currency: 'USDT',
        chain: 'TRC20',
        amount,
        withdrawalPassword: '123456',
        requestId: rid(),
      });
      expect(w.code, w.msg).toBe(1);
      return w.data;
    };
    const paid = await withdraw('40');
    const refused = await withdraw('20');
    expect((await post('admin/approveWithdrawal', { id: paid.id }, reviewer)).code).toBe(1);
    expect((await post('admin/rejectWithdrawal', { id: refused.id, reason: 'Address check' }, reviewer)).code).toBe(1);

    // Each change with the signed change of the available balance, of the frozen balance, and the available after.
    const [f1, f2] = [money(paid.fee), money(refused.fee)];
    const expected: [string, Money, Money][] = [
      ['deposit', money(100), money(0)],
      // The holds: out of the available balance, into frozen.
      ['withdrawal_freeze', money(-40), money(40)],
      ['withdrawal_fee', f1.neg(), f1],
      ['withdrawal_freeze', money(-20), money(20)],
      ['withdrawal_fee', f2.neg(), f2],
      // The payout takes amount and fee out of frozen alone: the available balance does not move again.
      ['withdrawal_paid', money(0), money(-40)],
      ['withdrawal_fee', money(0), f1.neg()],
      // The release: back from frozen to available.
      ['withdrawal_refund', money(20), money(-20)],
      ['withdrawal_refund', f2, f2.neg()],
    ];
    let available = money(0);
    const want = expected.map(([type, change, frozen]) => {
      available = available.plus(change);
      return [type, change.toFixed(), frozen.toFixed(), available.toFixed()];
    });
    const changes = await post<{ list: AdminUserChange[]; total: number }>(
      'admin/userChanges',
      { userId, pageSize: 20 },
      support,
    );
    expect(changes.code, changes.msg).toBe(1);
    const fixed = (v: string | undefined) => (v === undefined ? v : money(v).toFixed());
    const got = changes.data.list
      .map((c) => [c.type, fixed(c.amount), fixed(c.frozenChange), fixed(c.balanceAfter)])
      .reverse();
    expect(got).toEqual(want);
  });

  it('refuses bad input and answers 404 for an unknown user', async () => {
    expect((await post('admin/users', { q: 'x'.repeat(101) }, support)).code).toBe(400);
    expect((await post('admin/users', { q: 'x', pageSize: 1000 }, support)).code).toBe(400);
    expect((await post('admin/user', { userId: 'abc' }, support)).code).toBe(400);
    expect((await post('admin/user', { userId: '987654321' }, support)).code).toBe(404);
    const noReason = await post('admin/userFreeze', { userId: '1', what: 'logins', frozen: true }, support);
    expect(noReason.code).toBe(400);
    expect(JSON.stringify(noReason.data)).toContain('reason');
    expect(
      (await post('admin/userFreeze', { userId: '987654321', what: 'logins', frozen: true, reason: 'x' }, support))
        .code,
    ).toBe(404);
  });
});

describe('user actions are enforced and audited', () => {
  it('a login freeze ends the sessions and refuses logins until lifted', async () => {
    const u = await registerUser(t);
    const userId = (await post<{ list: AdminUserSummary[] }>('admin/users', { q: String(u.user.uid) }, support)).data
      .list[0]!.userId;
    const frozen = await post<AdminUserSummary>(
      'admin/userFreeze',
      { userId, what: 'logins', frozen: true, reason: 'account takeover suspected' },
      support,
    );
    expect(frozen.data.loginsFrozen).toBe(true);
    // The user's page says why, by whom and when; a lifted freeze is no longer listed.
    const frozenDetail = await post<AdminUserDetail>('admin/user', { userId }, support);
    expect(frozenDetail.data.freezes).toEqual([
      {
        what: 'logins',
        reason: 'account takeover suspected',
        operatorId: expect.any(String),
        operatorName: expect.any(String),
        at: expect.any(Number),
      },
    ]);
    expect(frozenDetail.data.freezes[0]!.operatorName).not.toBe('');
    expect((await u.as('index/property')).code).toBe(401);
    const refused = await login(u.email);
    expect(refused).toMatchObject({
      code: 0,
      msg: 'Logins to this account are frozen. Please contact customer service.',
    });
    await post('admin/userFreeze', { userId, what: 'logins', frozen: false, reason: 'owner confirmed' }, support);
    expect((await login(u.email)).code).toBe(1);
    expect((await post<AdminUserDetail>('admin/user', { userId }, support)).data.freezes).toEqual([]);
    const audit = await post<{ list: AuditEntry[] }>('admin/auditLog', { entity: 'user', entityId: userId }, finance);
    expect(audit.data.list.map((e) => [e.action, e.reason])).toEqual([
      ['user.unfreezeLogins', 'owner confirmed'],
      ['user.freezeLogins', 'account takeover suspected'],
    ]);
  });

  it('a withdrawal freeze refuses withdrawals; 20 parallel freezes leave one consistent state', async () => {
    const u = await registerUser(t);
    const userId = (await post<{ list: AdminUserSummary[] }>('admin/users', { q: String(u.user.uid) }, support)).data
      .list[0]!.userId;
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        post<AdminUserSummary>(
          'admin/userFreeze',
          { userId, what: 'withdrawals', frozen: true, reason: 'chargeback' },
          support,
        ),
      ),
    );
    expect(all.every((r) => r.code === 1 && r.data.withdrawalsFrozen && !r.data.loginsFrozen)).toBe(true);
    const w = await u.as('index/tbSubmit', {
      method: 'crypto',
      currency: 'USDT',
      chain: 'TRC20',
      amount: '10',
      withdrawalPassword: '123456',
      requestId: rid(),
    });
    expect(w).toMatchObject({
      code: 0,
      msg: 'Withdrawals from this account are frozen. Please contact customer service.',
    });
    expect((await u.as('index/property')).code).toBe(1);
    // The user is told once (not 20 times), without the operators' reason, and the withdrawal page knows before a
    // form is filled in; lifting it is said too.
    const kinds = async () =>
      (await u.as<{ list: { kind: string; params: object; link: string | null }[] }>('message/list')).data.list;
    expect(await kinds()).toEqual([
      { ...(await kinds())[0], kind: 'withdrawals.frozen', params: {}, link: '/pages/userPages/service' },
    ]);
    expect((await u.as<{ withdrawalsFrozen: boolean }>('index/payment')).data.withdrawalsFrozen).toBe(true);
    const lifted = await post(
      'admin/userFreeze',
      { userId, what: 'withdrawals', frozen: false, reason: 'cleared' },
      support,
    );
    expect(lifted.code).toBe(1);
    expect((await kinds()).map((m) => m.kind)).toEqual(['withdrawals.unfrozen', 'withdrawals.frozen']);
    expect((await u.as<{ withdrawalsFrozen: boolean }>('index/payment')).data.withdrawalsFrozen).toBe(false);
  });

  it('revokes sessions and resets the second factor, each with its reason in the audit log', async () => {
    const u = await registerUser(t);
    const setup = await u.as<{ secret: string }>('security/totpSetup');
    const code = await generate({ secret: setup.data.secret, epoch: Math.floor(t.clock.ms / 1000) });
    expect((await u.as('security/totpEnable', { code, password: 'password-123' })).code).toBe(1);
    const userId = (await post<{ list: AdminUserSummary[] }>('admin/users', { q: String(u.user.uid) }, support)).data
      .list[0]!.userId;
    expect((await post<AdminUserDetail>('admin/user', { userId }, support)).data.twoFactorEnabled).toBe(true);
    const reset = await post<{ wasOn: boolean }>(
      'admin/userReset2fa',
      { userId, reason: 'lost phone, id checked' },
      support,
    );
    expect(reset.data.wasOn).toBe(true);
    const noChallenge = (await login(u.email)) as Envelope<{ token?: string }>;
    expect(noChallenge.data.token).toBeTruthy();
    const revoked = await post<{ revoked: number }>('admin/userRevokeSessions', { userId, reason: 'reset' }, support);
    expect(revoked.data.revoked).toBeGreaterThanOrEqual(2);
    expect((await u.as('index/property')).code).toBe(401);
    const audit = await post<{ list: AuditEntry[] }>('admin/auditLog', { entity: 'user', entityId: userId }, finance);
    expect(audit.data.list.map((e) => e.action)).toEqual(['user.revokeSessions', 'user.reset2fa']);
  });
});

describe('dashboard and audit log', () => {
  it('counts what waits for review and who registered today', async () => {
    const before = await post<DashboardData>('admin/dashboard', {}, finance);
    expect(before.code, before.msg).toBe(1);
    const waiting = (d: DashboardData) => d.reviews.find((r) => r.kind === 'deposit')!.waiting;
    await fundedUser();
    const after = await post<DashboardData>('admin/dashboard', {}, finance);
    expect(waiting(after.data)).toBe(waiting(before.data) + 1);
    expect(after.data.users.today).toBe(before.data.users.today + 1);
    expect(after.data.reviews.find((r) => r.kind === 'deposit')!.oldestAt).not.toBeNull();
    expect(after.data.feed.on).toBe(false);
  });

  it('counts as moved today only the deposits and withdrawals approved today, not those waiting or rejected', async () => {
    const usdt = async () => {
      const d = await post<DashboardData>('admin/dashboard', {}, finance);
      expect(d.code, d.msg).toBe(1);
      const row = d.data.fundsToday.find((f) => f.currency === 'USDT');
      return { deposits: row?.deposits ?? 0, amount: Number(row?.depositAmount ?? 0) };
    };
    const before = await usdt();
    const approved = await fundedUser();
    const rejected = await fundedUser();
    await fundedUser(); // left waiting
    expect(await usdt()).toEqual(before);
    expect((await post('admin/approveDeposit', { id: approved.depositId }, reviewer)).code).toBe(1);
    const refusal = { id: rejected.depositId, reason: 'Not found on chain' };
    expect((await post('admin/rejectDeposit', refusal, reviewer)).code).toBe(1);
    expect(await usdt()).toEqual({ deposits: before.deposits + 1, amount: before.amount + 100 });
  });

  it('filters by operator, action prefix and time, and exports CSV safe for spreadsheets', async () => {
    const u = await registerUser(t);
    const userId = (await post<{ list: AdminUserSummary[] }>('admin/users', { q: String(u.user.uid) }, support)).data
      .list[0]!.userId;
    const me = await post<{ id: string }>('admin/me', {}, support);
    await post('admin/userRevokeSessions', { userId, reason: '=HYPERLINK("x")' }, support);
    const mine = await post<{ list: AuditEntry[] }>(
      'admin/auditLog',
      { operatorId: me.data.id, action: 'user.' },
      finance,
    );
    expect(mine.data.list.length).toBeGreaterThanOrEqual(1);
    expect(mine.data.list.every((e) => e.operator?.id === me.data.id && e.action.startsWith('user.'))).toBe(true);
    const future = await post<{ total: number }>('admin/auditLog', { from: t.clock.ms + 86_400_000 }, finance);
    expect(future.data.total).toBe(0);
    const csv = await post<{ csv: string; rows: number; filename: string }>(
      'admin/auditExport',
      { entity: 'user', entityId: userId },
      finance,
    );
    expect(csv.data.rows).toBe(1);
    const [head, row] = csv.data.csv.split('\r\n');
    expect(head).toBe('id,time,operator,action,entity,entityId,orderNo,reason,before,after');
    expect(row).toContain(`user.revokeSessions,user,${userId},,"'=HYPERLINK(""x"")"`);
    expect(csv.data.filename).toMatch(/^audit-\d{8}T\d{6}\.csv$/);
  });
});
