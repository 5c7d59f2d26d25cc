import path from 'node:path';
import {
  CHAINS,
  CURRENCY_CODES,
  type Chain,
  type Currency,
  DEFAULT_LANG,
  type DepositSettings,
  LANGS,
  SupportChannelSettings,
  type WithdrawalSettings,
  isChainAddress,
} from '@nexa/contract';
import { z } from 'zod';
import type { MarketConfig } from './modules/market/service.js';

/**
 * All configuration comes from the environment (ARCHITECTURE §1), each variable with a default that works on a
 * fresh machine. Parsed once at start; a bad value stops the process with a clear message.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Fastify's `trustProxy`: never `true`, which would believe every X-Forwarded-For entry. */
export type TrustProxy = false | string;

/** `TRUST_PROXY=true`: the proxies are on this host or a private network (127/8, 10/8, 172.16/12, 192.168/16, ::1, fc00::/7). */
export const PRIVATE_PROXIES = 'loopback,linklocal,uniquelocal';

const decimal = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/);

/** Unset and blank are the same: not configured. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/)
    .default('nexa:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEFAULT_LANG: z.enum(LANGS).default(DEFAULT_LANG),
  INVITE_CODE_REQUIRED: bool.default(false),
  ADMIN_REQUIRE_2FA: bool.default(true),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Nexa <no-reply@localhost>'),
  /** 32 bytes, base64: seals the users' 2FA secrets. Unset: a key file in DATA_DIR (one node only). */
  TOTP_KEY: z
    .string()
    .optional()
    .refine((v) => !v || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      if (/^(false|0|no)$/i.test(v)) return false;
      // `true` trusts proxies on this host or a private network, not every hop: trusting all of them takes the client's
      // address from the left-most X-Forwarded-For entry, which the client writes itself (a proxy appends to it).
      if (/^(true|1|yes)$/i.test(v)) return PRIVATE_PROXIES;
      const list = v.split(',').map((a) => a.trim());
      if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a) || /^(loopback|linklocal|uniquelocal)$/.test(a))) {
        return list.join(',');
      }
      ctx.addIssue({
        code: 'custom',
        message: "must be false, true, or the proxies' addresses (CIDR), comma-separated",
      });
      return z.NEVER;
    }),
  MARKET_SOURCE: z.enum(['sim', 'okx']).default('sim'),
  MARKET_SEED: z.string().min(1).default('nexa'),
  MARKET_FEED: bool.default(true),
  MARKET_HISTORY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  TICK_RETENTION_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 90)
    .default(24),
  OKX_REST_URL: z.string().url().default('https://www.okx.com'),
  OKX_WS_URL: z.string().url().default('wss://ws.okx.com:8443/ws/v5/public'),
  SUPPORT_EMAIL: z.string().default('support@nexa.example'),
  /** Customer-service channels on first start (operators change them later): Telegram username, WhatsApp number, chat URL. */
  SUPPORT_TELEGRAM: optionalText,
  SUPPORT_WHATSAPP: optionalText,
  SUPPORT_CHAT_URL: optionalText,
  DEMO_AMOUNT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/)
    .default('10000'),
  // Funding (deposits and withdrawals).
  DEPOSIT_OPTIONS: z.string().default('USDT:TRC20:10,USDT:ERC20:10,USDC:ERC20:10'),
  // No default: a chain without the operator's own address is not offered for deposits.
  DEPOSIT_ADDRESS_TRC20: optionalText,
  DEPOSIT_ADDRESS_ERC20: optionalText,
  DEPOSIT_ADDRESS_BEP20: optionalText,
  DEPOSIT_ADDRESS_BTC: optionalText,
  WITHDRAWAL_OPTIONS: z.string().default('USDT:TRC20,USDT:ERC20,USDC:ERC20,BTC:BTC,ETH:ERC20'),
  WITHDRAWAL_BANK: bool.default(true),
  WITHDRAWAL_BANK_CURRENCY: z.enum(CURRENCY_CODES as [Currency, ...Currency[]]).default('USDT'),
  WITHDRAWAL_MIN_USD: decimal.default('10'),
  WITHDRAWAL_MAX_USD: decimal.default('50000'),
  WITHDRAWAL_FEE_PERCENT: decimal.default('1'),
  WITHDRAWAL_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  /** Hours a newly bound or replaced withdrawal address waits before it can be withdrawn to. */
  WITHDRAWAL_ADDRESS_DELAY_HOURS: z.coerce.number().min(0).max(720).default(24),
  FUNDING_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  // Web Push (message centre): all three set, or push is off. Keys from `npx web-push generate-vapid-keys`.
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  // Native apps (mine/download); unset: the download page offers the installable web app.
  APP_IOS_URL: z.string().url().startsWith('https://').optional(),
  APP_IOS_VERSION: z.string().max(40).default(''),
  APP_ANDROID_URL: z.string().url().startsWith('https://').optional(),
  APP_ANDROID_VERSION: z.string().max(40).default(''),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of the bus's Redis channels: deployments (or test runs) sharing one Redis keep apart. */
  redisPrefix: string;
  logLevel: string;
  defaultLang: (typeof LANGS)[number];
  inviteCodeRequired: boolean;
  /**
   * Operators must turn on two-factor authentication before the console lets them do anything else (their own
   * session and enrolment only): one phished password must not be enough to approve money.
   */
  adminRequire2fa: boolean;
  sessionTtlMs: number;
  /** Seals 2FA secrets; undefined: `DATA_DIR/totp.key`, made on first start. */
  totpKey: Buffer | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsHttpUrl: string | undefined;
  smsHttpToken: string | undefined;
  /** The built H5 app; unset or missing: /h5/ answers 404 and the API still works. */
  webDistDir: string | undefined;
  /** The built operator console (apps/admin/dist), served under /admin/. */
  adminDistDir: string | undefined;
  /**
   * Whose X-Forwarded-For to believe: false (none) or the proxies' addresses / CIDRs (comma-separated; `true` is
   * `PRIVATE_PROXIES`). The client's address is the last hop's that is not a trusted proxy.
   */
  trustProxy: TrustProxy;
  /** Demo assets (USDT) granted per monthly claim. */
  demoAmount: string;
  market: MarketConfig;
  supportEmail: string;
  /** The customer-service channels a fresh database starts with (`index/kefu`). */
  supportChannels: SupportChannelSettings;
  auth: AuthLimits;
  funding: FundingConfig;
  /** VAPID keys; undefined: Web Push is off. */
  webPush?: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** Native app downloads operators publish (mine/download). */
  appDownload?: {
    ios: { url: string; version: string } | null;
    android: { url: string; version: string } | null;
  };
}

