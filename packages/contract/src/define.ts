import type { z } from 'zod';

/**
 * Every /api call: its path (exactly as in the spec, case included), whether it only reads (then GET with query
 * parameters works as well as POST), whether it needs a session, and the schemas of its body and of `data`.
 */
export interface ApiDef<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  readonly read: boolean;
  readonly auth: boolean;
  readonly body: B;
  readonly data: D;
}

export function def<B extends z.ZodType, D extends z.ZodType>(
  read: boolean,
  auth: boolean,
  body: B,
  data: D,
): ApiDef<B, D> {
  return { read, auth, body, data };
}
