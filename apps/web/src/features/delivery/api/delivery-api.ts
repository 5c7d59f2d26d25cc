import { request } from '@/lib/http';
import type { ApiBody, Direction } from '@nexa/contract';

export interface CreateOrderInput {
  symbol: string;
  direction: Direction;
  seconds: number;
  amount: string;
}

/** Delivery (fixed-time call/put) calls, spec §7: index/timeList and the order/* delivery calls (the balance: shared/api/wallets). */
export const deliveryApi = {
  periods: (symbol: string, signal?: AbortSignal) => request('index/timeList', { symbol }, { method: 'GET', signal }),
  create: (input: CreateOrderInput, requestId: string) => request('order/createDeliveryOrder', { ...input, requestId }),
  /** Open and scheduled orders of the current mode. Polled in the background: failures are not toasted. */
  active: (signal?: AbortSignal, silent = false) =>
    request('order/deliveryOrders', {}, { method: 'GET', signal, silent }),
  history: (body: ApiBody<'order/historyOrders'>, signal?: AbortSignal, silent = false) =>
    request('order/historyOrders', body, { method: 'GET', signal, silent }),
  countdown: (id: string, signal?: AbortSignal, silent = false) =>
    request('order/getOrderCountdown', { id }, { method: 'GET', signal, silent }),
  cancel: (id: string) => request('order/cancelDeliveryOrder', { id }),
  rules: (signal?: AbortSignal) => request('order/deliveryDesc', {}, { method: 'GET', signal }),
};
