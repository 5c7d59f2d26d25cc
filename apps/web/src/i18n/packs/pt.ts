// Portuguese (antd-mobile has pt-BR only): the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/pt.json';
export { default as antd } from 'antd-mobile/es/locales/pt-BR';
