import { z } from 'zod';

/** Limits shared by server and client so both refuse the same input. */
export const LIMITS = {
  passwordMinLength: 8,
  passwordMaxLength: 64,
  emailMaxLength: 254,
  codeLength: 6,
  pageSizeMax: 100,
} as const;

/**
 * Control characters (C0 but tab and line feed in multi-line text, DEL, C1): never part of what a person types,
 * and PostgreSQL refuses a NUL in text. Every free-text field of the contract is built by `freeText`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
export const hasControlChars = (v: string, multiline = false) => (multiline ? CONTROL_MULTILINE : CONTROL).test(v);

/** Free text a person types: trimmed, `min`–`max` characters, no control characters (field reason `invalid`). */
export function freeText(max: number, opts: { min?: number; multiline?: boolean } = {}) {
  return z
    .string()
    .trim()
    .min(opts.min ?? 0)
    .max(max)
    .refine((v) => !hasControlChars(v, opts.multiline), { message: 'invalid' });
}

export const Email = z.string().trim().toLowerCase().max(LIMITS.emailMaxLength).pipe(z.email());
/** Country calling code without the plus, e.g. "86", "1", "44". */
export const AreaCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().regex(/^[1-9]\d{0,3}$/));
/** National number, digits only (spaces and dashes are stripped). */
export const Mobile = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{4,15}$/));
export const Password = z.string().min(LIMITS.passwordMinLength).max(LIMITS.passwordMaxLength);
export const VerificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
export const InviteCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/);

export const IdentityType = z.enum(['email', 'mobile']);
export type IdentityType = z.infer<typeof IdentityType>;

export const AccountMode = z.enum(['real', 'demo']);
export type AccountMode = z.infer<typeof AccountMode>;

/** Optional string fields arrive as "" from forms: treat blank as absent. */
export function optionalBlank<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
}

export const Page = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * A point in time as epoch milliseconds (UTC), the one schema for every such field (`createdAt`, `expiresAt`,
 * `ts`, `now`): the type says the unit, as `…Ms` does for a duration (`remainingMs`).
 */
export const EpochMs = z.number().int().nonnegative();
export type EpochMs = z.infer<typeof EpochMs>;

/** A user as others see them: the public uid and a masked login (there is no free-form nickname). */
export const PublicUser = z.object({ uid: z.number().int(), nickname: z.string() });
export type PublicUser = z.infer<typeof PublicUser>;
