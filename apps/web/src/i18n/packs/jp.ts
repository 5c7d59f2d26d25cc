// Japanese: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/jp.json';
import pack from 'antd-mobile/es/locales/ja-JP';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's Japanese pack with the texts it leaves in English filled in (locales.test.ts checks). */
export const antd = mergeLocale(pack, {
  common: {
    close: '閉じる',
  },
  Calendar: {
    title: '日付を選択',
    confirm: '確認',
    start: '開始',
    end: '終了',
    startAndEnd: '開始/終了',
    today: '今日',
  },
  DatePicker: {
    tillNow: '現在まで',
  },
  Selector: {
    name: 'セレクター',
  },
});