/** Deposits and withdrawals: what is offered, where deposits go, and the withdrawal limits (spec §9). */
export interface FundingConfig {
  /** Per currency, the chains it is deposited on and the least accepted per deposit. */
  deposits: { currency: Currency; chains: { chain: Chain; minAmount: string }[] }[];
  /** The platform's receiving address per chain; a chain without one takes no deposits. */
  depositAddresses: Partial<Record<Chain, string>>;
  /** Per currency, the chains a crypto withdrawal may go to. */
  withdrawals: { currency: Currency; chains: Chain[] }[];
  /** Bank-card withdrawals are offered (paid out of `bankCurrency`). */
  bank: boolean;
  bankCurrency: Currency;
  /** Per withdrawal, in USD; the fee is a percentage of the amount. */
  minUsd: string;
  maxUsd: string;
  feePercent: string;
  /** Withdrawals a user may submit per UTC day. */
  dailyLimit: number;
  /** A newly bound or replaced withdrawal address can be withdrawn to only after this many hours. */
  addressDelayHours: number;
  /** Per-address cap a minute on each call that uploads, submits or checks a password (funding and identity). */
  perIpPerMinute: number;
}

/** Throttles of the account calls; tests shorten the waits, never the counts they check. */
export interface AuthLimits {
  codeResendMs: number;
  codeTtlMs: number;
  codeMaxAttempts: number;
  /** Login attempts on one account from one address before that address is locked out of it. */
  loginAccountMaxFailures: number;
  /** Attempts on one account from anywhere before addresses it never logged in from are locked out of it. */
  loginAccountHardMaxFailures: number;
  /** Failed logins from one address before it is locked. */
  loginIpMaxFailures: number;
  loginLockMs: number;
  /** Failures are counted within this window. */
  loginWindowMs: number;
  /** Each failure past the second waits this much longer (capped at 8×) before answering. */
  loginSlowdownStepMs: number;
  /** Per-address request cap on the code and login calls, per minute. */
  perIpPerMinute: number;
  /** Per-address cap on each call that looks a user up by UID (`user/lookupUid`, a leader's win rate, profile), a minute. */
  lookupPerIpPerMinute: number;
  /** Codes one e-mail address or mobile number may be sent a day (every scene). */
  codesPerTargetPerDay: number;
  /** Codes the platform sends an hour, per channel (SMS costs money: a budget against pumping through many numbers). */
  codesPerChannelPerHour: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  codeResendMs: 60_000,
  codeTtlMs: 10 * 60_000,
  codeMaxAttempts: 5,
  loginAccountMaxFailures: 5,
  loginAccountHardMaxFailures: 50,
  loginIpMaxFailures: 30,
  loginLockMs: 15 * 60_000,
  loginWindowMs: 15 * 60_000,
  loginSlowdownStepMs: 250,
  perIpPerMinute: 30,
  lookupPerIpPerMinute: 120,
  codesPerTargetPerDay: 10,
  codesPerChannelPerHour: 2_000,
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    logLevel: e.LOG_LEVEL,
    defaultLang: e.DEFAULT_LANG,
    inviteCodeRequired: e.INVITE_CODE_REQUIRED,
    adminRequire2fa: e.ADMIN_REQUIRE_2FA,
    sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
    totpKey: e.TOTP_KEY ? Buffer.from(e.TOTP_KEY, 'base64') : undefined,
    smtpUrl: e.SMTP_URL || undefined,
    smtpFrom: e.SMTP_FROM,
    smsHttpUrl: e.SMS_HTTP_URL,
    smsHttpToken: e.SMS_HTTP_TOKEN,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    adminDistDir: e.ADMIN_DIST_DIR ? path.resolve(e.ADMIN_DIST_DIR) : undefined,
    trustProxy: e.TRUST_PROXY,
    demoAmount: e.DEMO_AMOUNT,
    market: {
      source: e.MARKET_SOURCE,
      seed: e.MARKET_SEED,
      feed: e.MARKET_FEED,
      historyHours: e.MARKET_HISTORY_HOURS,
      tickRetentionMs: e.TICK_RETENTION_HOURS * 3_600_000,
      okx: { restUrl: e.OKX_REST_URL, wsUrl: e.OKX_WS_URL },
    },
    supportEmail: e.SUPPORT_EMAIL,
    supportChannels: supportChannels(e),
    auth: DEFAULT_AUTH_LIMITS,
    funding: fundingConfig(e),
    webPush: webPushConfig(e),
    appDownload: {
      ios: e.APP_IOS_URL ? { url: e.APP_IOS_URL, version: e.APP_IOS_VERSION } : null,
      android: e.APP_ANDROID_URL ? { url: e.APP_ANDROID_URL, version: e.APP_ANDROID_VERSION } : null,
    },
  };
}

