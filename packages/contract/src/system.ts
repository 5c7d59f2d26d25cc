import { z } from 'zod';
import { LANGS } from './locales.js';

export const Region = z.object({
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** Country name in the caller's language. */
  name: z.string(),
  /** Calling code without the plus. */
  areaCode: z.string(),
});
export type Region = z.infer<typeof Region>;
export const RegionsData = z.object({ list: z.array(Region) });
export type RegionsData = z.infer<typeof RegionsData>;

export const LanguageData = z.object({
  default: z.enum(LANGS),
  list: z.array(z.object({ key: z.enum(LANGS), name: z.string(), rtl: z.boolean() })),
});
export type LanguageData = z.infer<typeof LanguageData>;

export const InviteCodeSwitchData = z.object({ required: z.boolean() });
export type InviteCodeSwitchData = z.infer<typeof InviteCodeSwitchData>;

export const HealthData = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  uptimeSec: z.number(),
});
export type HealthData = z.infer<typeof HealthData>;
