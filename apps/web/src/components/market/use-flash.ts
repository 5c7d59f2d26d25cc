import { compareDecimal } from '@/lib/decimal';
import { useEffect, useRef } from 'react';

/** How long a move's tint stays on the price. */
const FLASH_MS = 600;

/**
 * Tints the element green or red for a moment when `price` moves up or down. Straight on the DOM, so a tick costs
 * no extra React render, and with no animation: the tint (market.css) is switched on and, `FLASH_MS` after the last
 * move, off. A fading animation cost the live lists half their main-thread time on a throttled phone (each move
 * started a compositor animation; 20 rows at 10 frames a second never had none running).
 */
export function useFlash<T extends HTMLElement>(price: string | undefined) {
  const ref = useRef<T>(null);
  const previous = useRef(price);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    const el = ref.current;
    if (!el || before === undefined || price === undefined || before === price) return;
    const cmp = compareDecimal(price, before);
    if (cmp === 0) return;
    el.classList.toggle('flash-up', cmp > 0);
    el.classList.toggle('flash-down', cmp < 0);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => el.classList.remove('flash-up', 'flash-down'), FLASH_MS);
  }, [price]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return ref;
}
