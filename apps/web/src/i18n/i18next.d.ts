import 'i18next';
import type en from './locales/en.json';

// Keys are checked against the English file at compile time; locales.test.ts checks every other file has them.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
