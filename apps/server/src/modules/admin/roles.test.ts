import {
  type AdminSessionData,
  CALL_ROLES,
  type OperatorAccount,
  type OperatorRole,
  adminApi,
  consoleApi,
} from '@nexa/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../testing.js';
import { createOperator } from './operators.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Envelope<T = unknown> = { code: number; msg: string; data: T };
const PASSWORD = 'Operat0r-pass-2024';
const ROLES: OperatorRole[] = ['admin', 'reviewer', 'support', 'content', 'finance'];
let seq = 0;

async function post<T = unknown>(p: string, body: object, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${p}`,
    payload: body,
    headers: { lang: 'en', ...(token ? { 'ADMIN-TOKEN': token } : {}) },
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

async function login(username: string, totpCode?: string) {
  const res = await post<AdminSessionData>('admin/login', { username, password: PASSWORD, totpCode });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data;
}

async function operatorWith(role: OperatorRole) {
  const username = `${role}${++seq}`;
  await createOperator(t.database.db, { username, password: PASSWORD, role });
  return { username, ...(await login(username)) };
}

/**
 * Who may make each call, written out here apart from roles.ts so a change to the table must change this test
 * too. A call missing here is checked against roles.ts itself (below).
 */
const R = 'reviewer';
const S = 'support';
const C = 'content';
const F = 'finance';
const EXPECTED: Record<string, OperatorRole[]> = {
  'admin/me': [R, S, C, F],
  'admin/totpSetup': [R, S, C, F],
  'admin/totpEnable': [R, S, C, F],
  'admin/deposits': [R, F],
  'admin/approveDeposit': [R],
  'admin/rejectDeposit': [R],
  'admin/withdrawals': [R, F],
  'admin/approveWithdrawal': [R],
  'admin/rejectWithdrawal': [R],
  'admin/verifications': [R, S],
  'admin/approveVerification': [R],
  'admin/rejectVerification': [R],
  'admin/fundingStatus': [R, F],
  'admin/auditLog': [F],
  'admin/auditExport': [F],
  'admin/users': [S, R, F],
  'admin/user': [S, R, F],
  'admin/userChanges': [S, R, F],
  'admin/userOrders': [S, R, F],
  'admin/userPositions': [S, R, F],
  'admin/userFunding': [S, R, F],
  'admin/userFreeze': [S],
  'admin/userRevokeSessions': [S],
  'admin/userReset2fa': [S],
  'admin/dashboard': [F],
  'admin/operators': [],
  'admin/operatorCreate': [],
  'admin/operatorSetRole': [],
  'admin/operatorSetDisabled': [],
  'admin/operatorUnlock': [],
  'admin/operatorResetPassword': [],
  'admin/operatorResetTotp': [],
  'admin/lockedAddresses': [],
  'admin/addressUnlock': [],
  'admin/contentList': [C, S],
  'admin/saveContent': [C],
  'admin/publishContent': [C],
  'admin/orderContent': [C],
  'admin/deleteContent': [C],
  'admin/supportConversations': [S],
  'admin/supportConversation': [S],
  'admin/assignSupport': [S],
  'admin/replySupport': [S],
  'admin/closeSupport': [S],
  'admin/reopenSupport': [S],
  'admin/supportChannels': [S],
  'admin/setSupportChannels': [],
  'admin/referralTable': [F],
  'admin/setReferralTable': [],
  'admin/settings': [F],
  'admin/updateSetting': [],
  'admin/products': [F],
  'admin/updateProduct': [],
  'admin/setDeliveryPeriods': [],
  'admin/adjustments': [F],
  'admin/proposeAdjustment': [F],
  'admin/approveAdjustment': [F],
  'admin/rejectAdjustment': [F],
  'admin/copyPlans': [S, F],
  'admin/copyPlan': [S, F],
  'admin/copyLeaders': [S, F],
  'admin/rebates': [S, F],
  'admin/teamTree': [S, F],
};

// Every operator call but login (nobody's session) and logout (ends the session: checked on its own).
const CALLS = Object.entries({ ...adminApi, ...consoleApi })
  .filter(([name, d]) => d.auth === 'operator' && name !== 'admin/logout')
  .map(([name]) => name);

describe('operator roles on every admin call', () => {
  for (const role of ROLES) {
    it(`${role}: 403 exactly on the calls outside the role, the body never looked at first`, async () => {
      const op = await operatorWith(role);
      for (const name of CALLS) {
        const allowed = role === 'admin' || (EXPECTED[name] ?? CALL_ROLES[name] ?? []).includes(role);
        // A body every call refuses (an unknown id, fields missing): an allowed call answers 400/404/refusal.
        const res = await post(name, { id: '999999999', page: 1, pageSize: 1 }, op.token);
        if (allowed) {
          expect(res.status, `${role} ${name}: ${res.body.msg}`).toBe(200);
        } else {
          expect(res.status, `${role} ${name}`).toBe(403);
          expect(res.body.code, `${role} ${name}`).toBe(0);
          expect(res.body.msg).toBe('Your operator role does not allow this');
        }
      }
      const file = await t.app.inject({
        method: 'GET',
        url: '/api/admin/file/none.png',
        headers: { 'ADMIN-TOKEN': op.token },
      });
      expect(file.statusCode, `${role} admin/file`).toBe(['admin', R, S].includes(role) ? 200 : 403);
      // The support inbox's image upload (a route outside the contract) asks the same table.
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/admin/supportUpload?id=999999999',
        headers: { 'ADMIN-TOKEN': op.token },
      });
      expect(upload.statusCode === 403, `${role} admin/supportUpload`).toBe(!['admin', S].includes(role));
      const out = await post('admin/logout', {}, op.token);
      expect(out.status).toBe(200);
      expect((await post('admin/me', {}, op.token)).body.code).toBe(401);
    });
  }

  it('asks for a session before the role: no token is 401, never 403', async () => {
    const res = await post('admin/operators', {});
    expect(res.body.code).toBe(401);
  });
});

describe('operator management', () => {
  it('an admin creates a reviewer who logs in with the role; the creation is audited', async () => {
    const admin = await operatorWith('admin');
    const created = await post<OperatorAccount>(
      'admin/operatorCreate',
      { username: 'Rita.Review', password: PASSWORD, role: 'reviewer' },
      admin.token,
    );
    expect(created.body.code, created.body.msg).toBe(1);
    expect(created.body.data).toMatchObject({ username: 'rita.review', role: 'reviewer', disabled: false });
    const rita = await login('rita.review');
    expect(rita.operator.role).toBe('reviewer');
    const me = await post('admin/me', {}, rita.token);
    expect(me.body.data).toMatchObject({ username: 'rita.review', role: 'reviewer', totpEnabled: false });
    const audit = await post<{ list: { action: string; operator: { id: string }; after: unknown }[] }>(
      'admin/auditLog',
      { entity: 'operator', entityId: created.body.data.id },
      admin.token,
    );
    expect(audit.body.data.list.map((e) => e.action)).toContain('operator.create');
    const entry = audit.body.data.list.find((e) => e.action === 'operator.create')!;
    expect(entry.operator.id).toBe(admin.operator.id);
    expect(entry.after).toEqual({ username: 'rita.review', role: 'reviewer' });
  });

  it('refuses bad input, a weak password, a taken name: once of 20 parallel identical creations', async () => {
    const admin = await operatorWith('admin');
    const bad = await post('admin/operatorCreate', { username: 'x', password: PASSWORD, role: 'boss' }, admin.token);
    expect(bad.body.code).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('username');
    const weak = await post(
      'admin/operatorCreate',
      { username: 'weakling', password: 'short1', role: 'support' },
      admin.token,
    );
    expect(weak.body).toMatchObject({ code: 0, msg: expect.stringContaining('12 characters') });
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('admin/operatorCreate', { username: 'twin', password: PASSWORD, role: 'content' }, admin.token),
      ),
    );
    expect(all.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(all.filter((r) => r.body.msg === 'An operator with this username already exists')).toHaveLength(19);
  });

  it('changing a role or disabling ends the sessions; an admin never changes their own account', async () => {
    const admin = await operatorWith('admin');
    const sam = await operatorWith('support');
    const changed = await post<OperatorAccount>(
      'admin/operatorSetRole',
      { id: sam.operator.id, role: 'finance', reason: 'moved team' },
      admin.token,
    );
    expect(changed.body.data.role).toBe('finance');
    expect((await post('admin/me', {}, sam.token)).body).toMatchObject({
      code: 401,
      msg: expect.stringMatching(/expired/i),
    });
    const again = await login(sam.username);
    expect(again.operator.role).toBe('finance');
    const off = await post<OperatorAccount>(
      'admin/operatorSetDisabled',
      { id: sam.operator.id, disabled: true, reason: 'left the company' },
      admin.token,
    );
    expect(off.body.data.disabled).toBe(true);
    // The holder of a session ended by the switch is told why, not that it expired; an ended session of an
    // operator still enabled (the role change above) says it expired.
    expect((await post('admin/me', {}, again.token)).body).toMatchObject({
      code: 401,
      msg: 'This operator account is disabled',
    });
    expect((await post('admin/me', {}, sam.token)).body).toMatchObject({
      code: 401,
      msg: 'This operator account is disabled',
    });
    const refused = await post('admin/login', { username: sam.username, password: PASSWORD });
    expect(refused.body.msg).toBe('This operator account is disabled');
    // Another operator's access changes only with a reason: without one nothing changes.
    const silent = await post('admin/operatorSetDisabled', { id: sam.operator.id, disabled: false }, admin.token);
    expect(silent.body).toMatchObject({ code: 400, data: { fields: [{ field: 'reason' }] } });
    const blank = await post(
      'admin/operatorSetRole',
      { id: sam.operator.id, role: 'admin', reason: '  ' },
      admin.token,
    );
    expect(blank.body.code).toBe(400);
    expect((await post<{ list: OperatorAccount[] }>('admin/operators', {}, admin.token)).body.data.list).toContainEqual(
      expect.objectContaining({ id: sam.operator.id, role: 'finance', disabled: true }),
    );
    const self = await post(
      'admin/operatorSetRole',
      { id: admin.operator.id, role: 'support', reason: 'test' },
      admin.token,
    );
    expect(self.body).toMatchObject({ code: 0, msg: 'You cannot change your own role or disable your own account' });
    const unknown = await post(
      'admin/operatorSetDisabled',
      { id: '987654321', disabled: true, reason: 'test' },
      admin.token,
    );
    expect(unknown.body.code).toBe(404);
    const list = await post<{ list: OperatorAccount[] }>('admin/operators', {}, admin.token);
    expect(list.body.data.list.find((o) => o.id === sam.operator.id)).toMatchObject({
      role: 'finance',
      disabled: true,
    });
    const audit = await post<{ list: { action: string; before: unknown; after: unknown; reason: string | null }[] }>(
      'admin/auditLog',
      { entity: 'operator', entityId: sam.operator.id },
      admin.token,
    );
    expect(audit.body.data.list.map((e) => e.action)).toEqual(
      expect.arrayContaining(['operator.setRole', 'operator.disable']),
    );
    const setRole = audit.body.data.list.find((e) => e.action === 'operator.setRole')!;
    expect(setRole).toMatchObject({ before: { role: 'support' }, after: { role: 'finance' }, reason: 'moved team' });
  });
});

describe("an operator's second factor", () => {
  const codeAt = (secret: string, stepsAhead = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.ms / 1000) + 30 * stepsAhead });

  it('once enrolled, login needs a fresh code; a wrong or replayed one is refused', async () => {
    const op = await operatorWith('content');
    const setup = await post<{ secret: string }>('admin/totpSetup', {}, op.token);
    expect(setup.body.code, setup.body.msg).toBe(1);
    const wrong = await post('admin/totpEnable', { code: '000000' }, op.token);
    expect(wrong.body.code).toBe(0);
    const on = await post('admin/totpEnable', { code: await codeAt(setup.body.data.secret) }, op.token);
    expect(on.body.data).toMatchObject({ totpEnabled: true });
    expect((await post('admin/totpSetup', {}, op.token)).body.code).toBe(0);
    const noCode = await post('admin/login', { username: op.username, password: PASSWORD });
    expect(noCode.body.code).toBe(400);
    expect(JSON.stringify(noCode.body.data)).toContain('totpCode');
    const replay = await post('admin/login', {
      username: op.username,
      password: PASSWORD,
      totpCode: await codeAt(setup.body.data.secret),
    });
    expect(replay.body.code).toBe(0);
    const fresh = await login(op.username, await codeAt(setup.body.data.secret, 1));
    expect(fresh.operator.totpEnabled).toBe(true);
  });
});
