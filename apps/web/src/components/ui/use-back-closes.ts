import { useEffect, useRef } from 'react';

/** The key a sheet's own history entry carries (beside the router's `idx`, `key` and `usr`, which it copies). */
const MARK = 'nexaSheet';
/** Unique across reloads: an entry left from before one must never pass for a sheet open now. */
const prefix = Math.random().toString(36).slice(2, 8);
let opened = 0;
/** The sheets open now, by their entry's mark. */
const open = new Set<string>();

const markOf = (): unknown => (window.history.state as Record<string, unknown> | null)?.[MARK];

if (typeof window !== 'undefined') {
  // Back onto the entry of a sheet that is no longer open (it closed in the same tap as a navigation, which put the
  // next page on top of its entry, or before a reload): that entry shows the page as it is, so Back goes on past it
  // instead of seeming to do nothing.
  window.addEventListener('popstate', () => {
    const mark = markOf();
    if (typeof mark === 'string' && !open.has(mark)) window.history.back();
  });
}

/**
 * The phone's Back closes an open sheet instead of leaving the page under it. While `isOpen`, the sheet has a history
 * entry of its own on top of the page's (the same URL, the router's state copied, so the router sees the same
 * place): Back pops it and `close` runs. A sheet closed another way (its buttons, the mask, a confirm) takes its
 * entry off again if it is still on top; under a page a navigation put there, it is skipped on the way back.
 * Sheets opened over sheets stack their entries. While `hold` (a call of the sheet's on its way), Back leaves it open.
 */
export function useBackCloses(isOpen: boolean, close: () => void, hold = false): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  const holdRef = useRef(hold);
  holdRef.current = hold;
  useEffect(() => {
    if (!isOpen) return;
    const id = `${prefix}-${++opened}`;
    const push = () => window.history.pushState({ ...((window.history.state as object | null) ?? {}), [MARK]: id }, '');
    open.add(id);
    push();
    let popped = false;
    const onPop = () => {
      // Back from a sheet opened over this one lands on this one's entry: it stays open.
      if (markOf() === id) return;
      // Held (a call of the sheet's on its way): it stays, with its entry back on top.
      if (holdRef.current) return push();
      popped = true;
      open.delete(id);
      window.removeEventListener('popstate', onPop);
      closeRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      open.delete(id);
      window.removeEventListener('popstate', onPop);
      if (popped) return;
      // After this render: a navigation in the same tap has put its own entry on top by then (and React's
      // development double effect its second one), and the sheet's entry stays under it, to be skipped.
      setTimeout(() => {
        if (markOf() === id) window.history.back();
      }, 0);
    };
  }, [isOpen]);
}