function webPushConfig(e: z.infer<typeof Env>): Config['webPush'] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = e;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  return { publicKey, privateKey, subject: subject ?? 'mailto:support@nexa.example' };
}

function fundingConfig(e: z.infer<typeof Env>): FundingConfig {
  const depositAddresses: FundingConfig['depositAddresses'] = {};
  for (const chain of CHAINS) {
    const address = e[depositAddressVariable(chain)];
    if (address === undefined) continue;
    if (!isChainAddress(chain, address)) {
      throw new Error(`Invalid environment:\n  ${depositAddressVariable(chain)}: not a ${chain} address`);
    }
    depositAddresses[chain] = address;
  }
  const minUsd = Number(e.WITHDRAWAL_MIN_USD);
  if (minUsd <= 0 || minUsd > Number(e.WITHDRAWAL_MAX_USD)) {
    throw new Error('Invalid environment:\n  WITHDRAWAL_MIN_USD: must be above 0 and at most WITHDRAWAL_MAX_USD');
  }
  if (Number(e.WITHDRAWAL_FEE_PERCENT) >= 100) {
    throw new Error('Invalid environment:\n  WITHDRAWAL_FEE_PERCENT: must be below 100');
  }
  const deposits: FundingConfig['deposits'] = [];
  for (const [currency, chain, min] of parseOptions('DEPOSIT_OPTIONS', e.DEPOSIT_OPTIONS, 3)) {
    if (!min || !/^\d{1,12}(\.\d{1,8})?$/.test(min) || Number(min) <= 0) {
      throw new Error(`Invalid environment:\n  DEPOSIT_OPTIONS: bad minimum "${min}"`);
    }
    optionOf(deposits, currency!).chains.push({ chain: chain as Chain, minAmount: min });
  }
  const withdrawals: FundingConfig['withdrawals'] = [];
  for (const [currency, chain] of parseOptions('WITHDRAWAL_OPTIONS', e.WITHDRAWAL_OPTIONS, 2)) {
    optionOf(withdrawals, currency!).chains.push(chain as Chain);
  }
  return {
    deposits,
    depositAddresses,
    withdrawals,
    bank: e.WITHDRAWAL_BANK,
    bankCurrency: e.WITHDRAWAL_BANK_CURRENCY,
    minUsd: e.WITHDRAWAL_MIN_USD,
    maxUsd: e.WITHDRAWAL_MAX_USD,
    feePercent: e.WITHDRAWAL_FEE_PERCENT,
    dailyLimit: e.WITHDRAWAL_DAILY_LIMIT,
    addressDelayHours: e.WITHDRAWAL_ADDRESS_DELAY_HOURS,
    perIpPerMinute: e.FUNDING_PER_IP_PER_MINUTE,
  };
}

