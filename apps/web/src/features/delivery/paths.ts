import { ROUTES } from '@/lib/routes';

/** The Futures pages (spec §2: futures/history, futures/rule; plus an order's detail). Served as `/h5/#<path>`. */
export const FUTURES_PATHS = {
  index: ROUTES.futures,
  detail: ROUTES.futuresDetail,
  history: ROUTES.futuresHistory,
  rule: ROUTES.futuresRule,
  /** Where the delivery wallet is topped up (Assets feature). */
  fundTransfer: ROUTES.fundTransfer,
} as const;

export function orderDetailPath(id: string): string {
  return `${FUTURES_PATHS.detail}?id=${encodeURIComponent(id)}`;
}
