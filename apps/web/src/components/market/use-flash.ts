import { compareDecimal } from '@/lib/decimal';
import { useEffect, useRef } from 'react';

/**
 * Flashes the element green or red when `price` moves up or down. Straight on the DOM, so a tick costs no extra
 * React render; and without reading layout: the animation restarts because each change swaps its name
 * (`flash-again` toggles), where taking the class off and reading `offsetWidth` forced a layout per row per tick.
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
    el.classList.toggle('flash-up', cmp > 0);
    el.classList.toggle('flash-down', cmp < 0);
    el.classList.toggle('flash-again');
  }, [price]);
  return ref;
}
