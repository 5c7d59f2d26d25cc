// Arabic: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/ar.json';
export { default as antd } from 'antd-mobile/es/locales/ar-SA';
