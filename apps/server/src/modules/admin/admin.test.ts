import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  AdminDeposit,
  AdminSessionData,
  AdminVerification,
  AuditEntry,
  DepositRecord,
  PropertyData,
  UserVerificationData,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCreate } from '../../cli/admin-create.js';
import { Ledger } from '../../ledger/index.js';
import { openDatabase, queryRows } from '../../platform/db.js';
import { type TestApp, call, createTestApp, loginOperator, registerUser } from '../../testing.js';
import { createOperator, operatorPasswordProblem } from './operators.js';
import { operatorTokenHash } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Envelope<T = unknown> = { code: number; msg: string; data: T };
const PASSWORD = 'Operat0r-pass-2024';
let seq = 0;
const rid = () => `adm-${Date.now().toString(36)}-${++seq}`;

const adminCall = <T = unknown>(p: string, body: object = {}, token?: string, ip?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: `/api/${p}`,
      payload: body,
      headers: { lang: 'en', ...(token ? { 'ADMIN-TOKEN': token } : {}) },
      ...(ip ? { remoteAddress: ip } : {}),
    })
    .then((r) => r.json() as Envelope<T>);

async function operator(name = `op${++seq}`) {
  await createOperator(t.database.db, { username: name, password: PASSWORD });
  const res = await adminCall<AdminSessionData>('admin/login', { username: name, password: PASSWORD });
  expect(res.code, res.msg).toBe(1);
  return { name, id: res.data.operator.id, token: res.data.token };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

async function upload(token: string): Promise<string> {
  const boundary = `----nexa${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload,
    headers: { TOKEN: token, lang: 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const body = res.json() as Envelope<{ name: string }>;
  expect(body.code, body.msg).toBe(1);
  return body.data.name;
}

/** A user with a deposit under review. */
async function depositUnderReview(amount = '100') {
  const u = await registerUser(t);
  const screenshot = await upload(u.token);
  const dep = await u.as<DepositRecord>('index/czSubmit', {
    currency: 'USDT',
    chain: 'TRC20',
    amount,
    screenshot,
    requestId: rid(),
  });
  expect(dep.code, dep.msg).toBe(1);
  return { u, deposit: dep.data, screenshot };
}

const realSpotUsdt = async (as: (p: string, b?: object) => Promise<Envelope>) => {
  const p = (await as('index/property')).data as PropertyData;
  return p.wallets.find((w) => w.wallet === 'spot')!.currencies.find((c) => c.currency === 'USDT')!.available;
};

describe('admin:create', () => {
  it('creates an operator with an argon2id hash; refuses duplicates (any case) and weak passwords', async () => {
    const op = await createOperator(t.database.db, { username: 'Create.Me', password: PASSWORD });
    expect(op.username).toBe('create.me');
    const rows = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`SELECT password_hash FROM operators WHERE id = ${op.id}`,
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    await expect(createOperator(t.database.db, { username: 'create.ME', password: PASSWORD })).rejects.toThrow(
      'an operator named "create.me" already exists',
    );
    await expect(createOperator(t.database.db, { username: 'x', password: PASSWORD })).rejects.toThrow(/username/);
    expect(operatorPasswordProblem('alice', 'short1')).toMatch(/at least 12/);
    expect(operatorPasswordProblem('alice', 'onlyletterslong')).toMatch(/letters and digits/);
    expect(operatorPasswordProblem('alice', 'alice-1234567')).toMatch(/username/);
    expect(operatorPasswordProblem('alice', 'Password12345')).toMatch(/common/);
    expect(operatorPasswordProblem('alice', PASSWORD)).toBeNull();
  });

  it('runs as a command on the configured database, applying migrations first', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-admin-'));
    try {
      const env = { DATA_DIR: dataDir };
      const ok = await runAdminCreate(['--username', 'cli.op', '--password', PASSWORD], env);
      expect(ok).toEqual({ code: 0, out: expect.stringContaining('Operator "cli.op" created') });
      expect(await runAdminCreate(['--username=cli.op', `--password=${PASSWORD}`], env)).toEqual({
        code: 1,
        out: 'admin:create: an operator named "cli.op" already exists',
      });
      expect(await runAdminCreate(['--username', 'weak.op', '--password', 'abc'], env)).toMatchObject({ code: 1 });
      expect(await runAdminCreate(['--username', 'env.op'], { ...env, ADMIN_PASSWORD: PASSWORD })).toMatchObject({
        code: 0,
      });
      expect((await runAdminCreate([], env)).code).toBe(2);

      // While a process holds the embedded database (here this one, as a running server would), it refuses and
      // changes nothing; once that process closes it, it works.
      const held = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
      try {
        expect(await runAdminCreate(['--username', 'busy.op', '--password', PASSWORD], env)).toEqual({
          code: 1,
          out: `admin:create: the embedded database in ${path.join(dataDir, 'pgdata')} is open in process ${process.pid}: stop that process first`,
        });
        const names = await queryRows<{ username: string }>(
          held.db,
          sql`SELECT username FROM operators WHERE username = 'busy.op'`,
        );
        expect(names).toEqual([]);
      } finally {
        await held.close();
      }
      // A lock left by a process that is gone (killed) is taken over.
      writeFileSync(path.join(dataDir, 'pgdata.lock'), '999999999');
      expect(await runAdminCreate(['--username', 'busy.op', '--password', PASSWORD], env)).toMatchObject({ code: 0 });
      expect(existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('works from the command line (tsx), with exit codes and messages for a person', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-admin-cli-'));
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          path.resolve(serverDir, '../../node_modules/.bin/tsx'),
          ['src/cli/admin-create.ts', ...args],
          // Two cold starts of tsx and the embedded database on a busy 2-core machine can take half a minute.
          { cwd: serverDir, env: { PATH: process.env.PATH, DATA_DIR: dataDir }, timeout: 80_000 },
          (err, stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
        );
      });
    try {
      const [ok, weak] = await Promise.all([
        run(['--username', 'shell.op', '--password', PASSWORD]),
        run(['--username', 'shell.two', '--password', 'password']),
      ]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Operator "shell.op" created');
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain('admin:create: the password must have at least 12 characters');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('operator sessions', () => {
  it('logs in, stores only the token hash, answers admin/me over POST and GET, and logs out', async () => {
    const op = await operator();
    const me = await adminCall('admin/me', {}, op.token);
    expect(me).toMatchObject({ code: 1, data: { id: op.id, username: op.name } });
    const viaGet = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { 'ADMIN-TOKEN': op.token } });
    expect(viaGet.json()).toMatchObject({ code: 1, data: { username: op.name } });

    const stored = await queryRows<{ token_hash: string; expires_at: Date | string }>(
      t.database.db,
      sql`SELECT token_hash, expires_at FROM operator_sessions WHERE operator_id = ${op.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(operatorTokenHash(op.token));
    expect(stored[0]!.token_hash).not.toContain(op.token);
    const raw = await queryRows(t.database.db, sql`SELECT 1 FROM operator_sessions WHERE token_hash = ${op.token}`);
    expect(raw).toEqual([]);
    expect(new Date(stored[0]!.expires_at).getTime() - t.clock.ms).toBe(12 * 3_600_000);

    expect((await adminCall('admin/logout', {}, op.token)).code).toBe(1);
    expect(await adminCall('admin/me', {}, op.token)).toMatchObject({
      code: 401,
      msg: 'Your session has expired. Please log in again.',
    });
  });

  it('expires a session after 12 hours', async () => {
    const op = await operator();
    t.clock.advance(12 * 3_600_000 + 1);
    expect((await adminCall('admin/me', {}, op.token)).code).toBe(401);
  });

  it('refuses a bad password and an unknown operator alike, then locks after repeated failures', async () => {
    const name = `lock${++seq}`;
    await createOperator(t.database.db, { username: name, password: PASSWORD });
    const ip = '198.51.100.9';
    const unknown = await adminCall('admin/login', { username: 'nobody.here', password: PASSWORD }, undefined, ip);
    expect(unknown).toMatchObject({ code: 0, msg: 'The username or password is incorrect' });
    for (let i = 0; i < t.config.auth.loginAccountMaxFailures; i++) {
      const bad = await adminCall('admin/login', { username: name, password: 'wrong-Pass-123' }, undefined, ip);
      expect(bad).toMatchObject({ code: 0, msg: 'The username or password is incorrect' });
    }
    // Even the right password is refused from that address while it is locked out of the account.
    const locked = await adminCall('admin/login', { username: name, password: PASSWORD }, undefined, ip);
    expect(locked.code).toBe(429);
    expect(locked.msg).toMatch(/Too many failed attempts. Please try again in \d+ minutes/);
    // Failures from one address do not lock the operator out everywhere.
    expect(
      (await adminCall('admin/login', { username: name, password: PASSWORD }, undefined, '198.51.100.10')).code,
    ).toBe(1);
    t.clock.advance(t.config.auth.loginLockMs + 1);
    expect((await adminCall('admin/login', { username: name, password: PASSWORD }, undefined, ip)).code).toBe(1);
  });

  it('refuses control characters in reasons and audit-log filters with 400 on the field', async () => {
    const op = await operator();
    const reject = await adminCall('admin/rejectDeposit', { id: '1', reason: 'blurry\u0000' }, op.token);
    expect(reject).toMatchObject({ code: 400, data: { fields: [{ field: 'reason', reason: 'invalid' }] } });
    for (const field of ['entity', 'entityId']) {
      const res = await adminCall('admin/auditLog', { [field]: 'x\u0000', page: 1, pageSize: 10 }, op.token);
      expect(res, field).toMatchObject({ code: 400, data: { fields: [{ field, reason: 'invalid' }] } });
    }
  });

  it('refuses a disabled operator, whose open sessions stop working too', async () => {
    const op = await operator();
    await t.database.db.execute(sql`UPDATE operators SET disabled = true WHERE id = ${op.id}`);
    expect((await adminCall('admin/me', {}, op.token)).code).toBe(401);
    const login = await adminCall('admin/login', { username: op.name, password: PASSWORD });
    expect(login).toMatchObject({ code: 0, msg: 'This operator account is disabled' });
    const wrong = await adminCall('admin/login', { username: op.name, password: 'Not-the-pass-1' });
    expect(wrong.msg).toBe('The username or password is incorrect');
  });

  it('never takes a user TOKEN on admin routes, nor an ADMIN-TOKEN on user routes', async () => {
    const op = await operator();
    const u = await registerUser(t);
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me',
      payload: {},
      headers: { TOKEN: u.token, lang: 'en' },
    });
    expect(asUser.json()).toMatchObject({ code: 401, msg: 'Please log in' });
    expect((await adminCall('admin/deposits', {}, u.token)).code).toBe(401);
    expect((await call(t.app, 'user/getUserinfo', {}, { TOKEN: op.token })).code).toBe(401);
    expect((await call(t.app, 'user/getUserinfo', {}, { 'ADMIN-TOKEN': op.token })).code).toBe(401);
    const file = await t.app.inject({ method: 'GET', url: '/api/admin/file/x.png', headers: { TOKEN: u.token } });
    expect(file.json()).toMatchObject({ code: 401 });
  });

  it('answers in the caller’s language and names bad fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'someone', password: 'x' },
      headers: { lang: 'de' },
    });
    expect(res.json()).toMatchObject({ code: 0, msg: 'Benutzername oder Passwort ist falsch' });
    expect(await adminCall('admin/login', { password: 'x' })).toMatchObject({
      code: 400,
      msg: 'Please enter username',
    });
  });
});

