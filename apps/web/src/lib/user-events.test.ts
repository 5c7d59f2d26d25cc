import type { UserEvent } from '@nexa/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { lastUserEventSeq, resetUserEventSeq, userFrameReader } from './user-events';

const balance = (available: string): UserEvent => ({
  type: 'wallet.balance',
  mode: 'demo',
  wallet: 'spot',
  currency: 'USDT',
  available,
  frozen: '0',
});

function reader() {
  const events: UserEvent[] = [];
  let resyncs = 0;
  const read = userFrameReader({ onEvent: (e) => events.push(e), onResync: () => resyncs++ });
  return { read, events, resyncs: () => resyncs };
}

describe('user channel frames', () => {
  beforeEach(() => resetUserEventSeq());

  it('passes numbered events on once each, in order, and remembers the highest number', () => {
    const r = reader();
    for (const seq of [4, 5, 5, 3, 6]) r.read({ seq, event: balance(String(seq)) });
    expect(r.events.map((e) => (e.type === 'wallet.balance' ? e.available : ''))).toEqual(['4', '5', '6']);
    expect(r.resyncs()).toBe(0);
    expect(lastUserEventSeq()).toBe(6);
  });

  it('asks for a resync on a gap in the numbers, and still shows the event that revealed it', () => {
    const r = reader();
    r.read({ seq: 1, event: balance('1') });
    r.read({ seq: 3, event: balance('3') });
    expect(r.resyncs()).toBe(1);
    expect(r.events).toHaveLength(2);
  });

  it('passes unnumbered live figures through, and resyncs on a frame it cannot read', () => {
    const r = reader();
    r.read({ event: balance('7') });
    r.read({ event: { type: 'from.a.newer.server' } });
    r.read({ type: 'delivery.order' });
    expect(r.events).toHaveLength(1);
    expect(r.resyncs()).toBe(2);
    expect(lastUserEventSeq()).toBe(0);
  });
});
