import { QUOTE_CURRENCY } from '@nexa/contract';
import { MESSAGE_LINKS, type NewMessage } from '../messages/index.js';
import type { PlanRow } from './repository.js';

type Plan = Pick<PlanRow, 'id' | 'symbol' | 'mode'>;

const about = (p: Plan) => ({ symbol: p.symbol, mode: p.mode });

/**
 * The copy-trading messages of the message centre (issue 16). Keys name the plan (a plan is invited to, placed,
 * settled, cancelled or refunded once per user), so a replayed transaction stores nothing new.
 */
export const copyMessages = {
  invited: (p: Plan & Pick<PlanRow, 'leaderUid'>): NewMessage => ({
    key: `copy:${p.id}:invited`,
    kind: 'copy.invited',
    params: { ...about(p), leader: String(p.leaderUid) },
    link: MESSAGE_LINKS.copyPlans,
  }),
  /** To the leader; a follower may confirm and withdraw more than once, so the key has the follow and the time. */
  follower(p: Plan, f: { id: string; stake: string | null }, uid: number, action: 'confirmed' | 'withdrawn', at: Date) {
    const message: NewMessage = {
      key: `copy:${p.id}:follow:${f.id}:${action}:${at.getTime()}`,
      kind: action === 'confirmed' ? 'copy.followerConfirmed' : 'copy.followerWithdrew',
      params: { ...about(p), follower: String(uid) },
      link: MESSAGE_LINKS.copyPlans,
    };
    if (action === 'confirmed') Object.assign(message.params, { stake: f.stake ?? '0', currency: QUOTE_CURRENCY });
    return message;
  },
  placed: (p: Plan): NewMessage => ({
    key: `copy:${p.id}:placed`,
    kind: 'copy.placed',
    params: about(p),
    link: MESSAGE_LINKS.copyPlans,
  }),
  cancelled: (p: Plan): NewMessage => ({
    key: `copy:${p.id}:cancelled`,
    kind: 'copy.cancelled',
    params: about(p),
    link: MESSAGE_LINKS.copyPlans,
  }),
  refunded: (p: Plan, why: string): NewMessage => ({
    key: `copy:${p.id}:refunded`,
    kind: 'copy.refunded',
    params: { ...about(p), why },
    link: MESSAGE_LINKS.copyPlans,
  }),
  /** To the follower: the copy's result, its payout and the profit share it paid the leader. */
  settled: (p: Plan, o: { id: string; status: string; payout: string | null }, share: string): NewMessage => ({
    key: `copy:${p.id}:settled`,
    kind: 'copy.settled',
    params: { ...about(p), result: o.status, payout: o.payout ?? '0', share, currency: QUOTE_CURRENCY },
    link: MESSAGE_LINKS.deliveryOrder(o.id),
  }),
};
