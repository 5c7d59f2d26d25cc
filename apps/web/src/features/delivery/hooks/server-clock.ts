import { useEffect, useState } from 'react';

/**
 * The device clock may be off from the server's by seconds; countdowns run on the server's clock. Each answer
 * that carries the server's time (a created order's createdAt, a countdown's now) refreshes the estimate.
 */
let offsetMs = 0;

/** `serverNow` was read by the server between `sentAt` and `receivedAt` (device clock). */
export function noteServerTime(serverNow: number, sentAt: number, receivedAt: number): void {
  // A slow round trip says little about when the server read its clock: keep the previous estimate.
  if (receivedAt - sentAt > 5_000) return;
  offsetMs = Math.round(serverNow - (sentAt + receivedAt) / 2);
}

export function serverOffsetMs(): number {
  return offsetMs;
}

/** The device time, re-read every `intervalMs` while `active` (a countdown's tick). */
export function useNow(intervalMs = 250, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs, active]);
  return now;
}
