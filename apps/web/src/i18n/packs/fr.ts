// French: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/fr.json';
export { default as antd } from 'antd-mobile/es/locales/fr-FR';
