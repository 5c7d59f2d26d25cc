import i18n from '../i18n';

/** The console's language as a date locale: Chinese dates in Chinese, whatever the browser's own language. */
const dateLocale = () => (i18n.language === 'zh' ? 'zh-CN' : 'en-US');

/** Dates in the console's language, in the browser's time zone; ages in the largest whole unit. */
export const dateTime = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleString(dateLocale()) : '—');

export function age(ms: number | null | undefined, now = Date.now()): string {
  if (!ms) return '—';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 90) return `${s}s`;
  const m = Math.round(s / 60);
  if (m < 90) return `${m}m`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.round(h / 24)}d`;
}

/** Amounts stay strings: only trailing zeros of the decimals are dropped for reading. */
export const amount = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);
