import { request } from '@/lib/http';
import type { ApiBody, Chain, Currency } from '@nexa/contract';

/**
 * Deposit and withdrawal calls (spec §7 index/bbRecharge, chainAddress, czSubmit, czRec, payment, tbSubmit, tbRec,
 * withdrawalPassword; user/saveUserBank, getUserBank, and the address binding the spec names no call for).
 */
export const fundingApi = {
  rechargeOptions: (signal?: AbortSignal) => request('index/bbRecharge', {}, { method: 'GET', signal }),
  chainAddress: (currency: Currency, chain: Chain, signal?: AbortSignal) =>
    // Not toasted: the address card shows why (e.g. deposits on a chain that is not configured).
    request('index/chainAddress', { currency, chain }, { method: 'GET', signal, silent: true }),
  submitDeposit: (body: ApiBody<'index/czSubmit'>) => request('index/czSubmit', body),
  deposits: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('index/czRec', { page, pageSize }, { method: 'GET', signal }),

  payment: (signal?: AbortSignal) => request('index/payment', {}, { method: 'GET', signal }),
  submitWithdrawal: (body: ApiBody<'index/tbSubmit'>) => request('index/tbSubmit', body),
  withdrawals: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('index/tbRec', { page, pageSize }, { method: 'GET', signal }),

  addresses: (signal?: AbortSignal) => request('user/getUserAddress', {}, { method: 'GET', signal }),
  saveAddress: (body: ApiBody<'user/saveUserAddress'>) => request('user/saveUserAddress', body),
  bank: (signal?: AbortSignal) => request('user/getUserBank', {}, { method: 'GET', signal }),
  saveBank: (body: ApiBody<'user/saveUserBank'>) => request('user/saveUserBank', body),
  setWithdrawalPassword: (body: ApiBody<'index/withdrawalPassword'>) => request('index/withdrawalPassword', body),
};
