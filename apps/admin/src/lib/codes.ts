import {
  CHANGE_TYPES,
  DELIVERY_STATUSES,
  Direction,
  PerpOrderStatus,
  PerpPositionStatus,
  PositionSide,
} from '@nexa/contract';

/**
 * The codes the server stores for a user's history (change-log types, order sides and statuses, position statuses),
 * each with the locale section that names it: the contract's enums, so a code added there without a name in both
 * console languages fails codes.test.ts.
 */
export const CODE_SECTIONS = {
  changeType: CHANGE_TYPES,
  side: [...Direction.options, ...PositionSide.options],
  'orderStatus.delivery': DELIVERY_STATUSES,
  'orderStatus.perpetual': PerpOrderStatus.options,
  positionStatus: PerpPositionStatus.options,
} as const satisfies Record<string, readonly string[]>;
export type CodeSection = keyof typeof CODE_SECTIONS;

/** The i18n key naming `code`, or null for a code the contract does not list (then shown as stored). */
export function codeKey(section: CodeSection, code: string): string | null {
  return (CODE_SECTIONS[section] as readonly string[]).includes(code) ? `${section}.${code}` : null;
}

/** `code` in the operator's language, through `t`; an unlisted code as stored rather than a missing key. */
export const codeLabel = (t: (key: string) => string, section: CodeSection, code: string) => {
  const key = codeKey(section, code);
  return key ? t(key) : code;
};
