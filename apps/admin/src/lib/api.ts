import { type AdminApi, Code, type ConsoleApi, adminApi, consoleApi } from '@nexa/contract';
import type { z } from 'zod';
import i18n from '../i18n';
import { currentLang } from './lang';

export { currentLang } from './lang';

/** Every call the console makes, typed by the contract: the body it takes and the data it answers. */
const calls = { ...adminApi, ...consoleApi };
type Calls = AdminApi & ConsoleApi;
export type CallName = keyof Calls;
export type Body<P extends CallName> = z.input<Calls[P]['body']>;
export type Data<P extends CallName> = z.output<Calls[P]['data']>;

const TOKEN_KEY = 'nexa.console.token';
let token: string | null = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(TOKEN_KEY);
const listeners = new Set<() => void>();

export const session = {
  token: () => token,
  set(next: string | null) {
    token = next;
    if (next) sessionStorage.setItem(TOKEN_KEY, next);
    else sessionStorage.removeItem(TOKEN_KEY);
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** A refusal from the server: its envelope code, its message (already in the operator's language), field errors. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** 403: the operator's role may not make this call. */
    readonly status: number,
    readonly fields: { field: string; reason: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The code of an `ApiError` for a request that got no answer: the network failed, or nothing came back within
 * `TIMEOUT_MS`. Not an envelope code: the server may or may not have acted on the request.
 */
export const NO_ANSWER = -1;
/** How long a call waits for its answer before the console says none came. */
export const TIMEOUT_MS = 30_000;

/**
 * `fetch` whose failure to get any answer (the network down, no answer within `TIMEOUT_MS`) is an `ApiError` in the
 * operator's language, never the browser's own "Failed to fetch". A call that may have changed something says that
 * it may have, and to look at the record before trying again: a second try could decide or pay twice.
 */
export async function send(url: string, init: RequestInit, changes: boolean): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw noAnswer(changes);
  }
}

const noAnswer = (changes: boolean) =>
  new ApiError(NO_ANSWER, i18n.t(changes ? 'error.noAnswerChange' : 'error.noAnswerRead'), 0);
const aborted = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

type Envelope = { code: number; msg: string; data: unknown };

/**
 * The server's envelope in `res`. A body that stops arriving (the timeout's signal aborts its reading too) is no
 * answer; one that is not an envelope (a proxy's error page) is said as such, in the operator's language.
 */
async function envelope(res: Response, changes: boolean): Promise<Envelope> {
  try {
    return (await res.json()) as Envelope;
  } catch (err) {
    if (aborted(err)) throw noAnswer(changes);
    throw new ApiError(Code.INTERNAL, i18n.t('error.badAnswer', { status: res.status }), res.status);
  }
}

/** POSTs a contract call with the operator's token; parses the answer with the contract's schema. */
export async function api<P extends CallName>(path: P, body: Body<P> = {} as Body<P>): Promise<Data<P>> {
  const changes = !calls[path].read;
  const res = await send(
    `/api/${path}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        lang: currentLang(),
        ...(token ? { 'ADMIN-TOKEN': token } : {}),
      },
      body: JSON.stringify(body),
    },
    changes,
  );
  const env = await envelope(res, changes);
  if (env.code === Code.UNAUTHORIZED) session.set(null);
  if (env.code !== Code.OK) {
    const fields = (env.data as { fields?: { field: string; reason: string }[] } | null)?.fields ?? [];
    throw new ApiError(env.code, env.msg, res.status, fields);
  }
  return calls[path].data.parse(env.data) as Data<P>;
}

/**
 * An uploaded file (screenshot, identity photo; `url` is the record's `/api/admin/file/…`) as an object URL: the
 * file route wants the operator's header, which an <img> cannot send.
 */
export async function fileUrl(url: string): Promise<string> {
  if (!url.startsWith('/api/admin/file/')) throw new ApiError(Code.NOT_FOUND, 'Not found', 404);
  const res = await send(url, { headers: token ? { 'ADMIN-TOKEN': token } : {} }, false);
  if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) {
    throw new ApiError(res.status === 403 ? Code.REFUSED : Code.NOT_FOUND, res.statusText, res.status);
  }
  const blob = await res.blob().catch((err: unknown) => {
    throw aborted(err) ? noAnswer(false) : err;
  });
  return URL.createObjectURL(blob);
}

/** An image for a support reply (`/api/admin/supportUpload`): checked by the server like a user's upload. */
export async function uploadSupportImage(conversationId: string, file: File): Promise<{ name: string; url: string }> {
  const form = new FormData();
  form.append('file', file);
  const res = await send(
    `/api/admin/supportUpload?id=${encodeURIComponent(conversationId)}`,
    { method: 'POST', headers: { lang: currentLang(), ...(token ? { 'ADMIN-TOKEN': token } : {}) }, body: form },
    // An upload only stores the file the reply will name: trying it again changes nothing.
    false,
  );
  const env = await envelope(res, false);
  if (env.code !== Code.OK) throw new ApiError(env.code, env.msg, res.status);
  return env.data as { name: string; url: string };
}
