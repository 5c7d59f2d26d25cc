import { describe, expect, it, vi } from 'vitest';

describe('the remembered login', () => {
  it('drops a password an earlier build kept, from memory and from storage', async () => {
    const items = new Map<string, string>();
    const SESSION_STORAGE_KEY = 'nexa-session';
    items.set(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          theme: 'light',
          loginInf: { type: 'email', email: 'a@b.co', areaCode: '', mobile: '', password: 'secret-1' },
        },
      }),
    );
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
    const { getSession, useSession } = await import('./session-store');
    await useSession.persist.rehydrate();
    expect(getSession().loginInf).toEqual({ type: 'email', email: 'a@b.co', areaCode: '', mobile: '' });
    expect(getSession().theme).toBe('light');
    expect(items.get(SESSION_STORAGE_KEY)).not.toContain('secret-1');
    vi.unstubAllGlobals();
  });
});
