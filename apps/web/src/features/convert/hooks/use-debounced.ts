import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delayMs` (typing "1234" asks for one quote, not four). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}
