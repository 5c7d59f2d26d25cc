/**
 * i18next with the 13 locales of the spec. Only the active locale is downloaded: one chunk per language with the
 * app's texts and antd-mobile's (./packs/<lang>.ts; antd-mobile's base ships with the first route, and a small
 * helper chunk is shared by all packs), so the first route stays small; a language that fails to load falls back
 * to English. The build preloads the first visit's pack (build/preload-language.ts), and the server swaps in its
 * default language's (platform/web-app.ts).
 */
import { DEFAULT_LANG, LANG_BCP47, type Lang, RTL_LANGS } from '@nexa/contract';
import type { Locale } from 'antd-mobile/es/locales/base';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { warmNumberFormats } from '../lib/intl-warm';
import { setAntdLocale } from './antd-locale';

type Pack = { messages: Record<string, unknown>; antd: Locale };

const packLoaders = import.meta.glob<Pack>('./packs/*.ts');

async function loadPack(lang: Lang): Promise<Pack> {
  const load = packLoaders[`./packs/${lang}.ts`];
  if (!load) throw new Error(`No language pack for ${lang}`);
  return load();
}

let initialised: Promise<unknown> | null = null;

function init() {
  initialised ??= i18n.use(initReactI18next).init({
    resources: {},
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
  });
  return initialised;
}

/** `<html lang dir>`: BCP 47 tag for fonts and screen readers, rtl for Arabic and Persian. */
function applyDocumentLanguage(lang: Lang): void {
  const root = document.documentElement;
  root.lang = LANG_BCP47[lang];
  root.dir = RTL_LANGS.includes(lang) ? 'rtl' : 'ltr';
}

/**
 * Loads `lang` (texts and antd-mobile's pack) and switches to it. Returns the language actually applied:
 * `lang`, or English when `lang` could not be loaded.
 */
export async function applyLanguage(lang: Lang): Promise<Lang> {
  // ICU's number data for the language, opened on another thread while the pack downloads.
  warmNumberFormats(LANG_BCP47[lang]);
  // The pack downloads side by side with i18next's set-up.
  const wanted = loadPack(lang);
  const ready = init();
  let applied = lang;
  let pack: Pack;
  try {
    pack = await wanted;
  } catch (error) {
    if (lang === DEFAULT_LANG) throw error;
    console.error(`[i18n] could not load ${lang}, falling back to ${DEFAULT_LANG}`, error);
    applied = DEFAULT_LANG;
    pack = await loadPack(DEFAULT_LANG);
  }
  await ready;
  i18n.addResourceBundle(applied, 'translation', pack.messages, true, true);
  await i18n.changeLanguage(applied);
  setAntdLocale(pack.antd);
  applyDocumentLanguage(applied);
  return applied;
}

export { i18n };
