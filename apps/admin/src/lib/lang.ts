/**
 * The console's language, kept in this browser: English or Chinese. Its own module, so `api.ts` (which sends it and
 * words its own failures through i18n) and `i18n.ts` (which starts in it) do not import each other.
 */
export const LANG_KEY = 'nexa.console.lang';

export const currentLang = (): 'en' | 'zh' =>
  typeof localStorage !== 'undefined' && localStorage.getItem(LANG_KEY) === 'zh' ? 'zh' : 'en';
