import { type AdminApi, Code, type ConsoleApi, adminApi, consoleApi } from '@nexa/contract';
import type { z } from 'zod';

/** Every call the console makes, typed by the contract: the body it takes and the data it answers. */
const calls = { ...adminApi, ...consoleApi };
type Calls = AdminApi & ConsoleApi;
export type CallName = keyof Calls;
export type Body<P extends CallName> = z.input<Calls[P]['body']>;
export type Data<P extends CallName> = z.output<Calls[P]['data']>;

const TOKEN_KEY = 'nexa.console.token';
let token: string | null = sessionStorage.getItem(TOKEN_KEY);
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

export const currentLang = () => (localStorage.getItem('nexa.console.lang') === 'zh' ? 'zh' : 'en');

/** POSTs a contract call with the operator's token; parses the answer with the contract's schema. */
export async function api<P extends CallName>(path: P, body: Body<P> = {} as Body<P>): Promise<Data<P>> {
  const res = await fetch(`/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      lang: currentLang(),
      ...(token ? { 'ADMIN-TOKEN': token } : {}),
    },
    body: JSON.stringify(body),
  });
  const env = (await res.json().catch(() => null)) as { code: number; msg: string; data: unknown } | null;
  if (!env) throw new ApiError(Code.INTERNAL, res.statusText || 'Network error', res.status);
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
  const res = await fetch(url, {
    headers: token ? { 'ADMIN-TOKEN': token } : {},
  });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) {
    throw new ApiError(res.status === 403 ? Code.REFUSED : Code.NOT_FOUND, res.statusText, res.status);
  }
  return URL.createObjectURL(await res.blob());
}

/** An image for a support reply (`/api/admin/supportUpload`): checked by the server like a user's upload. */
export async function uploadSupportImage(conversationId: string, file: File): Promise<{ name: string; url: string }> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`/api/admin/supportUpload?id=${encodeURIComponent(conversationId)}`, {
    method: 'POST',
    headers: { lang: currentLang(), ...(token ? { 'ADMIN-TOKEN': token } : {}) },
    body: form,
  });
  const env = (await res.json().catch(() => null)) as { code: number; msg: string; data: unknown } | null;
  if (!env) throw new ApiError(Code.INTERNAL, res.statusText || 'Network error', res.status);
  if (env.code !== Code.OK) throw new ApiError(env.code, env.msg, res.status);
  return env.data as { name: string; url: string };
}
