import i18n from '../i18n';

/** The console's language as a date locale: Chinese dates in Chinese, whatever the browser's own language. */
const dateLocale = () => (i18n.language === 'zh' ? 'zh-CN' : 'en-US');

/** Dates in the console's language, in the browser's time zone; ages in the largest whole unit. */
export const dateTime = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleString(dateLocale()) : '—');

/** How long ago `ms` was, in the largest whole unit, with the unit in the console's language ("11m", "11 分钟"). */
export function age(ms: number | null | undefined, now = Date.now()): string {
  if (!ms) return '—';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 90) return i18n.t('age.seconds', { n: s });
  const m = Math.round(s / 60);
  if (m < 90) return i18n.t('age.minutes', { n: m });
  const h = Math.round(m / 60);
  if (h < 48) return i18n.t('age.hours', { n: h });
  return i18n.t('age.days', { n: Math.round(h / 24) });
}

/**
 * Amounts stay strings (no float rounding): trailing zeros of the decimals are dropped and the whole part is grouped
 * by thousands ("1,250.5"), as the user's app writes them. A value that is not a plain decimal is shown as stored.
 */
export function amount(v: string): string {
  const m = /^([+-]?)(\d+)(\.\d*)?$/.exec(v.trim());
  if (!m) return v;
  const [, sign = '', whole = '', dec = ''] = m;
  const decimals = dec.replace(/\.?0+$/, '');
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals === '.' ? '' : decimals}`;
}
