/**
 * Whether an element is on screen (or within a margin of it), for work that only matters while it is seen: a
 * market row follows its live ticker only then (a list of 20 rows at 10 frames a second kept a phone's main thread
 * busy re-rendering rows nobody could see). One IntersectionObserver for all elements; where there is none (tests'
 * DOM, old browsers) everything counts as seen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const MARGIN = '160px 0px';
const watchers = new WeakMap<Element, (seen: boolean) => void>();
let observer: IntersectionObserver | null = null;

function shared(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/** A ref callback for the element, and whether it is on screen now (false until first observed). */
export function useInView<T extends Element>(): [(el: T | null) => void, boolean] {
  const [seen, setSeen] = useState(() => shared() === null);
  const current = useRef<T | null>(null);
  const ref = useCallback((el: T | null) => {
    const io = shared();
    if (!io) return;
    if (current.current) {
      io.unobserve(current.current);
      watchers.delete(current.current);
    }
    current.current = el;
    if (el) {
      watchers.set(el, setSeen);
      io.observe(el);
    }
  }, []);
  useEffect(
    () => () => {
      const el = current.current;
      if (el) {
        observer?.unobserve(el);
        watchers.delete(el);
      }
    },
    [],
  );
  return [ref, seen];
}
