import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLang } from './lib/api';
import en from './locales/en.json';
import zh from './locales/zh.json';

/** Operators read English or Chinese; the choice is kept in this browser. */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: currentLang(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export function setLang(lang: 'en' | 'zh') {
  localStorage.setItem('nexa.console.lang', lang);
  void i18n.changeLanguage(lang);
}

export default i18n;