function supportChannels(e: z.infer<typeof Env>): SupportChannelSettings {
  const parsed = SupportChannelSettings.safeParse({
    email: e.SUPPORT_EMAIL,
    telegram: e.SUPPORT_TELEGRAM ?? null,
    whatsapp: e.SUPPORT_WHATSAPP ?? null,
    chat: e.SUPPORT_CHAT_URL ?? null,
  });
  if (!parsed.success) {
    const names = {
      email: 'SUPPORT_EMAIL',
      telegram: 'SUPPORT_TELEGRAM',
      whatsapp: 'SUPPORT_WHATSAPP',
      chat: 'SUPPORT_CHAT_URL',
    };
    const bad = parsed.error.issues.map((i) => `  ${names[i.path[0] as keyof typeof names]}: not valid`).join('\n');
    throw new Error(`Invalid environment:\n${bad}`);
  }
  return parsed.data;
}

/** `CUR:CHAIN[:x],…` → tuples, each currency and chain checked against the contract's lists. */
function parseOptions(name: string, value: string, parts: number): string[][] {
  const out = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => item.split(':').map((p) => p.trim()));
  for (const item of out) {
    const [currency, chain] = item;
    if (
      item.length !== parts ||
      !(CURRENCY_CODES as string[]).includes(currency!) ||
      !(CHAINS as readonly string[]).includes(chain!)
    ) {
      throw new Error(`Invalid environment:\n  ${name}: bad entry "${item.join(':')}"`);
    }
  }
  if (out.length === 0) throw new Error(`Invalid environment:\n  ${name}: empty`);
  return out;
}

function optionOf<T extends { currency: Currency; chains: unknown[] }>(list: T[], currency: string): T {
  let found = list.find((o) => o.currency === currency);
  if (!found) {
    found = { currency: currency as Currency, chains: [] } as unknown as T;
    list.push(found);
  }
  return found;
}

/** What the funding settings are read from: the live settings store (modules/settings). */
export interface LiveSettings {
  get(key: 'withdrawal'): WithdrawalSettings;
  get(key: 'deposit'): DepositSettings;
}

/**
 * The funding configuration with the parts operators change (issue 17: withdrawal limits and fee, deposit options
 * and addresses) read from the live settings on every access; the rest stays as the environment set it.
 */
export function liveFundingConfig(base: FundingConfig, settings: LiveSettings): FundingConfig {
  return {
    ...base,
    get deposits() {
      return settings.get('deposit').options;
    },
    get depositAddresses() {
      return settings.get('deposit').addresses;
    },
    get minUsd() {
      return settings.get('withdrawal').minUsd;
    },
    get maxUsd() {
      return settings.get('withdrawal').maxUsd;
    },
    get feePercent() {
      return settings.get('withdrawal').feePercent;
    },
    get dailyLimit() {
      return settings.get('withdrawal').dailyLimit;
    },
  };
}

/** The variable that holds the platform's deposit address on `chain`. */
export function depositAddressVariable(chain: Chain): `DEPOSIT_ADDRESS_${Chain}` {
  return `DEPOSIT_ADDRESS_${chain}`;
}

/** The variables a deposit option needs and lacks (each chain once): deposits there are not offered. */
export function missingDepositAddresses(f: FundingConfig): string[] {
  const chains = new Set(f.deposits.flatMap((o) => o.chains.map((c) => c.chain)));
  return [...chains].filter((chain) => !f.depositAddresses[chain]).map(depositAddressVariable);
}
