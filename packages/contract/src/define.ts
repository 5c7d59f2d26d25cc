import type { z } from 'zod';

/** Who may make a call: anyone, a signed-in user (TOKEN header) or a signed-in operator (ADMIN-TOKEN header). */
export type CallAuth = 'none' | 'user' | 'operator';

/**
 * Every /api call: its path (exactly as in the spec, case included), whether it only reads (then GET with query
 * parameters works as well as POST), who may make it, and the schemas of its body and of `data`.
 */
export interface ApiDef<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  readonly read: boolean;
  readonly auth: CallAuth;
  readonly body: B;
  readonly data: D;
}

/** `auth`: true is a user's session, 'operator' an operator's, false nobody's. */
export function def<B extends z.ZodType, D extends z.ZodType>(
  read: boolean,
  auth: boolean | 'operator',
  body: B,
  data: D,
): ApiDef<B, D> {
  return { read, auth: auth === 'operator' ? 'operator' : auth ? 'user' : 'none', body, data };
}
