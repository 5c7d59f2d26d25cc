import { compareDecimal } from '@/lib/decimal';
import { useEffect, useRef } from 'react';

/** How long a move's tint stays on the price. */
const FLASH_MS = 600;

export type Flash = 'up' | 'down' | null;

/**
 * The tint a new price shows: the way it moved from the one before, and none when there was no price before, it
 * did not move, or the element was not following (an off-screen row catching up when scrolled to: that is not a move
 * the user saw happen).
 */
export function flashOf(before: string | undefined, price: string | undefined, followed: boolean): Flash {
  if (!followed || before === undefined || price === undefined || before === price) return null;
  const cmp = compareDecimal(price, before);
  return cmp > 0 ? 'up' : cmp < 0 ? 'down' : null;
}

/**
 * Switches tints off on one clock: every tinted element's end is kept here and one timer at a time sweeps off those
 * that are due, so a batch of moves (20 rows every 100 ms) costs one timer, not a `clearTimeout` and a `setTimeout`
 * per row and move. In Lighthouse's trace of the home those two calls were about 40 % of a tick batch's task (its
 * tracing records a stack for each timer). Ends due within `slackMs` of a sweep go off with it: the rows of one batch
 * were lit a few milliseconds apart and go off together.
 */
export class TintClock<E> {
  private readonly ends = new Map<E, number>();
  private pending = false;

  constructor(
    private readonly off: (el: E) => void,
    private readonly ms: number,
    private readonly now: () => number = () => performance.now(),
    private readonly schedule: (run: () => void, ms: number) => void = (run, ms) => setTimeout(run, ms),
    private readonly slackMs = 16,
  ) {}

  /** The element's tint goes off `ms` after this, its last move. */
  light(el: E) {
    this.ends.set(el, this.now() + this.ms);
    if (!this.pending) this.wake(this.ms);
  }

  /** The element is gone: nothing more is done to it. */
  forget(el: E) {
    this.ends.delete(el);
  }

  private wake(ms: number) {
    this.pending = true;
    this.schedule(this.sweep, ms);
  }

  private readonly sweep = () => {
    this.pending = false;
    const now = this.now();
    let next = Number.POSITIVE_INFINITY;
    for (const [el, end] of this.ends) {
      if (end <= now + this.slackMs) {
        this.ends.delete(el);
        this.off(el);
      } else next = Math.min(next, end);
    }
    if (next !== Number.POSITIVE_INFINITY) this.wake(next - now);
  };
}

const tints = new TintClock<HTMLElement>((el) => el.classList.remove('flash-up', 'flash-down'), FLASH_MS);

/**
 * Tints the element green or red for a moment when `price` moves up or down. Straight on the DOM, so a tick costs
 * no extra React render, and with no animation: the tint (market.css) is switched on and, `FLASH_MS` after the last
 * move, off (`TintClock`). A fading animation cost the live lists half their main-thread time on a throttled phone
 * (each move started a compositor animation; 20 rows at 10 frames a second never had none running). `follow` false
 * (a row off screen) keeps the price without a tint, so the row does not flash when it comes back with a newer one.
 */
export function useFlash<T extends HTMLElement>(price: string | undefined, follow = true) {
  const ref = useRef<T>(null);
  const previous = useRef(price);
  const followed = useRef(follow);
  useEffect(() => {
    const flash = flashOf(previous.current, price, followed.current && follow);
    previous.current = price;
    followed.current = follow;
    const el = ref.current;
    if (!el || !flash) return;
    el.classList.toggle('flash-up', flash === 'up');
    el.classList.toggle('flash-down', flash === 'down');
    tints.light(el);
  }, [price, follow]);
  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el) tints.forget(el);
    };
  }, []);
  return ref;
}
