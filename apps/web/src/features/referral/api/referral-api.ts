import { request } from '@/lib/http';
import type { ApiBody } from '@nexa/contract';

/** The invitation programme (user/getShareInviteLink, user/userlist, user/rebateRecords, index/rebateRules). */
export const referralApi = {
  share: (signal?: AbortSignal) => request('user/getShareInviteLink', {}, { method: 'GET', signal }),
  team: (body: ApiBody<'user/userlist'>, signal?: AbortSignal) =>
    request('user/userlist', body, { method: 'GET', signal }),
  rebates: (body: ApiBody<'user/rebateRecords'>, signal?: AbortSignal) =>
    request('user/rebateRecords', body, { method: 'GET', signal }),
  rules: (signal?: AbortSignal) => request('index/rebateRules', {}, { method: 'GET', signal }),
};

export const referralKeys = {
  share: ['referral', 'share'] as const,
  team: (depth: number) => ['referral', 'team', depth] as const,
  rebates: ['referral', 'rebates'] as const,
  rules: ['referral', 'rules'] as const,
};
