import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline, one deadline per key (a code's recipient: the server's resend wait is per
 * recipient); 0 when none is running for that key. Wall-clock based, so a throttled tab stays right.
 */
export function useCountdown() {
  const [endsAtMs, setEndsAtMs] = useState<Readonly<Record<string, number>>>({});
  const [nowMs, setNowMs] = useState(() => Date.now());
  const lastEnd = Math.max(0, ...Object.values(endsAtMs));

  useEffect(() => {
    if (lastEnd <= Date.now()) return;
    const id = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= lastEnd) setEndsAtMs({});
    }, 250);
    return () => clearInterval(id);
  }, [lastEnd]);

  const start = useCallback((key: string, seconds: number) => {
    const now = Date.now();
    setNowMs(now);
    setEndsAtMs((ends) => ({ ...ends, [key]: now + seconds * 1000 }));
  }, []);

  const remainingSec = (key: string) => {
    const end = endsAtMs[key];
    return end === undefined ? 0 : Math.max(0, Math.ceil((end - nowMs) / 1000));
  };
  return { remainingSec, start };
}
