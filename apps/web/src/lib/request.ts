/**
 * The request helpers: the spec's error catalogue (§8) in one place. Everything they touch outside themselves
 * (fetch, time, toasts, navigation, the session) is passed in, so the rules are unit-tested without a browser
 * (request.test.ts); src/lib/http.ts wires the app's instances.
 */
import { type ApiBody, type ApiData, type ApiPath, Code, type FieldError, type api } from '@nexa/contract';
import type { z } from 'zod';
import { type Schedule, TimeoutError, loadOnce, withTimeout } from './async';
import { REDIRECT_DELAY_MS, TOAST_DURATION_MS } from './config';
import { ROUTES } from './routes';

/** Client-side codes for failures that never reached a server answer. Negative: they cannot clash with the API's. */
export const CLIENT_TIMEOUT = -1;
export const CLIENT_NETWORK = -2;

export type TransportMessageKey = 'errors.timeout' | 'errors.network';

export interface Toaster {
  /** Shows `msg` for `durationMs`. */
  show(msg: string, durationMs: number): void;
  /** Shows a blocking loading toast until the returned function is called. */
  loading(): () => void;
}

export interface NavigateOptions {
  replace?: boolean;
}

interface TransportDeps {
  fetch: typeof fetch;
  /** Prefix of every path, e.g. "/api". */
  baseUrl: string;
  timeoutMs: number;
  toast: Toaster;
  /** The localized sentence for a transport failure. */
  translate: (key: TransportMessageKey) => string;
  schedule: Schedule;
}

export interface RequestDeps extends TransportDeps {
  getToken: () => string | null;
  getLang: () => string;
  /** Forgets token and user (401). */
  clearSession: () => void;
  navigate: (path: string, options?: NavigateOptions) => void;
}

export interface RequestOptions {
  /** Reads may use GET (query parameters); everything else is POST. */
  method?: 'GET' | 'POST';
  /** Show a loading toast while the call runs (spec §7 "showLoading"). */
  showLoading?: boolean;
  /** Do not toast the failure (the caller shows it another way, or it is a background call). */
  silent?: boolean;
  /** Cancels the call; a cancelled call rejects without a toast. */
  signal?: AbortSignal;
  /** Sends this token instead of the session's (a log-out revokes the token the app has already forgotten). */
  token?: string;
}

/** A refusal with the answer's code, message and data; `code` is the API's number or OKX's string. */
abstract class RefusalError<C extends number | string> extends Error {
  constructor(
    readonly code: C,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}

/** A refused call: an envelope code other than 1, or a transport failure (CLIENT_TIMEOUT, CLIENT_NETWORK). */
export class ApiError extends RefusalError<number> {
  override readonly name = 'ApiError';

  /** The refused fields of a 400 answer. */
  get fields(): FieldError[] {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    if (!Array.isArray(fields)) return [];
    return fields.filter(
      (f): f is FieldError =>
        typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.reason === 'string',
    );
  }

