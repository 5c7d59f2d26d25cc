// Persian: the app's texts and antd-mobile's, one chunk (loaded by ../index.ts).
export { default as messages } from '../locales/pe.json';
import pack from 'antd-mobile/es/locales/fa-IR';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's Persian pack with the texts it leaves in English filled in (locales.test.ts checks). */
export const antd = mergeLocale(pack, {
  common: {
    loading: 'در حال بارگیری',
    close: 'بستن',
  },
  Calendar: {
    title: 'انتخاب تاریخ',
    confirm: 'تأیید',
    start: 'شروع',
    end: 'پایان',
    startAndEnd: 'شروع/پایان',
    today: 'امروز',
  },
  DatePicker: {
    tillNow: 'تاکنون',
  },
  ImageUploader: {
    upload: 'بارگذاری',
  },
  InfiniteScroll: {
    noMore: 'مورد دیگری نیست',
    failedToLoad: 'بارگیری ناموفق بود',
    retry: 'تلاش دوباره',
  },
  Input: {
    clear: 'پاک کردن',
  },
  PasscodeInput: {
    name: 'ورودی رمز',
  },
  PullToRefresh: {
    pulling: 'برای تازه‌سازی به پایین بکشید',
    canRelease: 'برای تازه‌سازی رها کنید',
    complete: 'تازه‌سازی انجام شد',
  },
  SearchBar: {
    name: 'نوار جستجو',
  },
  Slider: {
    name: 'لغزنده',
  },
  Stepper: {
    decrease: 'کاهش',
    increase: 'افزایش',
  },
  Switch: {
    name: 'کلید',
  },
  Selector: {
    name: 'انتخابگر',
  },
});
