import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './async';

/**
 * False until `ready` has been true for one painted frame, then true for good: for a part of a screen that may
 * render after the screen's largest paint (the home page's market rankings after its banner), so that paint does
 * not wait for it. The part then renders in a transition (in slices that leave the browser free to respond).
 */
export function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [ready, painted]);
  return painted;
}
