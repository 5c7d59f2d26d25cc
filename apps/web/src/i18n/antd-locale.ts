/** antd-mobile's own texts (pickers, dialogs) follow the app language; ../index.ts loads them with its pack. */
import type { Locale } from 'antd-mobile/es/locales/base';
import { useSyncExternalStore } from 'react';

let current: Locale | null = null;
const listeners = new Set<() => void>();

export function setAntdLocale(locale: Locale): void {
  current = locale;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active antd-mobile locale, or null before the first one is loaded. */
export function useAntdLocale(): Locale | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
