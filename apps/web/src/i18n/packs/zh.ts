// Simplified Chinese: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/zh.json';
export { default as antd } from 'antd-mobile/es/locales/zh-CN';
