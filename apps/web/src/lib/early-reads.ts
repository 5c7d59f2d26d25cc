/**
 * The read public/boot.js sent before the app's code ran (the signed-in home's banners, issue 18 §2). The app adopts
 * it instead of asking again: `adoptEarlyFetch` hands the request helper its response (once, for the same call in
 * the same language and session), and `earlyAnswer` gives the home page the answer already here, read with the
 * call's contract schema, so its first render shows the banner the shell drew.
 */
import { Code } from '@nexa/contract';
import type { z } from 'zod';

export interface EarlyRead {
  /** The call's path, as `request()` names it (`index/carouselList`). */
  path: string;
  lang: string;
  token: string;
  answer: Promise<Response>;
  /** The answer's JSON once it arrived (null when it was not a 2xx), undefined before. */
  json: unknown;
  /** Set when the request helper took the response. */
  taken?: boolean;
}

declare global {
  interface Window {
    __nexaEarly?: EarlyRead;
  }
}

function early(): EarlyRead | undefined {
  return typeof window === 'undefined' ? undefined : window.__nexaEarly;
}

function header(init: RequestInit | undefined, name: string): string | undefined {
  const headers = init?.headers;
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  if (Array.isArray(headers)) return headers.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  return (headers as Record<string, string>)[name];
}

/**
 * The early response for this fetch, when it is the same read (GET of the same path, no query, same language and
 * token) and nobody took it yet; else undefined and the caller fetches. The caller's abort still rejects it.
 */
export function adoptEarlyFetch(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  baseUrl: string,
): Promise<Response> | undefined {
  const read = early();
  if (!read || read.taken) return undefined;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const same =
    (init?.method ?? 'GET') === 'GET' &&
    url === `${baseUrl.replace(/\/+$/, '')}/${read.path}` &&
    header(init, 'lang') === read.lang &&
    header(init, 'TOKEN') === read.token;
  if (!same) return undefined;
  read.taken = true;
  const signal = init?.signal;
  if (!signal) return read.answer;
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    read.answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The early answer's data for `path` in `lang`, read with the call's schema, when it is already here and succeeded;
 * else undefined (the query asks as usual).
 */
export function earlyAnswer<T>(path: string, lang: string | null, schema: z.ZodType<T>): T | undefined {
  const read = early();
  if (!read || read.path !== path || read.lang !== lang) return undefined;
  const json = read.json as { code?: unknown; data?: unknown } | null | undefined;
  if (!json || json.code !== Code.OK) return undefined;
  const parsed = schema.safeParse(json.data);
  return parsed.success ? parsed.data : undefined;
}
