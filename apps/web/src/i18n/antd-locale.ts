/** antd-mobile's own texts (pickers, dialogs) follow the app language; ../index.ts loads them with its pack. */
import { type Locale, base } from 'antd-mobile/es/locales/base';
import { useSyncExternalStore } from 'react';

// antd-mobile's English texts until a pack is loaded (its own default is Chinese); the base every pack builds on, so
// it ships with the first route rather than as a chunk of its own.
let current: Locale = base;
const listeners = new Set<() => void>();

export function setAntdLocale(locale: Locale): void {
  current = locale;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active antd-mobile locale (English texts before the first pack is loaded). */
export function useAntdLocale(): Locale {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
