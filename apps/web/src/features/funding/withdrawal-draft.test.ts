import { describe, expect, it } from 'vitest';
import { missingPrerequisites } from './model';
import { EMPTY_DRAFT, clearDraft, draftKey, loadDraft, saveDraft } from './withdrawal-draft';

/** A Storage stand-in: the same three calls sessionStorage answers. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('withdrawal draft: the form kept across a detour', () => {
  it('keeps method, currency, chain and amount per user, and forgets them once submitted', () => {
    const storage = memoryStorage();
    const draft = { method: 'crypto', currency: 'USDT', chain: 'TRC20', amount: '100.5' } as const;
    saveDraft(storage, 7, draft);
    expect(loadDraft(storage, 7)).toEqual(draft);
    // Another user on the same tab starts empty.
    expect(loadDraft(storage, 8)).toEqual(EMPTY_DRAFT);
    clearDraft(storage, 7);
    expect(loadDraft(storage, 7)).toEqual(EMPTY_DRAFT);
  });

  it('never keeps the withdrawal password, and ignores anything it cannot read', () => {
    const storage = memoryStorage();
    saveDraft(storage, 1, { ...EMPTY_DRAFT, amount: '5', withdrawalPassword: '123456' } as never);
    expect(storage.items.get(draftKey(1))).not.toContain('123456');
    storage.setItem(draftKey(2), '{not json');
    expect(loadDraft(storage, 2)).toEqual(EMPTY_DRAFT);
    storage.setItem(draftKey(3), JSON.stringify({ ...EMPTY_DRAFT, chain: 'DOGE' }));
    expect(loadDraft(storage, 3)).toEqual(EMPTY_DRAFT);
    expect(loadDraft(undefined, 1)).toEqual(EMPTY_DRAFT);
    expect(loadDraft(storage, undefined)).toEqual(EMPTY_DRAFT);
  });
});

describe('withdrawal prerequisites, checked before the confirm', () => {
  const ready = {
    identityVerified: true,
    hasWithdrawalPassword: true,
    bankBound: true,
    boundChains: ['TRC20' as const],
  };

  it('lists what is missing, in the order to do it', () => {
    const none = { identityVerified: false, hasWithdrawalPassword: false, bankBound: false, boundChains: [] };
    expect(missingPrerequisites(none, 'crypto', 'TRC20')).toEqual(['verification', 'password', 'address']);
    expect(missingPrerequisites(none, 'bank', undefined)).toEqual(['verification', 'password', 'bank']);
    expect(missingPrerequisites({ ...ready, hasWithdrawalPassword: false }, 'crypto', 'TRC20')).toEqual(['password']);
  });

  it('asks for the address of the chosen chain only, and nothing when all is in place', () => {
    expect(missingPrerequisites(ready, 'crypto', 'TRC20')).toEqual([]);
    expect(missingPrerequisites(ready, 'crypto', 'ERC20')).toEqual(['address']);
    expect(missingPrerequisites({ ...ready, bankBound: false }, 'crypto', 'TRC20')).toEqual([]);
    expect(missingPrerequisites(ready, 'bank', undefined)).toEqual([]);
  });
});
