/** Display formatting. Dates are year-month-day hours:minutes (spec §9); amounts are decimal strings, never numbers. */
import { Money } from '@nexa/rules';

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** `2024-05-01 13:07` (or with `:09` seconds), in the device's time zone. */
export function formatDateTime(epochMs: number, withSeconds = false): string {
  const d = new Date(epochMs);
  const date = `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  const time = `${pad2(d.getHours())}:${pad2(d.getMinutes())}${withSeconds ? `:${pad2(d.getSeconds())}` : ''}`;
  return `${date} ${time}`;
}

/**
 * When a record happened (a deposit, a withdrawal, an account change, a transfer, a conversion, an order): to the
 * second in every record list, so two records of the same minute can be told apart and the lists read alike.
 */
export function formatRecordTime(epochMs: number): string {
  return formatDateTime(epochMs, true);
}

export function formatDate(epochMs: number): string {
  return formatDateTime(epochMs).slice(0, 10);
}

/** A picked range of days, `2024-05-01 ~ 2024-05-31` (a record list's date filter). */
export function formatDateRange([first, last]: readonly [Date, Date]): string {
  return `${formatDate(first.getTime())} ~ ${formatDate(last.getTime())}`;
}

/**
 * A decimal string rounded half-up to `decimals` places (2 by default, spec §9), with thousands separators.
 * Rounded by the platform's decimal (@nexa/rules), so no precision is lost to floating point.
 */
export function formatAmount(value: string, decimals = 2, group = true): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const sign = match[1] === '-' ? '-' : '';
  // "", "5." and ".5" are what a field may hold mid-typing: read as 0, 5 and 0.5.
  const rounded = new Money(`${match[2] || '0'}.${match[3] || '0'}`).toFixed(decimals, Money.ROUND_HALF_UP);
  const [intPart = '0', fracPart = ''] = rounded.split('.');
  const grouped = group ? intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : intPart;
  const isZero = /^[0,]*$/.test(grouped) && /^0*$/.test(fracPart);
  return `${isZero ? '' : sign}${grouped}${decimals > 0 ? `.${fracPart}` : ''}`;
}

/** A decimal string with its own number of decimals (as the server scaled it), with thousands separators. */
export function formatDecimal(value: string): string {
  const decimals = /\.(\d+)$/.exec(value.trim())?.[1]?.length ?? 0;
  return formatAmount(value, decimals);
}

/** A signed change: `+2,500.00`, `-2,500.00`, `0.00` (zero has no sign). */
export function formatSigned(value: string): string {
  const text = formatDecimal(value);
  if (text.startsWith('-') || /^[0.,]*$/.test(text)) return text;
  return `+${text}`;
}

/** `+86 13800138000`. */
export function formatPhone(areaCode: string | null | undefined, mobile: string | null | undefined): string {
  if (!mobile) return '';
  return areaCode ? `+${areaCode} ${mobile}` : mobile;
}

/** The name a user is known by in the UI: e-mail, else phone, else UID. */
export function displayIdentity(user: {
  uid: number;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
}): string {
  return user.email || formatPhone(user.areaCode, user.mobile) || `UID ${user.uid}`;
}

/** The letter an avatar shows: the e-mail's first letter; none for a phone number or a bare UID (a digit is no initial). */
export function avatarInitial(user: { email: string | null }): string | null {
  const first = user.email?.trim().charAt(0) ?? '';
  return /\p{L}/u.test(first) ? first.toLocaleUpperCase() : null;
}

/**
 * Text kept left to right inside a sentence of any direction (Unicode isolates): a date or an amount
 * interpolated into an Arabic or Persian message keeps its order.
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** Text a user typed (a plan's title), kept whole in a sentence: its own first letter sets its direction. */
export function isolateText(text: string): string {
  return `\u2068${text}\u2069`;
}
