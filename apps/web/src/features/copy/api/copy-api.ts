import { request } from '@/lib/http';
import type { AccountMode, ApiBody } from '@nexa/contract';

export type CreatePlanInput = Omit<ApiBody<'order/createOrder'>, 'requestId'>;

/** Copy trading calls (spec §7 order/* follow calls, issue 14): plans, copies, win rate, settings, auto-follow. */
export const copyApi = {
  createPlan: (input: CreatePlanInput, requestId: string) => request('order/createOrder', { ...input, requestId }),
  invite: (planId: string, uids: number[]) => request('order/inviteFollow', { planId, uids }),
  invited: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('order/myInvitedFollows', { page, pageSize }, { method: 'GET', signal }),
  confirm: (planId: string, requestId: string) => request('order/checkFollowOrder', { planId, requestId }),
  withdraw: (planId: string, requestId: string) => request('order/cancelFollow', { planId, requestId }),
  cancelPlan: (planId: string, requestId: string) => request('order/cancelPlan', { planId, requestId }),
  published: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('order/followOrders', { page, pageSize }, { method: 'GET', signal }),
  copies: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('order/invitedHistory', { page, pageSize }, { method: 'GET', signal }),
  winRate: (uid: number | undefined, signal?: AbortSignal) =>
    request('order/getWinRate', uid === undefined ? {} : { uid }, { method: 'GET', signal }),
  plan: (planId: string, signal?: AbortSignal) => request('order/followPlan', { planId }, { method: 'GET', signal }),
  leader: (uid: number, signal?: AbortSignal) => request('order/leaderProfile', { uid }, { method: 'GET', signal }),
  settings: (signal?: AbortSignal) => request('order/getCopySettings', {}, { method: 'GET', signal }),
  saveSettings: (body: ApiBody<'order/setCopySettings'>) => request('order/setCopySettings', body),
  autoFollow: (uid: number, enabled: boolean) => request('order/autoFollow', { uid, enabled }),
  autoFollows: (signal?: AbortSignal) => request('order/autoFollows', {}, { method: 'GET', signal }),
  /** The product's delivery periods (the purchase durations a plan may use). */
  periods: (symbol: string, signal?: AbortSignal) =>
    request('index/timeList', { symbol }, { method: 'GET', signal }).then((d) => d.list),
  lookupUid: (uid: number, signal?: AbortSignal) =>
    request('user/lookupUid', { uid }, { method: 'GET', signal, silent: true }),
};

/**
 * Every copy query carries the account mode it was read in (plans belong to the leader's mode). The copy-trading
 * wallet's balance sits under the Assets screens' 'wallets' prefix.
 */
export const copyKeys = {
  all: ['copy'] as const,
  mode: (mode: AccountMode) => ['copy', mode] as const,
  invited: (mode: AccountMode) => ['copy', mode, 'invited'] as const,
  published: (mode: AccountMode) => ['copy', mode, 'published'] as const,
  copies: (mode: AccountMode) => ['copy', mode, 'copies'] as const,
  plan: (mode: AccountMode, id: string) => ['copy', mode, 'plan', id] as const,
  winRate: (mode: AccountMode, uid: number | undefined) => ['copy', mode, 'win-rate', uid ?? 'me'] as const,
  leader: (mode: AccountMode, uid: number) => ['copy', mode, 'leader', uid] as const,
  settings: (mode: AccountMode) => ['copy', mode, 'settings'] as const,
  autoFollows: (mode: AccountMode) => ['copy', mode, 'auto-follows'] as const,
  uid: (uid: number) => ['copy-uid', uid] as const,
  periods: (symbol: string) => ['delivery-periods', symbol] as const,
  wallets: ['wallets'] as const,
};
