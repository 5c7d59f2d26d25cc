import { ROUTES } from '@/lib/routes';

/** The Perpetual pages (spec §2: perpetual/index, index1, rule, detail). Served as `/h5/#<path>`. */
export const PERP_PATHS = {
  index: ROUTES.perpetual,
  trade: ROUTES.perpetualTrade,
  rule: ROUTES.perpetualRule,
  detail: ROUTES.perpetualDetail,
  /** Where the perpetual wallet is topped up (Assets feature). */
  fundTransfer: ROUTES.fundTransfer,
} as const;

export type DetailKind = 'position' | 'order' | 'trade';

export function detailPath(kind: DetailKind, id: string): string {
  return `${PERP_PATHS.detail}?type=${kind}&id=${encodeURIComponent(id)}`;
}

export function tradePath(symbol: string): string {
  return `${PERP_PATHS.trade}?symbol=${encodeURIComponent(symbol)}`;
}
