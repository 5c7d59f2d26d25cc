import { describe, expect, it } from 'vitest';
import { TintClock, flashOf } from './use-flash';

describe('flashOf', () => {
  it('tints the way the price moved, compared as decimals', () => {
    expect(flashOf('100.5', '100.6', true)).toBe('up');
    expect(flashOf('100.5', '99.99', true)).toBe('down');
    expect(flashOf('9.9', '10.1', true)).toBe('up');
    expect(flashOf('0.00001234', '0.00001233', true)).toBe('down');
  });

  it('shows nothing without a move: no price before, the same price, the same number written otherwise', () => {
    expect(flashOf(undefined, '1', true)).toBeNull();
    expect(flashOf('1', undefined, true)).toBeNull();
    expect(flashOf('1.5', '1.5', true)).toBeNull();
    expect(flashOf('1.50', '1.5', true)).toBeNull();
  });

  it('shows nothing for a catch-up: the element was not following when the price changed', () => {
    expect(flashOf('100', '120', false)).toBeNull();
    expect(flashOf('100', '80', false)).toBeNull();
  });
});

describe('TintClock', () => {
  /** A hand-driven clock: `advance` runs each timer that falls due, in order. */
  function rig(ms = 600) {
    let now = 0;
    const timers: { at: number; run: () => void }[] = [];
    const off: string[] = [];
    const clock = new TintClock<string>(
      (el) => off.push(`${el}@${now}`),
      ms,
      () => now,
      (run, wait) => timers.push({ at: now + wait, run }),
    );
    const advance = (to: number) => {
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > to) break;
        timers.shift();
        now = due.at;
        due.run();
      }
      now = to;
    };
    return { clock, off, timers, advance };
  }

  it('switches a tint off its time after the last move, not after the first', () => {
    const { clock, off, advance } = rig();
    clock.light('btc');
    advance(300);
    clock.light('btc');
    advance(899);
    expect(off).toEqual([]);
    advance(900);
    expect(off).toEqual(['btc@900']);
    advance(5_000);
    expect(off).toEqual(['btc@900']);
  });

  it('takes one timer for a batch of moves, and goes off together with those lit a moment apart', () => {
    const { clock, off, timers, advance } = rig();
    for (const [i, row] of ['a', 'b', 'c', 'd'].entries()) {
      advance(i * 3);
      clock.light(row);
    }
    expect(timers).toHaveLength(1);
    advance(600);
    expect(off).toEqual(['a@600', 'b@600', 'c@600', 'd@600']);
  });

  it('keeps each row on its own time across batches, with one timer waiting at a time', () => {
    const { clock, off, timers, advance } = rig();
    clock.light('a');
    advance(100);
    clock.light('b');
    expect(timers).toHaveLength(1);
    advance(600);
    expect(off).toEqual(['a@600']);
    expect(timers).toHaveLength(1);
    advance(700);
    expect(off).toEqual(['a@600', 'b@700']);
    expect(timers).toHaveLength(0);
  });

  it('does nothing more to an element that is gone', () => {
    const { clock, off, advance } = rig();
    clock.light('gone');
    clock.light('kept');
    clock.forget('gone');
    advance(1_000);
    expect(off).toEqual(['kept@600']);
  });
});
