import { describe, expect, it } from 'vitest';
import type { Tick } from '../market/index.js';
import { type ArmedTrigger, firstCrossingPerRef, replayBand, replayCrossings } from './replay.js';
import type { Trigger } from './trigger-index.js';

const S = 'BTCUSDT';
const ticks = (...list: [number, string][]): Tick[] =>
  list.map(([ts, price]) => ({ symbol: S, ts, price, size: '0', source: 'sim' }));
const trig = (id: string, side: 'up' | 'down', level: string, kind: Trigger['kind'] = 'limit'): Trigger => ({
  id,
  symbol: S,
  kind,
  side,
  level,
  ref: id.split(':')[1]!,
});
const armed = (trigger: Trigger, armedAt: number): ArmedTrigger => ({ trigger, armedAt });
const fired = (list: ReturnType<typeof replayCrossings>) => list.map((c) => [c.trigger.id, c.tick.ts, c.tick.price]);

describe('replaying stored ticks after a gap', () => {
  it('fires each trigger at the first stored tick that reaches or passes it, even if the price came back', () => {
    const long = trig('limit:1', 'down', '95');
    const short = trig('limit:2', 'up', '105');
    const tp = trig('tp:3', 'up', '110', 'tp');
    const out = replayCrossings(
      [armed(long, 0), armed(short, 0), armed(tp, 0)],
      ticks([1000, '100'], [2000, '94.5'], [3000, '93'], [4000, '105'], [5000, '111'], [6000, '100']),
    );
    expect(fired(out)).toEqual([
      ['limit:1', 2000, '94.5'],
      ['limit:2', 4000, '105'],
      ['tp:3', 5000, '111'],
    ]);
  });

  it('a tick at or before the moment a trigger was armed cannot fire it', () => {
    const placedLate = trig('limit:1', 'down', '95');
    const placedEarly = trig('limit:2', 'down', '95');
    const out = replayCrossings(
      [armed(placedLate, 3000), armed(placedEarly, 500)],
      ticks([1000, '90'], [3000, '90'], [4000, '96'], [5000, '95']),
    );
    expect(fired(out)).toEqual([
      ['limit:2', 1000, '90'],
      ['limit:1', 5000, '95'],
    ]);
  });

  it('nothing crossed, nothing fired; ticks are taken in time order whatever order they come in', () => {
    const t = trig('sl:4', 'down', '90', 'sl');
    expect(replayCrossings([armed(t, 0)], ticks([1000, '95'], [2000, '90.01']))).toEqual([]);
    expect(fired(replayCrossings([armed(t, 0)], ticks([3000, '80'], [2000, '89'])))).toEqual([['sl:4', 2000, '89']]);
  });

  it('acts on each position or order once, at its first crossing', () => {
    const out = replayCrossings(
      [
        armed(trig('tp:7', 'up', '110', 'tp'), 0),
        armed(trig('liq:7', 'down', '80', 'liq'), 0),
        armed(trig('limit:7', 'down', '99'), 0),
      ],
      ticks([1000, '98'], [2000, '111'], [3000, '79']),
    );
    expect(firstCrossingPerRef(out)).toEqual([
      { ref: 'o:7', tick: expect.objectContaining({ ts: 1000 }) },
      { ref: 'p:7', tick: expect.objectContaining({ ts: 2000, price: '111' }) },
    ]);
  });

  it('the band: only ticks at or beyond the nearest levels can fire anything', () => {
    expect(
      replayBand([
        trig('limit:1', 'down', '95'),
        trig('sl:2', 'down', '95.000000000000000001', 'sl'),
        trig('tp:3', 'up', '110', 'tp'),
        trig('liq:4', 'up', '109.99', 'liq'),
      ]),
    ).toEqual({ atOrAbove: '109.99', atOrBelow: '95.000000000000000001' });
    expect(replayBand([trig('limit:1', 'down', '95')])).toEqual({ atOrBelow: '95' });
    expect(replayBand([])).toEqual({});
  });
});
