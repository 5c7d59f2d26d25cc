import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANG_KEY, currentLang } from './lib/lang';
import en from './locales/en.json';
import zh from './locales/zh.json';

/** Operators read English or Chinese; the choice is kept in this browser. */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: currentLang(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

/**
 * antd's pickers name months and weekdays through dayjs, in the locale ConfigProvider names (zh_CN → zh-cn): that dayjs
 * locale must be loaded (the import above), or dayjs falls back to English without a word. dayjs's global locale (how
 * the picked values print) follows the console's language too, set before the providers re-render on a change (this
 * listener is bound before react-i18next's).
 */
const dayjsLocale = (lang: string) => (lang === 'zh' ? 'zh-cn' : 'en');
dayjs.locale(dayjsLocale(i18n.language ?? currentLang()));
i18n.on('languageChanged', (lang) => dayjs.locale(dayjsLocale(lang)));

export function setLang(lang: 'en' | 'zh') {
  localStorage.setItem(LANG_KEY, lang);
  void i18n.changeLanguage(lang);
}

export default i18n;
