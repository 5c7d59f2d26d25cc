import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { ChainAddressData, FundingStatusData, RechargeOptionsData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Config, loadConfig, missingDepositAddresses } from '../../config.js';
import { type Database, queryRows } from '../../platform/db.js';
import {
  MemoryMessenger,
  TINY_PNG,
  TestClock,
  call,
  createTestDatabase,
  loginOperator,
  registerUser,
  uploadFile,
} from '../../testing.js';

/**
 * A deployment that configured only the ERC20 receiving address: TRC20 deposits (offered by DEPOSIT_OPTIONS) are
 * shown as not configured, refused by the server, named in a start-up warning and in the operator's status.
 */
const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
let app: FastifyInstance;
let database: Database;
let dataDir: string;
const messenger = new MemoryMessenger();
const logLines: { level: number; msg: string; missing?: string[] }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-deposit-addr-'));
  const base = loadConfig({ DATA_DIR: dataDir, DEPOSIT_ADDRESS_ERC20: ERC20_ADDRESS, DEPOSIT_ADDRESS_BTC: '  ' });
  const config: Config = {
    ...base,
    auth: { ...base.auth, loginSlowdownStepMs: 1, perIpPerMinute: 10_000 },
    market: { ...base.market, feed: false, historyHours: 0 },
    // The operator here signs in with a password alone (operator-second-factor.test covers the rule).
    adminRequire2fa: false,
  };
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  const clock = new TestClock();
  app = await buildApp({
    config,
    database,
    messenger,
    now: clock.now,
    logger: { level: 'warn', stream },
    settlement: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('deposit addresses', () => {
  it('has no placeholder: unset (or blank) means not configured, and a malformed one stops the start', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nexa-cfg-'));
    try {
      const fresh = loadConfig({ DATA_DIR: dir });
      expect(fresh.funding.depositAddresses).toEqual({});
      expect(missingDepositAddresses(fresh.funding)).toEqual(['DEPOSIT_ADDRESS_TRC20', 'DEPOSIT_ADDRESS_ERC20']);
      expect(() => loadConfig({ DATA_DIR: dir, DEPOSIT_ADDRESS_TRC20: '0xabc' })).toThrow(
        'DEPOSIT_ADDRESS_TRC20: not a TRC20 address',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns at start, naming the variables that are missing', () => {
    const warning = logLines.find((l) => l.level === 40 && l.msg.includes('receiving address'));
    expect(warning?.missing).toEqual(['DEPOSIT_ADDRESS_TRC20']);
    expect(warning?.msg).toContain('DEPOSIT_ADDRESS_TRC20');
  });

  it('lists an unconfigured chain as not configured and refuses its address and its deposits', async () => {
    const u = await registerUserHere();
    const opts = await u.as<RechargeOptionsData>('index/bbRecharge');
    expect(opts.data.list).toEqual([
      {
        currency: 'USDT',
        chains: [
          { chain: 'TRC20', minAmount: '10', configured: false },
          { chain: 'ERC20', minAmount: '10', configured: true },
        ],
      },
      { currency: 'USDC', chains: [{ chain: 'ERC20', minAmount: '10', configured: true }] },
    ]);
    const refused = await u.as('index/chainAddress', { currency: 'USDT', chain: 'TRC20' });
    expect(refused).toEqual({
      code: 0,
      msg: 'Deposits of USDT on TRC20 are not available yet. Please choose another chain or contact support.',
      data: { reason: 'deposit.notConfigured' },
    });
    expect((await u.as('index/chainAddress', { currency: 'USDT', chain: 'TRC20' }, 'de')).msg).toBe(
      'Einzahlungen von USDT über TRC20 sind noch nicht verfügbar. Bitte wählen Sie ein anderes Netzwerk oder wenden Sie sich an den Support.',
    );
    const ok = await u.as<ChainAddressData>('index/chainAddress', { currency: 'USDT', chain: 'ERC20' });
    expect(ok.data).toMatchObject({ chain: 'ERC20', address: ERC20_ADDRESS });

    const shot = (await uploadFile(app, u.token, TINY_PNG)).data.name;
    const base = { currency: 'USDT', amount: '50', screenshot: shot };
    const submit = await u.as('index/czSubmit', { ...base, chain: 'TRC20', requestId: `da-${Date.now()}` });
    expect(submit).toMatchObject({ code: 0, data: { reason: 'deposit.notConfigured' } });
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM deposits d JOIN users u ON u.id = d.user_id WHERE u.uid = ${u.user.uid}`,
    );
    expect(rows[0]!.n).toBe(0);
    const fine = await u.as('index/czSubmit', { ...base, chain: 'ERC20', requestId: `da-ok-${Date.now()}` });
    expect(fine.code, fine.msg).toBe(1);
  });

  it('tells operators which chains are configured and which variable to set', async () => {
    const op = await loginOperator({ app, database });
    const status = await call<FundingStatusData>(app, 'admin/fundingStatus', {}, { 'ADMIN-TOKEN': op.token });
    expect(status.code, status.msg).toBe(1);
    expect(status.data).toEqual({
      deposits: [
        { currency: 'USDT', chain: 'TRC20', minAmount: '10', configured: false, variable: 'DEPOSIT_ADDRESS_TRC20' },
        { currency: 'USDT', chain: 'ERC20', minAmount: '10', configured: true, variable: 'DEPOSIT_ADDRESS_ERC20' },
        { currency: 'USDC', chain: 'ERC20', minAmount: '10', configured: true, variable: 'DEPOSIT_ADDRESS_ERC20' },
      ],
      missing: ['DEPOSIT_ADDRESS_TRC20'],
    });
    expect((await call(app, 'admin/fundingStatus', {})).code).toBe(401);
    const u = await registerUserHere();
    expect((await call(app, 'admin/fundingStatus', {}, { TOKEN: u.token })).code).toBe(401);
  });

  it("still refuses the platform's configured address as a withdrawal address", async () => {
    const u = await registerUserHere();
    const res = await u.as('user/saveUserAddress', {
      chain: 'ERC20',
      address: ERC20_ADDRESS.toLowerCase(),
      label: 'My wallet',
    });
    expect(res).toMatchObject({ code: 400, data: { fields: [{ field: 'address', reason: 'invalid' }] } });
  });
});

async function registerUserHere() {
  const r = await registerUser({ app, messenger });
  const as = <T = unknown>(p: string, body: object = {}, lang = 'en') =>
    call<T>(app, p, body, { TOKEN: r.token, lang });
  return { ...r, as };
}
