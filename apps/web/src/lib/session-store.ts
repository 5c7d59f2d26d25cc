/**
 * The spec's client-held session values (§3): token, lang, theme, user, loginInf, productType1, productType2, plus
 * two display choices of the Assets screens: the denomination currency (spec §1) and whether amounts are hidden.
 * One typed store, persisted to localStorage under one key.
 */
import { type IdentityType, type Lang, type User, isLang } from '@nexa/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'dark' | 'light';

/**
 * Who signed in on this device, when they asked to be remembered: the identifier only. Passwords are never kept by
 * the app (the browser's password manager may, through the login form's autocomplete attributes).
 */
export interface LoginInf {
  type: IdentityType;
  email: string;
  areaCode: string;
  mobile: string;
}

export interface SessionValues {
  token: string | null;
  /** null until the user chose one or the server's default arrived (then the UI shows English). */
  lang: Lang | null;
  theme: Theme;
  user: User | null;
  loginInf: LoginInf | null;
  /** The product last chosen for the Futures (delivery) tab and for the Perpetual tab, e.g. 'BTCUSDT'. */
  productType1: string | null;
  productType2: string | null;
  /** Code of the fiat currency totals are shown in (index/denominations), 'USD' by default. */
  denomination: string;
  /** The Assets tab's eye: amounts are masked until the user shows them again. */
  hideAmounts: boolean;
}

export interface SessionActions {
  signIn: (session: { token: string; user: User }) => void;
  setUser: (user: User) => void;
  /** Forgets token and user; keeps language, theme and the remembered login. */
  clearSession: () => void;
  setLang: (lang: Lang) => void;
  setTheme: (theme: Theme) => void;
  setLoginInf: (loginInf: LoginInf | null) => void;
  setProductType1: (value: string | null) => void;
  setProductType2: (value: string | null) => void;
  setDenomination: (code: string) => void;
  setHideAmounts: (hide: boolean) => void;
}

export type SessionState = SessionValues & SessionActions;

export const SESSION_STORAGE_KEY = 'nexa-session';

export const DEFAULT_DENOMINATION = 'USD';

const initialValues: SessionValues = {
  token: null,
  lang: null,
  theme: 'dark',
  user: null,
  loginInf: null,
  productType1: null,
  productType2: null,
  denomination: DEFAULT_DENOMINATION,
  hideAmounts: false,
};

const VALUE_KEYS = Object.keys(initialValues) as (keyof SessionValues)[];

function pickValues(state: SessionState): SessionValues {
  const values = {} as SessionValues;
  for (const key of VALUE_KEYS) Object.assign(values, { [key]: state[key] });
  return values;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Whatever is in storage (an older build, a hand edit) comes back as valid values or defaults. */
function sanitize(raw: unknown): Partial<SessionValues> {
  if (typeof raw !== 'object' || raw === null) return {};
  const v = raw as Record<string, unknown>;
  const loginInf = v.loginInf as Partial<LoginInf> | null | undefined;
  return {
    token: str(v.token),
    lang: isLang(v.lang) ? v.lang : null,
    theme: v.theme === 'light' ? 'light' : 'dark',
    user: typeof v.user === 'object' && v.user !== null ? (v.user as User) : null,
    loginInf:
      loginInf && (loginInf.type === 'email' || loginInf.type === 'mobile')
        ? {
            type: loginInf.type,
            email: str(loginInf.email) ?? '',
            areaCode: str(loginInf.areaCode) ?? '',
            mobile: str(loginInf.mobile) ?? '',
          }
        : null,
    productType1: str(v.productType1),
    productType2: str(v.productType2),
    denomination:
      typeof v.denomination === 'string' && /^[A-Z]{3}$/.test(v.denomination) ? v.denomination : DEFAULT_DENOMINATION,
    hideAmounts: v.hideAmounts === true,
  };
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...initialValues,
      signIn: ({ token, user }) => set({ token, user }),
      setUser: (user) => set({ user }),
      clearSession: () => set({ token: null, user: null }),
      setLang: (lang) => set({ lang }),
      setTheme: (theme) => set({ theme }),
      setLoginInf: (loginInf) => set({ loginInf }),
      setProductType1: (productType1) => set({ productType1 }),
      setProductType2: (productType2) => set({ productType2 }),
      setDenomination: (denomination) => set({ denomination }),
      setHideAmounts: (hideAmounts) => set({ hideAmounts }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      // 2: a password an earlier build remembered is dropped (the migration rewrites the stored values without it).
      version: 2,
      migrate: (persisted) => persisted,
      storage: createJSONStorage(() => localStorage),
      // Exactly the values (the actions are not state to keep).
      partialize: (state): SessionValues => pickValues(state),
      merge: (persisted, current) => ({ ...current, ...sanitize(persisted) }),
    },
  ),
);

export const getSession = () => useSession.getState();
