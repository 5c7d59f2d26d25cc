/** Verification state is the user's own; the country list depends on the interface language only. */
export const kycKeys = {
  status: ['kyc', 'status'] as const,
  countries: (lang: string) => ['kyc', 'countries', lang] as const,
};
