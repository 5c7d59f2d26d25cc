import { describe, expect, it } from 'vitest';
import { PREFERENCE_KEYS, createPreferences } from './preferences';

/** localStorage's contract over a Map (Node has no localStorage). */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('preferences', () => {
  it('keeps the close-all "don\'t remind" key that earlier versions wrote, so users keep their choice', () => {
    expect(PREFERENCE_KEYS.closeAllNoRemind).toBe('nexa-perp-close-all-no-remind');
    const storage = memoryStorage({ 'nexa-perp-close-all-no-remind': '1' });
    expect(createPreferences(() => storage).read('closeAllNoRemind')).toBe(true);
  });

  it('is off when nothing is stored or the stored value is not "1"', () => {
    expect(createPreferences(() => memoryStorage()).read('closeAllNoRemind')).toBe(false);
    const odd = memoryStorage({ 'nexa-perp-close-all-no-remind': 'true' });
    expect(createPreferences(() => odd).read('closeAllNoRemind')).toBe(false);
  });

  it('stores "1" when on and removes the key when off, answering what is stored', () => {
    const storage = memoryStorage();
    const prefs = createPreferences(() => storage);
    expect(prefs.write('closeAllNoRemind', true)).toBe(true);
    expect(storage.items.get('nexa-perp-close-all-no-remind')).toBe('1');
    expect(prefs.read('closeAllNoRemind')).toBe(true);
    expect(prefs.write('closeAllNoRemind', false)).toBe(false);
    expect(storage.items.has('nexa-perp-close-all-no-remind')).toBe(false);
    expect(prefs.read('closeAllNoRemind')).toBe(false);
  });

  it('never throws when storage is unavailable or refuses writes; the preference then reads off', () => {
    const blocked = createPreferences(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(blocked.read('closeAllNoRemind')).toBe(false);
    expect(blocked.write('closeAllNoRemind', true)).toBe(false);

    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    expect(createPreferences(() => full).write('closeAllNoRemind', true)).toBe(false);
  });
});
