import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until a deadline; 0 when none is running. Wall-clock based, so a throttled tab stays right. */
export function useCountdown() {
  const [endsAtMs, setEndsAtMs] = useState<number | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());

  useEffect(() => {
    if (endsAtMs === null) return;
    const id = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= endsAtMs) setEndsAtMs(null);
    }, 250);
    return () => clearInterval(id);
  }, [endsAtMs]);

  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setNowMs(now);
    setEndsAtMs(now + seconds * 1000);
  }, []);

  const remainingSec = endsAtMs === null ? 0 : Math.max(0, Math.ceil((endsAtMs - nowMs) / 1000));
  return { remainingSec, start };
}
