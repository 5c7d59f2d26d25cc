/**
 * Device preferences that are not part of the session (they outlive log out and apply to every account on this
 * device), each a boolean under its own localStorage key. Shared here because one feature sets a preference and
 * another (Settings) lets the user take it back.
 */

/** The localStorage key of each preference. Keys never change: users keep what they chose. */
export const PREFERENCE_KEYS = {
  /** "Don't remind me again" of the perpetual close-all dialog: close-all then acts without asking. */
  closeAllNoRemind: 'nexa-perp-close-all-no-remind',
} as const;

export type BooleanPreference = keyof typeof PREFERENCE_KEYS;

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Read and write against `storage`, which is asked for on each call: merely touching `localStorage` throws where
 * storage is blocked (some private modes, sandboxed WebViews), and the app must keep working there.
 */
export function createPreferences(storage: () => PreferenceStorage) {
  /** The stored value; `false` when nothing is stored or storage is unavailable. */
  function read(name: BooleanPreference): boolean {
    try {
      return storage().getItem(PREFERENCE_KEYS[name]) === '1';
    } catch {
      return false;
    }
  }

  /** Stores the value (`false` removes the key); returns what is stored afterwards, so a failed write shows. */
  function write(name: BooleanPreference, value: boolean): boolean {
    try {
      if (value) storage().setItem(PREFERENCE_KEYS[name], '1');
      else storage().removeItem(PREFERENCE_KEYS[name]);
    } catch {
      // No storage: the preference lasts as long as nothing; the caller sees the unchanged value.
    }
    return read(name);
  }

  return { read, write };
}

const preferences = createPreferences(() => localStorage);

export const readPreference = preferences.read;
export const writePreference = preferences.write;
