import { useCallback, useRef, useState } from 'react';

/**
 * Runs an async action at most once at a time: a second tap while the first is in flight does nothing
 * (no double submit), and `running` drives the button's loading state.
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (...args: A) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setRunning(true);
      try {
        await action(...args);
      } finally {
        inFlight.current = false;
        setRunning(false);
      }
    },
    [action],
  );
  return { run, running };
}