describe('reviews through the operator API', () => {
  it('lists deposits under review with their owner, and serves the screenshot to operators only', async () => {
    const op = await operator();
    const { u, deposit, screenshot } = await depositUnderReview();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits?status=review&pageSize=100',
      headers: { 'ADMIN-TOKEN': op.token },
    });
    const page = list.json() as Envelope<{ list: AdminDeposit[]; total: number }>;
    expect(page.code, page.msg).toBe(1);
    const row = page.data.list.find((d) => d.id === deposit.id)!;
    expect(row).toMatchObject({ status: 'review', amount: deposit.amount, owner: { uid: u.user.uid, email: u.email } });

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/file/${screenshot}`,
      headers: { 'ADMIN-TOKEN': op.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toMatch(/^private/);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/file/${screenshot}` });
    expect(anonymous.json()).toMatchObject({ code: 401 });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/admin/file/${'0'.repeat(32)}.png`,
      headers: { 'ADMIN-TOKEN': op.token },
    });
    expect(missing.json()).toMatchObject({ code: 404 });
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/admin/file/..%2F..%2Fetc%2Fpasswd',
      headers: { 'ADMIN-TOKEN': op.token },
    });
    expect(traversal.json()).toMatchObject({ code: 404 });
  });

  it('two operators approving one deposit at once credit it once, with exactly one audit row', async () => {
    const [a, b] = [await operator(), await operator()];
    const { u, deposit } = await depositUnderReview('250');
    const results = await Promise.all([
      adminCall<AdminDeposit>('admin/approveDeposit', { id: deposit.id }, a.token),
      adminCall<AdminDeposit>('admin/approveDeposit', { id: deposit.id, reason: 'checked on chain' }, b.token),
    ]);
    const ok = results.filter((r) => r.code === 1);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.data.status).toBe('approved');
    const other = results.find((r) => r.code !== 1)!;
    expect(other.code).toBe(0);
    expect(other.msg.length).toBeGreaterThan(0);
    expect(await realSpotUsdt(u.as)).toBe('250.00');
    const audit = await queryRows<{ action: string; operator_id: string }>(
      t.database.db,
      sql`SELECT action, operator_id::text AS operator_id FROM audit_log
          WHERE entity = 'deposit' AND entity_id = ${deposit.id}`,
    );
    expect(audit).toHaveLength(1);
    expect([a.id, b.id]).toContain(audit[0]!.operator_id);

    const log = await adminCall<{ list: AuditEntry[]; total: number }>(
      'admin/auditLog',
      { entity: 'deposit', entityId: deposit.id },
      a.token,
    );
    expect(log.code, log.msg).toBe(1);
    expect(log.data.total).toBe(1);
    expect(log.data.list[0]!.operator?.username).toBe(audit[0]!.operator_id === a.id ? a.name : b.name);
    expect(log.data.list[0]).toMatchObject({ entity: 'deposit', entityId: deposit.id });
    expect((log.data.list[0]!.after as { status?: string } | null)?.status).toBe('approved');
    expect(await new Ledger().violations(t.database.db)).toEqual([]);
  });

  it('the audit log names a deposit by its order number, and finds it by that number', async () => {
    const op = await operator();
    const { deposit } = await depositUnderReview('30');
    expect((await adminCall('admin/approveDeposit', { id: deposit.id }, op.token)).code).toBe(1);
    const byId = await adminCall<{ list: AuditEntry[]; total: number }>(
      'admin/auditLog',
      { entity: 'deposit', entityId: deposit.id, page: 1, pageSize: 10 },
      op.token,
    );
    expect(byId.data.list).toEqual([expect.objectContaining({ entityId: deposit.id, orderNo: deposit.orderNo })]);
    // The number the user quotes finds the record's rows, with or without the entity filter.
    for (const filter of [{ entityId: deposit.orderNo }, { entity: 'deposit', entityId: deposit.orderNo }]) {
      const byNo = await adminCall<{ list: AuditEntry[]; total: number }>(
        'admin/auditLog',
        { ...filter, page: 1, pageSize: 10 },
        op.token,
      );
      expect(byNo.data.list.map((e) => [e.action, e.orderNo])).toEqual([['deposit.approve', deposit.orderNo]]);
    }
    // Records without an order number have none.
    const login = await adminCall<{ list: AuditEntry[] }>(
      'admin/auditLog',
      { entity: 'operator', entityId: op.id, page: 1, pageSize: 10 },
      op.token,
    );
    expect(login.data.list.every((e) => e.orderNo === null)).toBe(true);
    const csv = await adminCall<{ csv: string }>('admin/auditExport', { entityId: deposit.orderNo }, op.token);
    expect(csv.data.csv.split('\r\n')[1]).toContain(`,deposit,${deposit.id},${deposit.orderNo},`);
  });

  it('rejects a deposit only with a reason, which the user then sees', async () => {
    const op = await operator();
    const { u, deposit } = await depositUnderReview();
    expect(await adminCall('admin/rejectDeposit', { id: deposit.id }, op.token)).toMatchObject({
      code: 400,
      msg: 'Please enter reason',
    });
    expect((await adminCall('admin/rejectDeposit', { id: deposit.id, reason: '   ' }, op.token)).code).toBe(400);
    const rejected = await adminCall<AdminDeposit>(
      'admin/rejectDeposit',
      { id: deposit.id, reason: 'No such transfer on chain' },
      op.token,
    );
    expect(rejected.code, rejected.msg).toBe(1);
    // The decided record names its reviewer (the console shows who decided and when); the user's copy does not.
    expect(rejected.data).toMatchObject({
      status: 'failed',
      reason: 'No such transfer on chain',
      reviewedBy: op.id,
      reviewedByName: op.name,
    });
    const decided = await adminCall<{ list: AdminDeposit[] }>(
      'admin/deposits',
      { status: 'failed', pageSize: 100 },
      op.token,
    );
    expect(decided.data.list.find((d) => d.id === deposit.id)).toMatchObject({
      reviewedBy: op.id,
      reviewedByName: op.name,
      reviewedAt: rejected.data.reviewedAt,
    });
    const waiting = await depositUnderReview();
    const open = await adminCall<{ list: AdminDeposit[] }>(
      'admin/deposits',
      { status: 'review', pageSize: 100 },
      op.token,
    );
    expect(open.data.list.find((d) => d.id === waiting.deposit.id)).toMatchObject({
      reviewedBy: null,
      reviewedByName: null,
    });
    const recs = await u.as<{ list: DepositRecord[] }>('index/czRec');
    expect(recs.data.list.find((d) => d.id === deposit.id)).toMatchObject({
      status: 'failed',
      reason: 'No such transfer on chain',
    });
    expect(recs.data.list.find((d) => d.id === deposit.id)).not.toHaveProperty('reviewedByName');
    expect(await realSpotUsdt(u.as)).toBe('0.00');
    // Decided once: approving it now is refused and credits nothing.
    expect((await adminCall('admin/approveDeposit', { id: deposit.id }, op.token)).code).toBe(0);
    expect(await realSpotUsdt(u.as)).toBe('0.00');
  });

  it('reviews identity verifications', async () => {
    const op = await loginOperator(t);
    const u = await registerUser(t);
    const sub = await u.as('user_verification/submitIdentityVerification', {
      level: 'basic',
      country: 'DE',
      name: 'Erika Mustermann',
      idNumber: 'L01X00T47',
    });
    expect(sub.code, sub.msg).toBe(1);
    const list = await adminCall<{ list: AdminVerification[] }>(
      'admin/verifications',
      { status: 'review', pageSize: 100 },
      op.token,
    );
    expect(list.code, list.msg).toBe(1);
    const row = list.data.list.find((v) => v.owner.uid === u.user.uid)!;
    expect(row).toMatchObject({ level: 'basic', idNumber: 'L01X00T47', status: 'review' });
    const approved = await adminCall<AdminVerification>('admin/approveVerification', { id: row.id }, op.token);
    expect(approved.code, approved.msg).toBe(1);
    expect(approved.data).toMatchObject({ status: 'verified', reviewedByName: op.username });
    const verified = await adminCall<{ list: AdminVerification[] }>(
      'admin/verifications',
      { status: 'verified', pageSize: 100 },
      op.token,
    );
    expect(verified.data.list.find((v) => v.id === row.id)).toMatchObject({
      reviewedBy: expect.stringMatching(/^\d+$/),
      reviewedByName: op.username,
    });
    const mine = await u.as<UserVerificationData>('user_verification/getUserVerification');
    expect(mine.data.verified).toBe(true);
    const audit = await adminCall<{ total: number }>(
      'admin/auditLog',
      { entity: 'verification', entityId: row.id },
      op.token,
    );
    expect(audit.data.total).toBe(1);
  });
});

describe('review queues', () => {
  it('list what waits oldest first (the longest-waiting item heads page 1); decided records newest first', async () => {
    const op = await loginOperator(t);
    const first = await depositUnderReview('101');
    const second = await depositUnderReview('102');
    const deposits = async (status: string) =>
      (await adminCall<{ list: AdminDeposit[] }>('admin/deposits', { status, pageSize: 100 }, op.token)).data.list;
    const waiting = (await deposits('review')).map((d) => d.id);
    expect(waiting.indexOf(first.deposit.id)).toBeLessThan(waiting.indexOf(second.deposit.id));
    const order = (await deposits('review')).map((d) => [d.createdAt, Number(d.id)] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    for (const { deposit } of [first, second]) {
      const r = await adminCall('admin/rejectDeposit', { id: deposit.id, reason: 'No such transfer' }, op.token);
      expect(r.code, r.msg).toBe(1);
    }
    const decided = (await deposits('failed')).map((d) => d.id);
    expect(decided.indexOf(second.deposit.id)).toBeLessThan(decided.indexOf(first.deposit.id));

    const submit = async (name: string) => {
      const u = await registerUser(t);
      const sub = await u.as('user_verification/submitIdentityVerification', {
        level: 'basic',
        country: 'DE',
        name,
        idNumber: 'L01X00T47',
      });
      expect(sub.code, sub.msg).toBe(1);
      return u.user.uid;
    };
    const [a, b] = [await submit('Erika Erste'), await submit('Erika Zweite')];
    const verifications = await adminCall<{ list: AdminVerification[] }>(
      'admin/verifications',
      { status: 'review', pageSize: 100 },
      op.token,
    );
    const uids = verifications.data.list.map((v) => v.owner.uid);
    expect(uids.indexOf(a)).toBeLessThan(uids.indexOf(b));
  });
});
