import { describe, expect, it, vi } from 'vitest';
import {
  PendingMoneyCalls,
  type PendingStorage,
  hasStoredMoneyCalls,
  resolveUnknownOutcomes,
} from './pending-money-calls';

/** A tab's sessionStorage. */
function tabStorage(): PendingStorage {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

function registry(storage = tabStorage(), owner = { uid: '1001' }, now = { ms: 1_000_000 }) {
  let n = 0;
  return new PendingMoneyCalls(
    storage,
    () => owner.uid,
    () => now.ms,
    () => `id-${++n}-${owner.uid}`,
  );
}

const TRANSFER = 'index/zySubmit';

describe('money calls whose outcome is unknown', () => {
  it('reuse the requestId for a retry of the same action after a network failure, and only then', () => {
    const calls = registry();
    const idFor = (fingerprint: string) => calls.attempt(TRANSFER, fingerprint, undefined).id;
    const first = idFor('spot>delivery:USDT:2500');
    calls.settle(TRANSFER, 'spot>delivery:USDT:2500', true); // timed out: outcome unknown
    expect(idFor('spot>delivery:USDT:2500')).toBe(first);
    calls.settle(TRANSFER, 'spot>delivery:USDT:2500', true);
    // The user changed the amount: a different action.
    const second = idFor('spot>delivery:USDT:2400');
    expect(second).not.toBe(first);
    calls.settle(TRANSFER, 'spot>delivery:USDT:2400', false); // answered (success or refusal)
    expect(idFor('spot>delivery:USDT:2400')).not.toBe(second);
  });

  it('resend what a lost attempt sent, exactly, even when what the user would send now moved (a new quote)', () => {
    const calls = registry();
    const first = calls.attempt('index/sdSubmit', 'USDT>BTC:100', { amount: '100', rate: '0.000015' });
    calls.settle('index/sdSubmit', 'USDT>BTC:100', true);
    expect(calls.attempt('index/sdSubmit', 'USDT>BTC:100', { amount: '100', rate: '0.000016' })).toEqual(first);
    calls.settle('index/sdSubmit', 'USDT>BTC:100', false);
    const next = calls.attempt('index/sdSubmit', 'USDT>BTC:100', { amount: '100', rate: '0.000016' });
    expect(next).toEqual({ id: 'id-2-1001', vars: { amount: '100', rate: '0.000016' } });
  });

  it('outlive the screen and a reload of the tab: the same transfer sent again from anywhere keeps its id', () => {
    const storage = tabStorage();
    const first = registry(storage).attempt(TRANSFER, 'real:spot>delivery:USDT:1000', { amount: '1000' });
    // The page went away with the call in flight (or it settled as unknown): a new page reads the same tab.
    const later = registry(storage);
    expect(later.unknown().map((c) => c.id)).toEqual([first.id]);
    expect(later.attempt(TRANSFER, 'real:spot>delivery:USDT:1000', { amount: '1000' })).toEqual(first);
  });

  it('never give one user the id of another user of the tab, nor of another kind of call', () => {
    const storage = tabStorage();
    const owner = { uid: '1001' };
    const calls = registry(storage, owner);
    const mine = calls.attempt(TRANSFER, 'real:spot>delivery:USDT:1000', {}).id;
    calls.settle(TRANSFER, 'real:spot>delivery:USDT:1000', true);
    expect(calls.attempt('index/sdSubmit', 'real:spot>delivery:USDT:1000', {}).id).not.toBe(mine);
    owner.uid = '2002';
    expect(calls.unknown()).toEqual([]);
    expect(calls.attempt(TRANSFER, 'real:spot>delivery:USDT:1000', {}).id).not.toBe(mine);
  });

  it('are looked up only once settled as unknown (a lookup of a call in flight would void it), and for a day', () => {
    const now = { ms: 1_000_000 };
    const calls = registry(tabStorage(), { uid: '1001' }, now);
    calls.attempt(TRANSFER, 'a', {});
    expect(calls.unknown()).toEqual([]);
    calls.settle(TRANSFER, 'a', true);
    expect(calls.unknown()).toHaveLength(1);
    calls.attempt(TRANSFER, 'a', {}); // sent again: in flight
    expect(calls.unknown()).toEqual([]);
    calls.settle(TRANSFER, 'a', true);
    now.ms += 24 * 60 * 60_000 + 1;
    expect(calls.unknown()).toEqual([]);
  });

  it('are told when the connection returns: applied with its answer, or not applied; a failed lookup waits', async () => {
    const calls = registry();
    for (const f of ['applied', 'not', 'offline']) {
      calls.attempt(TRANSFER, f, { f });
      calls.settle(TRANSFER, f, true);
    }
    const answer = { id: '9', amount: '1000.00' };
    const lookup = vi.fn(async (id: string) => {
      if (id === 'id-1-1001') return { status: 'applied' as const, scope: TRANSFER, response: answer };
      if (id === 'id-2-1001') return { status: 'not-applied' as const };
      throw new Error('offline');
    });
    const applied = vi.fn();
    const notApplied = vi.fn();
    await expect(resolveUnknownOutcomes(calls, lookup, { applied, notApplied })).resolves.toBe(2);
    expect(applied).toHaveBeenCalledWith(expect.objectContaining({ id: 'id-1-1001', vars: { f: 'applied' } }), answer);
    expect(notApplied).toHaveBeenCalledWith(expect.objectContaining({ id: 'id-2-1001' }));
    expect(calls.unknown().map((c) => c.id)).toEqual(['id-3-1001']);
    // Known now: the same action again is a new one.
    expect(calls.attempt(TRANSFER, 'applied', { f: 'applied' }).id).toBe('id-4-1001');
  });

  it('survive storage that refuses or holds garbage', () => {
    const broken: PendingStorage = {
      getItem: () => '{"not":"a list"',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const calls = registry(broken);
    const first = calls.attempt(TRANSFER, 'a', {});
    calls.settle(TRANSFER, 'a', true);
    expect(calls.attempt(TRANSFER, 'a', {})).toEqual(first);
  });
});

describe('whether a tab keeps any money call (before loading what looks them up)', () => {
  it('is false for a tab that never sent one, or whose calls all settled, and true while one is kept', () => {
    const storage = tabStorage();
    expect(hasStoredMoneyCalls(storage)).toBe(false);
    expect(hasStoredMoneyCalls(null)).toBe(false);
    const calls = registry(storage);
    calls.attempt(TRANSFER, 'spot>delivery:USDT:1', undefined);
    expect(hasStoredMoneyCalls(storage)).toBe(true);
    calls.settle(TRANSFER, 'spot>delivery:USDT:1', false);
    expect(hasStoredMoneyCalls(storage)).toBe(false);
    calls.attempt(TRANSFER, 'spot>delivery:USDT:2', undefined);
    calls.settle(TRANSFER, 'spot>delivery:USDT:2', true);
    expect(hasStoredMoneyCalls(storage)).toBe(true);
    // A storage that throws (private mode): nothing to look up.
    expect(
      hasStoredMoneyCalls({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe(false);
  });
});
