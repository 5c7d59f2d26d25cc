// Korean: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/kr.json';
export { default as antd } from 'antd-mobile/es/locales/ko-KR';
