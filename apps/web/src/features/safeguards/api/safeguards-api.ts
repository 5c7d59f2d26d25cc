import { request } from '@/lib/http';
import type { ApiBody } from '@nexa/contract';

/** Responsible trading (user/getTradingLimits, setTradingLimit, takeTradingBreak). */
export const safeguardsApi = {
  limits: (signal?: AbortSignal) => request('user/getTradingLimits', {}, { method: 'GET', signal }),
  setLimit: (body: ApiBody<'user/setTradingLimit'>) => request('user/setTradingLimit', body),
  takeBreak: (body: ApiBody<'user/takeTradingBreak'>) => request('user/takeTradingBreak', body),
};

export const safeguardsKeys = { limits: ['safeguards', 'limits'] as const };
