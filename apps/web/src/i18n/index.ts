/**
 * i18next with the 13 locales of the spec. Only the active locale is downloaded (each is its own chunk), so the
 * first route stays small; a locale that fails to load falls back to English.
 */
import { DEFAULT_LANG, LANG_BCP47, type Lang, RTL_LANGS } from '@nexa/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale, setAntdLocale } from './antd-locale';

type Messages = Record<string, unknown>;

const messageLoaders = import.meta.glob<Messages>('./locales/*.json', { import: 'default' });

async function loadMessages(lang: Lang): Promise<Messages> {
  const load = messageLoaders[`./locales/${lang}.json`];
  if (!load) throw new Error(`No locale file for ${lang}`);
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
  // The texts and antd-mobile's pack download side by side, with i18next's set-up (one round trip, not three).
  const antdPack = (l: Lang) => loadAntdLocale(l).catch(() => null);
  const wanted = Promise.all([loadMessages(lang), antdPack(lang)]);
  const ready = init();
  let applied = lang;
  let messages: Messages;
  let antdLocale: Awaited<ReturnType<typeof antdPack>>;
  try {
    [messages, antdLocale] = await wanted;
  } catch (error) {
    if (lang === DEFAULT_LANG) throw error;
    console.error(`[i18n] could not load ${lang}, falling back to ${DEFAULT_LANG}`, error);
    applied = DEFAULT_LANG;
    [messages, antdLocale] = await Promise.all([loadMessages(DEFAULT_LANG), antdPack(DEFAULT_LANG)]);
  }
  await ready;
  i18n.addResourceBundle(applied, 'translation', messages, true, true);
  await i18n.changeLanguage(applied);
  if (antdLocale) setAntdLocale(antdLocale);
  applyDocumentLanguage(applied);
  return applied;
}

export { i18n };
