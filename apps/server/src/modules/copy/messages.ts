import { QUOTE_CURRENCY } from '@nexa/contract';
import { MESSAGE_LINKS, type NewMessage } from '../messages/index.js';
import type { PlanRow } from './repository.js';

type Plan = Pick<PlanRow, 'id' | 'symbol' | 'mode'>;

const about = (p: Plan) => ({ symbol: p.symbol, mode: p.mode });

/** Whom a message goes to: the leader (their Publish history) or a follower (their Copy history). */
export type Audience = 'leader' | 'follower';
const planLink = (p: Plan, to: Audience) => MESSAGE_LINKS.copyPlan(p.id, to === 'leader' ? 'published' : 'copies');

/**
 * The copy-trading messages of the message centre (issue 16). Keys name the plan (a plan is invited to, placed,
 * settled, cancelled or refunded once per user), so a replayed transaction stores nothing new. Each opens the plan
 * where its reader finds it: an invitation on Invited me with its sheet open, the rest in the reader's history.
 */
export const copyMessages = {
  invited: (p: Plan & Pick<PlanRow, 'leaderUid'>): NewMessage => ({
    key: `copy:${p.id}:invited`,
    kind: 'copy.invited',
    params: { ...about(p), leader: String(p.leaderUid) },
    link: MESSAGE_LINKS.copyPlan(p.id, 'invited'),
  }),
  /** To the leader; a follower may confirm and withdraw more than once, so the key has the follow and the time. */
  follower(p: Plan, f: { id: string; stake: string | null }, uid: number, action: 'confirmed' | 'withdrawn', at: Date) {
    const message: NewMessage = {
      key: `copy:${p.id}:follow:${f.id}:${action}:${at.getTime()}`,
      kind: action === 'confirmed' ? 'copy.followerConfirmed' : 'copy.followerWithdrew',
      params: { ...about(p), follower: String(uid) },
      link: planLink(p, 'leader'),
    };
    if (action === 'confirmed') Object.assign(message.params, { stake: f.stake ?? '0', currency: QUOTE_CURRENCY });
    return message;
  },
  placed: (p: Plan, to: Audience): NewMessage => ({
    key: `copy:${p.id}:placed`,
    kind: 'copy.placed',
    params: about(p),
    link: planLink(p, to),
  }),
  /** To the followers whose stake was held. */
  cancelled: (p: Plan): NewMessage => ({
    key: `copy:${p.id}:cancelled`,
    kind: 'copy.cancelled',
    params: about(p),
    link: planLink(p, 'follower'),
  }),
  refunded: (p: Plan, why: string, to: Audience): NewMessage => ({
    key: `copy:${p.id}:refunded`,
    kind: 'copy.refunded',
    params: { ...about(p), why },
    link: planLink(p, to),
  }),
  /** To the follower: the copy's result, its payout and the profit share it paid the leader. */
  settled: (p: Plan, o: { id: string; status: string; payout: string | null }, share: string): NewMessage => ({
    key: `copy:${p.id}:settled`,
    kind: 'copy.settled',
    params: { ...about(p), result: o.status, payout: o.payout ?? '0', share, currency: QUOTE_CURRENCY },
    link: MESSAGE_LINKS.deliveryOrder(o.id),
  }),
};
