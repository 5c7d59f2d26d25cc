import { request } from '@/lib/http';
import { fetchWalletMoney } from '@/shared/api/wallets';
import type { AccountMode, ApiBody, Wallet } from '@nexa/contract';

/** Wallet calls (spec §7 index/property, money, transferType, zySubmit, zyRec; user/changeUser, getDemoMoney …). */
export const walletsApi = {
  property: (denomination: string, signal?: AbortSignal) =>
    request('index/property', { denomination }, { method: 'GET', signal }),
  money: fetchWalletMoney,
  transferTypes: (signal?: AbortSignal) => request('index/transferType', {}, { method: 'GET', signal }),
  transfer: (body: ApiBody<'index/zySubmit'>) => request('index/zySubmit', body),
  transfers: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('index/zyRec', { page, pageSize }, { method: 'GET', signal }),
  changeMode: (mode: AccountMode) => request('user/changeUser', { mode }),
  claimDemo: (requestId: string) => request('user/getDemoMoney', { requestId }),
  moneyLogOptions: (signal?: AbortSignal) => request('order/getMoneyLogsOptions', {}, { method: 'GET', signal }),
  moneyLogs: (body: ApiBody<'order/moneyLogs'>, signal?: AbortSignal) =>
    request('order/moneyLogs', body, { method: 'GET', signal }),
  walletMoneyLogs: (body: ApiBody<'user/getUserMoneyLog'>, signal?: AbortSignal) =>
    request('user/getUserMoneyLog', body, { method: 'GET', signal }),
  denominations: (signal?: AbortSignal) => request('index/denominations', {}, { method: 'GET', signal }),
};
