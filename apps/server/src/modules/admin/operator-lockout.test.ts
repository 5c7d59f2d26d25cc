import type { AuditEntry, OperatorAccount } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../testing.js';
import { operatorTestKit } from './operator-testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { PASSWORD, WRONG, FORBIDDEN, post, operatorWith } = operatorTestKit(() => t, 'lk');

const auditOf = async (admin: string, id: string) =>
  (
    await post<{ list: AuditEntry[] }>(
      'admin/auditLog',
      { entity: 'operator', entityId: id, page: 1, pageSize: 50 },
      admin,
    )
  ).data.list;

/** Sets up and turns on an operator's authenticator; the secret and the code that turned it on. */
async function enrolAuthenticator(token: string) {
  const { generate } = await import('otplib');
  const setup = await post<{ secret: string }>('admin/totpSetup', {}, token);
  const code = await generate({ secret: setup.data.secret, epoch: Math.floor(t.clock.ms / 1000) });
  expect((await post('admin/totpEnable', { code }, token)).code).toBe(1);
  return { secret: setup.data.secret, code };
}

describe('failed operator logins and lockouts', () => {
  it('audits each failure and the lockout (username and address, never the password); an admin sees and lifts the lock', async () => {
    const admin = await operatorWith('admin');
    const victim = await operatorWith('support');
    const ip = '203.0.113.77';
    for (let i = 0; i < 8; i++) {
      const res = await post(
        'admin/login',
        { username: victim.username.toUpperCase(), password: WRONG },
        undefined,
        ip,
      );
      expect(res.code).toBe(i < t.config.auth.loginAccountMaxFailures ? 0 : 429);
    }
    expect((await post('admin/login', { username: victim.username, password: PASSWORD }, undefined, ip)).code).toBe(
      429,
    );

    const audit = await auditOf(admin.token, victim.id);
    const failed = audit.filter((e) => e.action === 'operator.loginFailed');
    expect(failed).toHaveLength(t.config.auth.loginAccountMaxFailures);
    expect(failed[0]).toMatchObject({
      entity: 'operator',
      after: { username: victim.username, ip, cause: 'password' },
    });
    // The lock is written once, by the attempt that set it, not by every attempt it refuses.
    const locked = audit.filter((e) => e.action === 'operator.loginLocked');
    expect(locked).toHaveLength(1);
    const until = t.clock.ms + t.config.auth.loginLockMs;
    expect(locked[0]!.after).toEqual({ username: victim.username, ip, until });
    expect(JSON.stringify(audit)).not.toContain(WRONG);

    // The Operators list says until when the operator is locked out.
    const list = await post<{ list: OperatorAccount[] }>('admin/operators', {}, admin.token);
    expect(list.data.list.find((o) => o.id === victim.id)?.lockedUntil).toBe(until);
    expect(list.data.list.find((o) => o.id === admin.id)?.lockedUntil).toBeNull();

    // Only an admin lifts it, with a reason.
    const other = await operatorWith('finance');
    expect((await post('admin/operatorUnlock', { id: victim.id, reason: 'called in' }, other.token)).msg).toBe(
      FORBIDDEN,
    );
    expect((await post('admin/operatorUnlock', { id: victim.id }, admin.token)).code).toBe(400);
    expect((await post('admin/operatorUnlock', { id: '987654321', reason: 'x' }, admin.token)).code).toBe(404);
    const unlocked = await post<OperatorAccount>(
      'admin/operatorUnlock',
      { id: victim.id, reason: 'called in' },
      admin.token,
    );
    expect(unlocked.code, unlocked.msg).toBe(1);
    expect(unlocked.data.lockedUntil).toBeNull();
    expect((await post('admin/login', { username: victim.username, password: PASSWORD }, undefined, ip)).code).toBe(1);
    const row = (await auditOf(admin.token, victim.id)).find((e) => e.action === 'operator.unlock');
    expect(row).toMatchObject({
      operator: { id: admin.id },
      before: { lockedUntil: until },
      after: { lockedUntil: null },
      reason: 'called in',
    });
  });

  it('a wrong second-factor code is a failed login too', async () => {
    const admin = await operatorWith('admin');
    const op = await operatorWith('reviewer');
    const { code } = await enrolAuthenticator(op.token);
    const bad = await post(
      'admin/login',
      { username: op.username, password: PASSWORD, totpCode: code === '000000' ? '111111' : '000000' },
      undefined,
      '203.0.113.78',
    );
    expect(bad.code).toBe(0);
    const failed = (await auditOf(admin.token, op.id)).filter((e) => e.action === 'operator.loginFailed');
    expect(failed.map((e) => e.after)).toEqual([{ username: op.username, ip: '203.0.113.78', cause: 'totp' }]);
  });
});

