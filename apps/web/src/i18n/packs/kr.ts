// Korean: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/kr.json';
import pack from 'antd-mobile/es/locales/ko-KR';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's Korean pack with the texts it leaves in English filled in (locales.test.ts checks). */
export const antd = mergeLocale(pack, {
  Calendar: {
    title: '날짜 선택',
    confirm: '확인',
    start: '시작',
    end: '종료',
    startAndEnd: '시작/종료',
    today: '오늘',
  },
  Selector: {
    name: '선택기',
  },
});
