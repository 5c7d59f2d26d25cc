import { request } from '@/lib/http';
import type { ApiBody } from '@nexa/contract';

/** The perpetual calls (spec §7 Sustainable/*) plus the product's perpetual settings (product/getProductInfo). */
export const perpetualApi = {
  productInfo: (symbol: string, signal?: AbortSignal) =>
    request('product/getProductInfo', { symbol }, { method: 'GET', signal }),
  /** Positions and the perpetual wallet's margin figures. Polled in the background: failures after the first are not toasted. */
  positions: (signal?: AbortSignal, silent = false) =>
    request('Sustainable/PositionOrders', {}, { method: 'GET', signal, silent }),
  currentOrders: (signal?: AbortSignal, silent = false) =>
    request('Sustainable/currentEntrust', {}, { method: 'GET', signal, silent }),
  historyOrders: (body: ApiBody<'Sustainable/historyEntrust'>, signal?: AbortSignal, silent = false) =>
    request('Sustainable/historyEntrust', body, { method: 'GET', signal, silent }),
  historyTrades: (body: ApiBody<'Sustainable/historyTrades'>, signal?: AbortSignal, silent = false) =>
    request('Sustainable/historyTrades', body, { method: 'GET', signal, silent }),
  create: (body: ApiBody<'Sustainable/createOrder'>) => request('Sustainable/createOrder', body),
  cancel: (body: ApiBody<'Sustainable/cancelDeliveryOrder'>) => request('Sustainable/cancelDeliveryOrder', body),
  addMargin: (body: ApiBody<'Sustainable/addMargin'>) => request('Sustainable/addMargin', body),
  setTakeStop: (body: ApiBody<'Sustainable/setTakeStopPrice'>) => request('Sustainable/setTakeStopPrice', body),
  close: (body: ApiBody<'Sustainable/closePosition'>) => request('Sustainable/closePosition', body),
  closeAll: (body: ApiBody<'Sustainable/closeAllPosition'>) => request('Sustainable/closeAllPosition', body),
  rules: (signal?: AbortSignal) => request('Sustainable/deliveryDesc', {}, { method: 'GET', signal }),
};
