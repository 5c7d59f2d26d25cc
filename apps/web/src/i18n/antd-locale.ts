/** antd-mobile's own texts (pickers, dialogs) follow the app language; each pack is loaded on demand. */
import type { Lang } from '@nexa/contract';
import type { Locale } from 'antd-mobile/es/locales/base';
import { useSyncExternalStore } from 'react';

type Loader = () => Promise<{ default: Locale }>;

// antd-mobile ships a pack for every one of our 13 languages (pt: pt-BR is the closest it has).
const loaders: Record<Lang, Loader> = {
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  en: () => import('antd-mobile/es/locales/en-US'),
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  sp: () => import('antd-mobile/es/locales/es-ES'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  pe: () => import('antd-mobile/es/locales/fa-IR'),
};

let current: Locale | null = null;
const listeners = new Set<() => void>();

export async function loadAntdLocale(lang: Lang): Promise<Locale> {
  return (await loaders[lang]()).default;
}

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
