/** Envelope codes (ARCHITECTURE §6). `OK` is success; every other code carries a localized `msg`. */
export const Code = {
  OK: 1,
  REFUSED: 0,
  INVALID: 400,
  UNAUTHORIZED: 401,
  VERIFICATION_REQUIRED: 402,
  WITHDRAWAL_PASSWORD_REQUIRED: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/**
 * Why a field was refused; the server turns it into a sentence in the caller's language. `mismatch`: not the value
 * it must equal (a repeated password, an advanced verification's basic identity); `duplicate`: the same as another
 * field's value where it must differ (an ID's back photo that is its front); `insufficient`: an amount to take that is
 * more than the balance it would come from (an operator's balance adjustment).
 */
export const FieldReason = [
  'required',
  'invalid',
  'mismatch',
  'duplicate',
  'tooShort',
  'tooLong',
  'insufficient',
] as const;
export type FieldReason = (typeof FieldReason)[number];

export interface FieldError {
  field: string;
  reason: FieldReason;
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
