import { DEFAULT_LANG, type FieldError, type Lang, isLang } from '@nexa/contract';
import type { MessageKey } from './en.js';
import { catalogues } from './index.js';

export function pickLang(header: unknown, fallback: Lang = DEFAULT_LANG): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  return isLang(value) ? value : fallback;
}

export function t(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogues[lang][key] ?? catalogues.en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The sentence for the first refused field, e.g. "Please enter e-mail"; `data.fields` lists them all. `scope` (the
 * call's path) picks a call's own label when it has one (`label.index/tbSubmit.amount`: "withdrawal amount").
 */
export function fieldMessage(lang: Lang, field: FieldError, scope?: string): string {
  // A field may have its own sentence for a reason, e.g. "Please select a currency" for a choice, or "The name must be
  // that of your verified basic identity" for an advanced verification's name.
  const specific = `field.${field.reason}.${field.field}`;
  if (specific in catalogues.en) return t(lang, specific as MessageKey);
  if (field.reason === 'mismatch') return t(lang, 'field.mismatch');
  const scoped = `label.${scope}.${field.field}`;
  const labelKey = (scope && scoped in catalogues.en ? scoped : `label.${field.field}`) as MessageKey;
  const label = labelKey in catalogues.en ? t(lang, labelKey) : field.field;
  return sentence(t(lang, `field.${field.reason}`, { field: label }));
}

/**
 * A sentence begins with a capital: labels are written to sit inside one ("Please enter {field}"), so a template
 * that starts with the label ("{field} is not valid") read "mobile number is not valid" in a toast. Scripts without
 * case are unchanged.
 */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
