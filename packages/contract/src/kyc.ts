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

/**
 * Basic: country, name, ID number. Advanced (after basic is verified): address, city and both photos of the same ID
 * document; its country, name and ID number are those of the verified basic identity. An advanced body may omit
 * them (the app does); one that gives them is refused unless they are the basic ones (field reason `mismatch`).
 */
export const SubmitVerificationBody = z
  .object({
    level: VerificationLevel,
    /** ISO 3166-1 alpha-2, from `getCountryList`. */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    name: freeText(100, { min: 1 }).optional(),
    idNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,32}$/)
      .optional(),
    address: freeText(200).optional(),
    city: freeText(100).optional(),
    frontImage: UploadName.optional(),
    /** A different upload from `frontImage` (the server also refuses the same picture uploaded twice). */
    backImage: UploadName.optional(),
  })
  .superRefine((v, ctx) => {
    const required =
      v.level === 'advanced'
        ? (['address', 'city', 'frontImage', 'backImage'] as const)
        : (['country', 'name', 'idNumber'] as const);
    for (const field of required) {
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

/**
 * The verified basic identity an advanced submission belongs to, as operators see it beside the advanced data: the
 * full ID number and when it was verified.
 */
export const VerifiedIdentity = z.object({
  /** The basic verification record. */
  id: z.string(),
  country: z.string(),
  name: z.string(),
  idNumber: z.string(),
  verifiedAt: EpochMs.nullable(),
});
export type VerifiedIdentity = z.infer<typeof VerifiedIdentity>;

export const kycApi = {
  'user_verification/getCountryList': def(true, true, z.object({}).passthrough(), CountryListData),
  'user_verification/submitIdentityVerification': def(false, true, SubmitVerificationBody, UserVerificationData),
  'user_verification/getUserVerification': def(true, true, z.object({}).passthrough(), UserVerificationData),
} as const;
