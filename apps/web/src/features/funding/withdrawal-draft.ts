/**
 * The withdrawal form kept across a detour (verify identity, set the withdrawal password, bind an address or a
 * card): method, currency, chain and amount, per user, in sessionStorage (this tab only, gone with it). Never the
 * withdrawal password. Cleared once a withdrawal is submitted.
 */
import { Chain, Currency, WithdrawalMethod } from '@nexa/contract';
import { z } from 'zod';

export const WithdrawalDraft = z.object({
  method: WithdrawalMethod,
  currency: Currency.nullable(),
  chain: Chain.nullable(),
  amount: z.string().regex(/^\d{0,20}(\.\d{0,18})?$/),
});
export type WithdrawalDraft = z.infer<typeof WithdrawalDraft>;

export const EMPTY_DRAFT: WithdrawalDraft = { method: 'crypto', currency: null, chain: null, amount: '' };

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftKey = (uid: number | string) => `nexa-withdrawal-draft:${uid}`;

/** The user's kept draft, or the empty form (nothing kept, someone else's key, or anything unreadable). */
export function loadDraft(storage: DraftStorage | undefined, uid: number | string | undefined): WithdrawalDraft {
  if (!storage || uid === undefined) return EMPTY_DRAFT;
  try {
    const parsed = WithdrawalDraft.safeParse(JSON.parse(storage.getItem(draftKey(uid)) ?? 'null'));
    return parsed.success ? parsed.data : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(storage: DraftStorage | undefined, uid: number | string | undefined, d: WithdrawalDraft) {
  if (!storage || uid === undefined) return;
  try {
    storage.setItem(draftKey(uid), JSON.stringify(WithdrawalDraft.parse(d)));
  } catch {
    // Storage full or disabled: the form still works, it is just not kept.
  }
}

export function clearDraft(storage: DraftStorage | undefined, uid: number | string | undefined) {
  if (!storage || uid === undefined) return;
  try {
    storage.removeItem(draftKey(uid));
  } catch {
    // As above.
  }
}

/** The browser's sessionStorage when there is one. */
export function browserSessionStorage(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
