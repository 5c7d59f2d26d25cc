import { compareDecimal } from '@/lib/decimal';
import { useEffect, useRef } from 'react';

/**
 * Flashes the element green or red when `price` moves up or down. Straight on the DOM (a class restarted on
 * each change), so a tick costs no extra React render.
 */
export function useFlash<T extends HTMLElement>(price: string | undefined) {
  const ref = useRef<T>(null);
  const previous = useRef(price);
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    const el = ref.current;
    if (!el || before === undefined || price === undefined || before === price) return;
    const cmp = compareDecimal(price, before);
    if (cmp === 0) return;
    el.classList.remove('flash-up', 'flash-down');
    // Reading layout restarts the animation when the same class comes back.
    void el.offsetWidth;
    el.classList.add(cmp > 0 ? 'flash-up' : 'flash-down');
  }, [price]);
  return ref;
}
