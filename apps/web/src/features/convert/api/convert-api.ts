import { request } from '@/lib/http';
import type { ApiBody } from '@nexa/contract';

/** Convert calls (spec §7 index/coin, sdRec; the quote and submit of issue 6); spot balances: shared/api/wallets. */
export const convertApi = {
  coins: (signal?: AbortSignal) => request('index/coin', {}, { method: 'GET', signal }),
  /** Background refreshes are silent: the page shows a failed quote itself instead of a toast every few seconds. */
  quote: (body: ApiBody<'index/sdQuote'>, options: { signal?: AbortSignal; silent?: boolean } = {}) =>
    request('index/sdQuote', body, { method: 'GET', ...options }),
  submit: (body: ApiBody<'index/sdSubmit'>) => request('index/sdSubmit', body),
  records: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('index/sdRec', { page, pageSize }, { method: 'GET', signal }),
};
