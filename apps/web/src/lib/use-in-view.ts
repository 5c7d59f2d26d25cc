/**
 * Whether an element is on screen (or within a margin of it), for work that only matters while it is seen: a
 * market row follows its live ticker only then (a list of 20 rows at 10 frames a second kept a phone's main thread
 * busy re-rendering rows nobody could see). One IntersectionObserver for all elements; where there is none (tests'
 * DOM, old browsers) everything counts as seen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const MARGIN = '160px 0px';

type Observer = Pick<IntersectionObserver, 'observe' | 'unobserve'>;
type MakeObserver = (
  onEntries: (entries: readonly { target: Element; isIntersecting: boolean }[]) => void,
) => Observer | null;

/**
 * Elements watched through one observer, made on first use (`make` answers null where there is none). Each element
 * has one watcher; watching it again replaces the watcher.
 */
export class ViewWatch {
  private readonly watchers = new WeakMap<Element, (seen: boolean) => void>();
  private observer: Observer | null | undefined;

  constructor(private readonly make: MakeObserver) {}

  /** False where there is no observer: then nothing is watched and everything counts as seen. */
  get available(): boolean {
    return this.shared() !== null;
  }

  /** Calls `onChange` as the element comes into view and leaves it; returns the end of the watch. */
  watch(el: Element, onChange: (seen: boolean) => void): () => void {
    const io = this.shared();
    if (!io) return () => {};
    this.watchers.set(el, onChange);
    io.observe(el);
    return () => {
      if (this.watchers.get(el) !== onChange) return;
      this.watchers.delete(el);
      io.unobserve(el);
    };
  }

  private shared(): Observer | null {
    if (this.observer === undefined) {
      this.observer = this.make((entries) => {
        for (const entry of entries) this.watchers.get(entry.target)?.(entry.isIntersecting);
      });
    }
    return this.observer;
  }
}

const views = new ViewWatch((onEntries) =>
  typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver(onEntries, { rootMargin: MARGIN }),
);

/** A ref callback for the element, and whether it is on screen now (false until first observed). */
export function useInView<T extends Element>(): [(el: T | null) => void, boolean] {
  const [seen, setSeen] = useState(() => !views.available);
  const stop = useRef<() => void>(() => {});
  const ref = useCallback((el: T | null) => {
    stop.current();
    stop.current = el ? views.watch(el, setSeen) : () => {};
  }, []);
  useEffect(() => () => stop.current(), []);
  return [ref, seen];
}
