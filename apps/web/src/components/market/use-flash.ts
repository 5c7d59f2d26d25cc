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
 * Tints the element green or red for a moment when `price` moves up or down. Straight on the DOM, so a tick costs
 * no extra React render, and with no animation: the tint (market.css) is switched on and, `FLASH_MS` after the last
 * move, off. A fading animation cost the live lists half their main-thread time on a throttled phone (each move
 * started a compositor animation; 20 rows at 10 frames a second never had none running). `follow` false (a row off
 * screen) keeps the price without a tint, so the row does not flash when it comes back with a newer one.
 */
export function useFlash<T extends HTMLElement>(price: string | undefined, follow = true) {
  const ref = useRef<T>(null);
  const previous = useRef(price);
  const followed = useRef(follow);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const flash = flashOf(previous.current, price, followed.current && follow);
    previous.current = price;
    followed.current = follow;
    const el = ref.current;
    if (!el || !flash) return;
    el.classList.toggle('flash-up', flash === 'up');
    el.classList.toggle('flash-down', flash === 'down');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => el.classList.remove('flash-up', 'flash-down'), FLASH_MS);
  }, [price, follow]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return ref;
}
