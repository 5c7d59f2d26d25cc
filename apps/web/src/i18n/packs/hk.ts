// Traditional Chinese (Hong Kong): the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/hk.json';
import pack from 'antd-mobile/es/locales/zh-HK';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's Traditional Chinese (Hong Kong) pack with the texts it leaves in English filled in (locales.test.ts checks). */
export const antd = mergeLocale(pack, {
  Calendar: {
    title: '日期選擇',
    confirm: '確認',
    start: '開始',
    end: '結束',
    startAndEnd: '開始/結束',
    today: '今日',
  },
  DatePicker: {
    tillNow: '至今',
  },
  ImageUploader: {
    upload: '上載',
  },
  InfiniteScroll: {
    failedToLoad: '載入失敗',
    retry: '重新載入',
  },
  Input: {
    clear: '清除',
  },
  PasscodeInput: {
    name: '密碼輸入框',
  },
  SearchBar: {
    name: '搜尋框',
  },
  Slider: {
    name: '滑動輸入條',
  },
  Stepper: {
    decrease: '減少',
    increase: '增加',
  },
  Switch: {
    name: '開關',
  },
  Selector: {
    name: '選擇組',
  },
});
