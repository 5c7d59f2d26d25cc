import type { FieldError, FieldReason } from '@nexa/contract';
import type { z } from 'zod';

/** Turns zod issues into the contract's field errors, one per field, first issue wins. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldError[] {
  const out = new Map<string, FieldReason>();
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    if (out.has(field)) continue;
    out.set(field, reasonOf(issue, valueAt(input, issue.path)));
  }
  return [...out].map(([field, reason]) => ({ field, reason }));
}

function reasonOf(issue: z.core.$ZodIssue, value: unknown): FieldReason {
  if (issue.code === 'custom' && (issue.message === 'required' || issue.message === 'mismatch')) {
    return issue.message;
  }
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'required';
  if (issue.code === 'too_small' && issue.origin === 'string') return 'tooShort';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'tooLong';
  return 'invalid';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}
