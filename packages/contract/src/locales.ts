/** The 13 interface locales of the spec, in the spec's order. Keys are the spec's, not BCP 47. */
export const LANGS = ['zh', 'en', 'hk', 'de', 'fr', 'kr', 'jp', 'ar', 'ru', 'sp', 'it', 'pt', 'pe'] as const;
export type Lang = (typeof LANGS)[number];

export const DEFAULT_LANG: Lang = 'en';

/** Right-to-left scripts. `pe` is Persian (see docs/decisions.md). */
export const RTL_LANGS: readonly Lang[] = ['ar', 'pe'];

/** Each locale's own name for itself, shown in the language picker. */
export const LANG_NAMES: Record<Lang, string> = {
  zh: '简体中文',
  en: 'English',
  hk: '繁體中文',
  de: 'Deutsch',
  fr: 'Français',
  kr: '한국어',
  jp: '日本語',
  ar: 'العربية',
  ru: 'Русский',
  sp: 'Español',
  it: 'Italiano',
  pt: 'Português',
  pe: 'فارسی',
};

/** BCP 47 tag for Intl APIs (dates, numbers, region names). */
export const LANG_BCP47: Record<Lang, string> = {
  zh: 'zh-CN',
  en: 'en',
  hk: 'zh-HK',
  de: 'de',
  fr: 'fr',
  kr: 'ko',
  jp: 'ja',
  ar: 'ar',
  ru: 'ru',
  sp: 'es',
  it: 'it',
  pt: 'pt',
  pe: 'fa',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
