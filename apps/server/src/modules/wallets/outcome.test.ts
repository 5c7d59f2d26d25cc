import type { MoneyCallOutcomeData, PropertyData } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../ledger/index.js';
import { type TestApp, call, createTestApp, registerUser } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let n = 0;
const rid = () => `outcome-${Date.now().toString(36)}-${++n}`;

async function demoUser() {
  const u = await registerUser(t);
  await u.as('user/changeUser', { mode: 'demo' });
  await u.as('user/getDemoMoney', { requestId: rid() });
  const spot = async () => {
    const p = (await u.as<PropertyData>('index/property')).data;
    return p.wallets.find((w) => w.wallet === 'spot')!.currencies.find((c) => c.currency === 'USDT')!.available;
  };
  return { ...u, spot };
}

const transfer = (requestId: string) => ({ from: 'spot', to: 'delivery', currency: 'USDT', amount: '5', requestId });

describe('index/moneyCallOutcome: what became of a money call whose answer was lost', () => {
  it('says a call that ran was applied, with the answer it gave', async () => {
    const u = await demoUser();
    const requestId = rid();
    const done = await u.as('index/zySubmit', transfer(requestId));
    expect(done.code, done.msg).toBe(1);
    const outcome = await u.as<MoneyCallOutcomeData>('index/moneyCallOutcome', { requestId });
    expect(outcome.data).toEqual({ status: 'applied', scope: 'index/zySubmit', response: done.data });
    // Another user's requestId is not theirs to read: for them it never ran.
    const other = await demoUser();
    expect((await other.as<MoneyCallOutcomeData>('index/moneyCallOutcome', { requestId })).data).toEqual({
      status: 'not-applied',
    });
  });

  it('says a call that never arrived was not applied, and a late copy of it then moves nothing', async () => {
    const u = await demoUser();
    const before = await u.spot();
    const requestId = rid();
    const outcome = await u.as<MoneyCallOutcomeData>('index/moneyCallOutcome', { requestId });
    expect(outcome.data).toEqual({ status: 'not-applied' });
    const late = await u.as('index/zySubmit', transfer(requestId));
    expect(late.code).not.toBe(1);
    expect(await u.spot()).toBe(before);
    expect((await u.as<MoneyCallOutcomeData>('index/moneyCallOutcome', { requestId })).data.status).toBe('not-applied');
  });

  it('never says "not applied" of a call that applies: racing the call and its lookup agree every time', async () => {
    const u = await demoUser();
    const before = Number(await u.spot());
    let applied = 0;
    for (let i = 0; i < 10; i++) {
      const requestId = rid();
      const [call, outcome] = await Promise.all([
        u.as('index/zySubmit', transfer(requestId)),
        u.as<MoneyCallOutcomeData>('index/moneyCallOutcome', { requestId }),
      ]);
      expect(call.code === 1).toBe(outcome.data.status === 'applied');
      if (call.code === 1) applied++;
    }
    expect(Number(await u.spot())).toBe(before - 5 * applied);
    expect(await new Ledger().violations(t.database.db)).toEqual([]);
  });

  it('refuses a malformed requestId, and a caller who is not signed in', async () => {
    const u = await demoUser();
    expect((await u.as('index/moneyCallOutcome', { requestId: 'x' })).code).toBe(400);
    expect((await call(t.app, 'index/moneyCallOutcome', { requestId: rid() })).code).not.toBe(1);
  });
});
