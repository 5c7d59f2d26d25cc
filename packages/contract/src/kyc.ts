import { z } from 'zod';
import { EpochMs, freeText } from './common.js';
import { def } from './define.js';
import { UploadName } from './funding.js';

/** Identity verification (spec §2 Advanced verification, §4): basic, then advanced. */
export const VerificationLevel = z.enum(['basic', 'advanced']);
export type VerificationLevel = z.infer<typeof VerificationLevel>;
/** Spec §4: under review, verified, unverified; plus rejected (with a reason) after a failed review. */
export const VerificationStatus = z.enum(['unverified', 'review', 'verified', 'rejected']);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

export const CountryListData = z.object({
  list: z.array(z.object({ code: z.string(), name: z.string(), areaCode: z.string() })),
});
export type CountryListData = z.infer<typeof CountryListData>;

/** Basic: country, name, ID number. Advanced (after basic is verified): also address, city, both ID photos. */
export const SubmitVerificationBody = z
  .object({
    level: VerificationLevel,
    /** ISO 3166-1 alpha-2, from `getCountryList`. */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
    name: freeText(100, { min: 1 }),
    idNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,32}$/),
    address: freeText(200).optional(),
    city: freeText(100).optional(),
    frontImage: UploadName.optional(),
    backImage: UploadName.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.level !== 'advanced') return;
    for (const field of ['address', 'city', 'frontImage', 'backImage'] as const) {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    }
  });
export type SubmitVerificationBody = z.infer<typeof SubmitVerificationBody>;

export const VerificationState = z.object({
  status: VerificationStatus,
  /** Why the last review failed. */
  reason: z.string().nullable(),
  country: z.string().nullable(),
  name: z.string().nullable(),
  /** Masked to its last four characters. */
  idNumber: z.string().nullable(),
  submittedAt: EpochMs.nullable(),
  reviewedAt: EpochMs.nullable(),
});
export type VerificationState = z.infer<typeof VerificationState>;

export const UserVerificationData = z.object({
  basic: VerificationState,
  advanced: VerificationState,
  /** What withdrawals need (basic verified). */
  verified: z.boolean(),
});
export type UserVerificationData = z.infer<typeof UserVerificationData>;

export const kycApi = {
  'user_verification/getCountryList': def(true, true, z.object({}).passthrough(), CountryListData),
  'user_verification/submitIdentityVerification': def(false, true, SubmitVerificationBody, UserVerificationData),
  'user_verification/getUserVerification': def(true, true, z.object({}).passthrough(), UserVerificationData),
} as const;
