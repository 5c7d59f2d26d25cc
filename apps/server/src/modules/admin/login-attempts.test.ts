import type { AuditEntry, LockedAddress } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../testing.js';
import { operatorTestKit } from './operator-testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { PASSWORD, WRONG, FORBIDDEN, post, operatorWith } = operatorTestKit(() => t, 'la');
let seq = 0;

const audit = async (token: string, filter: object) => {
  const res = await post<{ list: AuditEntry[]; total: number }>('admin/auditLog', { pageSize: 100, ...filter }, token);
  expect(res.code, res.msg).toBe(1);
  return res.data;
};

describe('failed logins on a username no operator has', () => {
  it('are audited with the name typed and the address, and every filter of the log finds or leaves them', async () => {
    const admin = await operatorWith('admin');
    const finance = await operatorWith('finance');
    const ip = '198.51.100.21';
    const name = `ghost${++seq}`;
    const failed = await post('admin/login', { username: name.toUpperCase(), password: WRONG }, undefined, ip);
    expect(failed.code).toBe(0);

    const byName = await audit(finance.token, { entity: 'operator_name', entityId: name });
    expect(byName.list).toHaveLength(1);
    expect(byName.list[0]).toMatchObject({
      operator: null,
      attemptedName: name,
      ip,
      action: 'operator.loginFailed',
      entity: 'operator_name',
      entityId: name,
      after: { username: name, ip, cause: 'password' },
    });
    expect(JSON.stringify(byName.list)).not.toContain(WRONG);
    // The unfiltered log, an action prefix, the exact action and the address all include it.
    const id = byName.list[0]!.id;
    expect((await audit(finance.token, {})).list.map((e) => e.id)).toContain(id);
    expect((await audit(finance.token, { action: 'operator.' })).list.map((e) => e.id)).toContain(id);
    expect((await audit(finance.token, { action: 'operator.loginFailed' })).list.map((e) => e.id)).toContain(id);
    expect((await audit(finance.token, { ip })).list.map((e) => e.id)).toEqual([id]);
    // An operator filter or a period it is not in leaves it out.
    expect((await audit(finance.token, { operatorId: admin.id })).list.map((e) => e.id)).not.toContain(id);
    // (Audit rows take the database's time, not the test clock's.)
    const now = Date.now();
    expect((await audit(finance.token, { entityId: name, to: now - 3_600_000 })).total).toBe(0);
    expect((await audit(finance.token, { entityId: name, from: now - 3_600_000, to: now + 3_600_000 })).total).toBe(1);
    // The export has the row, with no operator.
    const csv = await post<{ csv: string; rows: number }>('admin/auditExport', { entityId: name }, finance.token);
    expect(csv.data.rows).toBe(1);
    expect(csv.data.csv.split('\r\n')[1]).toMatch(
      new RegExp(`^${id},[^,]+,,operator\\.loginFailed,operator_name,${name},`),
    );
    // An attempt on a real operator names the operator and keeps its address in the new column as well.
    expect((await post('admin/login', { username: finance.username, password: WRONG }, undefined, ip)).code).toBe(0);
    const onOperator = (await audit(admin.token, { ip })).list[0]!;
    expect(onOperator).toMatchObject({
      operator: { id: finance.id, username: finance.username },
      attemptedName: finance.username,
      ip,
      entity: 'operator',
      entityId: finance.id,
    });
  });
});

describe('an address locked for failing on many accounts', () => {
  it('is listed for an admin, who lifts it with a reason (audited); unlocking an operator does not lift it', async () => {
    const admin = await operatorWith('admin');
    const victim = await operatorWith('support');
    const finance = await operatorWith('finance');
    const ip = '198.51.100.77';
    const max = t.config.auth.loginIpMaxFailures;
    // Different names each time: only the address's count reaches its limit.
    for (let i = 0; i < max; i++) {
      const res = await post('admin/login', { username: `spray${seq}x${i}`, password: WRONG }, undefined, ip);
      expect(res.code).toBe(0);
    }
    expect((await post('admin/login', { username: `spray${seq}last`, password: WRONG }, undefined, ip)).code).toBe(429);
    // The right password from that address is refused too: the whole address is locked out.
    expect((await post('admin/login', { username: victim.username, password: PASSWORD }, undefined, ip)).code).toBe(
      429,
    );

    expect((await post('admin/lockedAddresses', {}, finance.token)).msg).toBe(FORBIDDEN);
    const listed = await post<{ list: LockedAddress[] }>('admin/lockedAddresses', {}, admin.token);
    expect(listed.code, listed.msg).toBe(1);
    const until = t.clock.ms + t.config.auth.loginLockMs;
    expect(listed.data.list).toContainEqual({
      scope: 'operator',
      ip,
      // The attempt that passed the limit is counted too.
      failures: max + 1,
      lockedUntil: until,
    });

    // Unlocking the operator is about the operator's own locks, not the address's.
    expect((await post('admin/operatorUnlock', { id: victim.id, reason: 'called in' }, admin.token)).code).toBe(1);
    expect((await post('admin/login', { username: victim.username, password: PASSWORD }, undefined, ip)).code).toBe(
      429,
    );

    const body = { scope: 'operator', ip, reason: 'office NAT, checked with IT' };
    expect((await post('admin/addressUnlock', body, finance.token)).msg).toBe(FORBIDDEN);
    expect((await post('admin/addressUnlock', { scope: 'operator', ip }, admin.token)).code).toBe(400);
    expect((await post('admin/addressUnlock', { ...body, ip: '192.0.2.1' }, admin.token)).code).toBe(404);
    const lifted = await post<{ lockedUntil: number | null }>('admin/addressUnlock', body, admin.token);
    expect(lifted.code, lifted.msg).toBe(1);
    expect(
      (await post<{ list: LockedAddress[] }>('admin/lockedAddresses', {}, admin.token)).data.list,
    ).not.toContainEqual(expect.objectContaining({ ip }));
    expect((await post('admin/login', { username: victim.username, password: PASSWORD }, undefined, ip)).code).toBe(1);
    expect((await post('admin/addressUnlock', body, admin.token)).code).toBe(404);

    const row = (await audit(admin.token, { entity: 'address', entityId: ip })).list;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({
      operator: { id: admin.id },
      action: 'address.unlock',
      ip,
      before: { scope: 'operator', lockedUntil: until },
      after: { scope: 'operator', lockedUntil: null },
      reason: 'office NAT, checked with IT',
    });
  });
});