  get isTransport(): boolean {
    return this.code === CLIENT_TIMEOUT || this.code === CLIENT_NETWORK;
  }
}

/** A refusal from the second helper (OKX-style `code !== '0'`). */
export class OkxError extends RefusalError<string> {
  override readonly name = 'OkxError';
}

function isAbortedBy(signal: AbortSignal | undefined): signal is AbortSignal {
  return signal?.aborted === true;
}

/**
 * fetch + JSON with a timeout. Rejects with ApiError(CLIENT_TIMEOUT) after `timeoutMs` (body included),
 * ApiError(CLIENT_NETWORK) when the network fails or the answer is not JSON, or the caller's abort reason.
 */
async function fetchJson(
  deps: TransportDeps,
  url: string,
  init: RequestInit,
  callerSignal: AbortSignal | undefined,
): Promise<unknown> {
  // Cancelled while the call registry loaded: nothing is sent.
  if (callerSignal?.aborted) throw callerSignal.reason ?? new DOMException('aborted', 'AbortError');
  const controller = new AbortController();
  let timedOut = false;
  const cancelTimer = deps.schedule(() => {
    timedOut = true;
    controller.abort();
  }, deps.timeoutMs);
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await deps.fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // A proxy's HTML error page, an empty 502: the API never answered.
      throw new ApiError(CLIENT_NETWORK, deps.translate('errors.network'));
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(CLIENT_TIMEOUT, deps.translate('errors.timeout'));
    if (isAbortedBy(callerSignal)) throw callerSignal.reason ?? error;
    throw new ApiError(CLIENT_NETWORK, deps.translate('errors.network'));
  } finally {
    cancelTimer();
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

function toQuery(params: object | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

type Envelope = { code: unknown; msg?: unknown; data?: unknown };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/** The registry has arrived (reads stop going out ahead of it). */
let registryLoaded = false;
/**
 * The call registry (every body's and answer's schema), loaded by the first call rather than with the first route:
 * building the contract's schemas is most of zod's start-up work, and a visitor's first paint needs none of it
 * (docs/decisions.md "First load"). A failed download is forgotten, so the next call tries again.
 */
const loadRegistry = loadOnce(() =>
  import('./api-registry').then((m) => {
    registryLoaded = true;
    return m.api;
  }),
);

/**
 * The registry of a signed-in start's first reads (`firstReadsApi`, in the contract's small core chunk): their
 * answers are read with a few schemas, not after the whole contract's are built (issue 18 §2: the home page's first
 * render waited ~200 ms at Lighthouse's 4x for schemas it does not use). Every call looks there first; any other
 * call loads the full registry. Its failed download is forgotten too.
 */
const loadFirstReads = loadOnce(() =>
  import('./api-registry-first').then((m) => m.firstReadsApi as Partial<typeof api>),
);

/** The schemas of one call: from the first reads' registry when it is one of them, else from the full one. */
async function loadDef<P extends ApiPath>(path: P): Promise<(typeof api)[P]> {
  return (await loadFirstReads())[path] ?? (await loadRegistry())[path];
}

/** Starts loading the first reads' registry now (a signed-in start, whose first screen makes them at once). */
export function preloadRegistry(): void {
  void loadFirstReads().catch(() => {});
}

/**
 * A call's schemas within the call's own limits: the timeout (then the fetch has its own) and the caller's abort (a
 * quiet rejection). A download that failed is a network error.
 */
async function defWithin<P extends ApiPath>(
  deps: TransportDeps,
  path: P,
  signal: AbortSignal | undefined,
): Promise<(typeof api)[P]> {
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([withTimeout(loadDef(path), deps.timeoutMs, deps.schedule), aborted]);
  } catch (error) {
    if (isAbortedBy(signal)) throw signal.reason ?? error;
    if (error instanceof TimeoutError) throw new ApiError(CLIENT_TIMEOUT, deps.translate('errors.timeout'));
    throw new ApiError(CLIENT_NETWORK, deps.translate('errors.network'));
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

export type Request = <P extends ApiPath>(path: P, body?: ApiBody<P>, options?: RequestOptions) => Promise<ApiData<P>>;

/** The app's API helper: `{code, msg, data}` with code 1 = success (ARCHITECTURE §6). */
export function createRequest(deps: RequestDeps): Request {
  return async function request<P extends ApiPath>(
    path: P,
    body?: ApiBody<P>,
    options: RequestOptions = {},
  ): Promise<ApiData<P>> {
    const stopLoading = options.showLoading ? deps.toast.loading() : undefined;
    const sentToken = options.token ?? deps.getToken();
    let outcome: { ok: true; data: ApiData<P> } | { ok: false; error: unknown };
    try {
      const headers: Record<string, string> = { lang: deps.getLang() };
      if (sentToken) headers.TOKEN = sentToken;
      const url = joinUrl(deps.baseUrl, path);
      const asGet = (): [string, RequestInit] => [
        url + toQuery(body as object | undefined),
        { method: 'GET', headers },
      ];
      const asPost = (): [string, RequestInit] => [
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        },
      ];
      // A read the caller sends as GET leaves at once, beside the registry's download: a first screen's data comes
      // with its code instead of after it. Its answer is read once the registry is here. Nothing else is sent before
      // the registry is here: a call the server carried out must never be reported as failed for want of the schema
      // to read its answer (a money call would be submitted twice).
      const early = options.method === 'GET' && !registryLoaded ? fetchJson(deps, ...asGet(), options.signal) : null;
      early?.catch(() => {});
      const def = await defWithin(deps, path, options.signal);
      let answer: Promise<unknown>;
      if (early && def.read) answer = early;
      else {
        // A GET asked for a call that is not a read was refused by the server (it serves GET for reads only), so the
        // early copy did nothing; the call goes as a POST like any other.
        const [u, init] = options.method === 'GET' && def.read ? asGet() : asPost();
        answer = fetchJson(deps, u, init, options.signal);
      }
      outcome = { ok: true, data: readAnswer(path, def.data, await answer) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    stopLoading?.();
    if (outcome.ok) return outcome.data;

    const { error } = outcome;
    if (!(error instanceof ApiError)) throw error; // the caller cancelled: nothing to tell anyone
    // A money call (its body carries a requestId) whose answer was lost is not said here: lib/use-money-call.ts looks
    // its outcome up first, so a delivery order placed during a timeout is not reported as "timed out, try again".
    const moneyCallLost =
      error.isTransport && typeof (body as { requestId?: unknown } | undefined)?.requestId === 'string';
    // A 401 for a token the app no longer holds (logged out, or signed in again, while the call was on its way) says
    // nothing about the session now: not toasted, and the current session is left alone.
    if (error.code === Code.UNAUTHORIZED && sentToken !== deps.getToken()) throw error;
    if (!options.silent && !moneyCallLost) deps.toast.show(error.msg, TOAST_DURATION_MS);
    switch (error.code) {
      case Code.UNAUTHORIZED:
        deps.clearSession();
        deps.navigate(ROUTES.login, { replace: true });
        break;
      case Code.VERIFICATION_REQUIRED:
        deps.schedule(() => deps.navigate(ROUTES.verification), REDIRECT_DELAY_MS);
        break;
      case Code.WITHDRAWAL_PASSWORD_REQUIRED:
        deps.schedule(() => deps.navigate(ROUTES.withdrawalPassword), REDIRECT_DELAY_MS);
        break;
    }
    throw error;

    function readAnswer(p: P, schema: z.ZodType, json: unknown): ApiData<P> {
      if (!isEnvelope(json) || typeof json.code !== 'number') {
        throw new ApiError(CLIENT_NETWORK, deps.translate('errors.network'));
      }
      if (json.code !== Code.OK) {
        const msg = typeof json.msg === 'string' && json.msg ? json.msg : deps.translate('errors.network');
        throw new ApiError(json.code, msg, json.data ?? null);
      }
      const parsed = schema.safeParse(json.data ?? null);
      if (!parsed.success) {
        // The server broke the contract: treat it like an unreadable answer, and say where for the developer.
        console.error(`[api] ${p}: response data does not match the contract`, parsed.error.issues);
        throw new ApiError(CLIENT_NETWORK, deps.translate('errors.network'));
      }
      return parsed.data as ApiData<P>;
    }
  };
}

export interface OkxRequestOptions<T> {
  silent?: boolean;
  signal?: AbortSignal;
  /** Parses `data`; without it `data` is returned as is. */
  schema?: z.ZodType<T>;
}

export type OkxRequest = <T = unknown>(
  path: string,
  params?: Record<string, string | number | boolean | undefined>,
  options?: OkxRequestOptions<T>,
) => Promise<T>;

/**
 * The spec's "second request helper" (§8), for market data in OKX v5 form: GET, `{code, msg, data}` where only
 * the string '0' is success; any other code (the number 0 included) is an error whose msg is shown.
 */
export function createOkxRequest(deps: TransportDeps): OkxRequest {
  return async function okxRequest<T = unknown>(
    path: string,
    params?: Record<string, string | number | boolean | undefined>,
    options: OkxRequestOptions<T> = {},
  ): Promise<T> {
    const url = joinUrl(deps.baseUrl, path) + toQuery(params);
    try {
      const json = await fetchJson(deps, url, { method: 'GET' }, options.signal);
      if (!isEnvelope(json)) throw new ApiError(CLIENT_NETWORK, deps.translate('errors.network'));
      if (json.code !== '0') {
        const msg = typeof json.msg === 'string' && json.msg ? json.msg : deps.translate('errors.network');
        throw new OkxError(String(json.code), msg, json.data ?? null);
      }
      if (!options.schema) return json.data as T;
      const parsed = options.schema.safeParse(json.data);
      if (!parsed.success) {
        console.error(`[okx] ${path}: response data does not match the schema`, parsed.error.issues);
        throw new ApiError(CLIENT_NETWORK, deps.translate('errors.network'));
      }
      return parsed.data;
    } catch (error) {
      if ((error instanceof ApiError || error instanceof OkxError) && !options.silent) {
        deps.toast.show(error.msg, TOAST_DURATION_MS);
      }
      throw error;
    }
  };
}
