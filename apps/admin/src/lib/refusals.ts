import {
  CONTENT_LIMITS,
  CONTENT_PLACEHOLDERS,
  FieldReason,
  hasControlChars,
  markdownProblem,
  placeholdersOf,
} from '@nexa/contract';
import { MAX_CONTRACT_SIZE, MAX_DELIVERY_YIELD, MAX_FEE_RATE, MAX_PERIOD_SECONDS, MAX_STAKE_LIMIT } from '@nexa/rules';
import type { TFunction } from 'i18next';
import { amount } from './format';

/**
 * What a refused field must be, in the operator's language. The server names the field and one of the contract's
 * `FieldReason`s (its envelope's `msg` is one sentence for the whole call); the screens say the reason, and where
 * they know the field's rule, the rule itself, rather than "check this value".
 */

/** The i18n key naming a field reason; an unknown reason is the generic refusal. */
export const reasonKey = (reason: string) =>
  (FieldReason as readonly string[]).includes(reason) ? `fieldReason.${reason}` : 'settings.invalid';

/** Why the server refuses a content text (a title or a body in one language), as the contract's `translations` checks it. */
export type TextProblem =
  | { problem: 'required' }
  | { problem: 'tooLong'; max: number }
  | { problem: 'control' }
  | { problem: 'html' }
  | { problem: 'link' }
  | { problem: 'placeholder'; names: string[] };

/** The first problem the server finds in a content text, in the contract's order; null for a text it accepts. */
export function textProblem(text: string, field: 'title' | 'body'): TextProblem | null {
  const max = field === 'title' ? CONTENT_LIMITS.titleMax : CONTENT_LIMITS.bodyMax;
  if (text.trim() === '') return { problem: 'required' };
  if (text.length > max) return { problem: 'tooLong', max };
  if (hasControlChars(text, field === 'body')) return { problem: 'control' };
  const markdown = markdownProblem(text);
  if (markdown) return { problem: markdown };
  const unknown = placeholdersOf(text).filter((p) => !(CONTENT_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length > 0) return { problem: 'placeholder', names: unknown };
  return null;
}

/** A content text's problem as a sentence: "HTML tags are not allowed…". */
export function textProblemMessage(t: TFunction, p: TextProblem): string {
  if (p.problem === 'tooLong') return t('content.refused.tooLong', { max: p.max });
  if (p.problem === 'placeholder') return t('content.refused.placeholder', { names: p.names.join(', ') });
  return t(`content.refused.${p.problem}`);
}

/**
 * A refused content field (`title.en`, `body.de`, `image`, `link`, `categoryId`): the problem found in the text the
 * operator sent when it is a text, else the field's rule, else the server's reason.
 */
export function contentRefusal(t: TFunction, field: string, reason: string, sent: Record<string, unknown>): string {
  const [name, lang] = field.split('.');
  if ((name === 'title' || name === 'body') && lang) {
    const text = (sent[name] as Record<string, string> | undefined)?.[lang];
    const p = typeof text === 'string' ? textProblem(text, name) : null;
    if (p) return textProblemMessage(t, p);
  }
  if (name === 'image') return t('content.refused.bannerImage');
  if (name === 'link') return t('content.refused.bannerLink');
  return t(reasonKey(reason));
}

/**
 * A refused product field: the delivery periods' `periods.N.seconds|yield|minStake|maxStake` and the perpetual
 * terms' `maxLeverage|contractSize|feeRate`, said with the rule `@nexa/rules` (admin-config) applies.
 */
export function productRefusal(t: TFunction, field: string, reason: string): string {
  const last = field.split('.').pop() ?? '';
  if (reason !== 'invalid') return t(reasonKey(reason));
  switch (last) {
    case 'seconds':
      return t('products.refused.seconds', { days: MAX_PERIOD_SECONDS / 86_400 });
    case 'yield':
      return t('products.refused.yield', { max: MAX_DELIVERY_YIELD });
    case 'minStake':
      return t('products.refused.minStake');
    case 'maxStake':
      return t('products.refused.maxStake', { max: amount(MAX_STAKE_LIMIT) });
    case 'contractSize':
      return t('products.refused.contractSize', { max: amount(MAX_CONTRACT_SIZE) });
    case 'feeRate':
      return t('products.refused.feeRate', { max: MAX_FEE_RATE });
    case 'maxLeverage':
      return t('products.refused.maxLeverage');
    default:
      return t('settings.invalid');
  }
}