describe("an admin resets another operator's password", () => {
  it('sets it under the password rules, ends their sessions, lifts a lock; audited without the password', async () => {
    const admin = await operatorWith('admin');
    const op = await operatorWith('content');
    const fresh = 'Brand-new-2026-pass';
    const other = await operatorWith('support');
    expect(
      (await post('admin/operatorResetPassword', { id: op.id, password: fresh, reason: 'forgot' }, other.token)).msg,
    ).toBe(FORBIDDEN);
    const weak = await post('admin/operatorResetPassword', { id: op.id, password: 'short1', reason: 'x' }, admin.token);
    expect(weak).toMatchObject({ code: 0, msg: expect.stringContaining('12 characters') });
    const self = await post('admin/operatorResetPassword', { id: admin.id, password: fresh, reason: 'x' }, admin.token);
    expect(self.code).toBe(0);
    for (let i = 0; i < 6; i++)
      await post('admin/login', { username: op.username, password: WRONG }, undefined, '203.0.113.90');
    const done = await post<OperatorAccount>(
      'admin/operatorResetPassword',
      { id: op.id, password: fresh, reason: 'forgot it' },
      admin.token,
    );
    expect(done.code, done.msg).toBe(1);
    expect((await post('admin/me', {}, op.token)).code).toBe(401);
    expect((await post('admin/login', { username: op.username, password: PASSWORD })).code).toBe(0);
    const back = await post('admin/login', { username: op.username, password: fresh }, undefined, '203.0.113.90');
    expect(back.code, back.msg).toBe(1);
    const audit = await auditOf(admin.token, op.id);
    expect(audit.find((e) => e.action === 'operator.resetPassword')).toMatchObject({
      operator: { id: admin.id },
      reason: 'forgot it',
    });
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });
});

describe("an admin turns off another operator's lost authenticator", () => {
  it('they then log in with the password alone and may enrol again; their sessions end; never one’s own; audited', async () => {
    const admin = await operatorWith('admin');
    const op = await operatorWith('reviewer');
    const { secret } = await enrolAuthenticator(op.token);
    // With it on, the password alone is refused: the code is asked for.
    const withoutCode = await post('admin/login', { username: op.username, password: PASSWORD });
    expect(withoutCode.code).toBe(400);

    const other = await operatorWith('support');
    expect((await post('admin/operatorResetTotp', { id: op.id, reason: 'lost phone' }, other.token)).msg).toBe(
      FORBIDDEN,
    );
    expect((await post('admin/operatorResetTotp', { id: op.id }, admin.token)).code).toBe(400);
    expect((await post('admin/operatorResetTotp', { id: admin.id, reason: 'x' }, admin.token)).code).toBe(0);
    expect((await post('admin/operatorResetTotp', { id: '987654321', reason: 'x' }, admin.token)).code).toBe(404);
    const done = await post<OperatorAccount>(
      'admin/operatorResetTotp',
      { id: op.id, reason: 'lost phone' },
      admin.token,
    );
    expect(done.code, done.msg).toBe(1);
    expect(done.data.totpEnabled).toBe(false);
    expect((await post('admin/me', {}, op.token)).code).toBe(401);
    const back = await post<{ token: string }>('admin/login', { username: op.username, password: PASSWORD });
    expect(back.code, back.msg).toBe(1);
    // Enrolling again works from scratch.
    const again = await post<{ secret: string }>('admin/totpSetup', {}, back.data.token);
    expect(again.code).toBe(1);
    expect(again.data.secret).not.toBe(secret);
    const audit = await auditOf(admin.token, op.id);
    expect(audit.find((e) => e.action === 'operator.resetTotp')).toMatchObject({
      operator: { id: admin.id },
      before: { totpEnabled: true },
      after: { totpEnabled: false, sessionsEnded: true },
      reason: 'lost phone',
    });
  });
});
