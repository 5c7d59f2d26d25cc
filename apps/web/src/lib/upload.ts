import { Code, DEFAULT_LANG, type UploadData, UploadData as UploadDataSchema } from '@nexa/contract';
import i18n from 'i18next';
/**
 * `common/upload` (spec §7) and reading uploads back: a multipart POST with the form field `file` and the TOKEN
 * and lang headers. The JSON request helper does not send files, so this is its twin with the same envelope
 * rules (spec §8): a refusal carries the server's msg, 401 ends the session, timeouts and network failures say so.
 */
import { API_BASE, REQUEST_TIMEOUT_MS } from './config';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { ROUTES } from './routes';
import { getSession } from './session-store';

/** A refused or failed upload; `message` is in the user's language (the server's msg, or ours). */
export class UploadError extends Error {
  override readonly name = 'UploadError';
}

function authHeaders(): Record<string, string> {
  const { token, lang } = getSession();
  const headers: Record<string, string> = { lang: lang ?? DEFAULT_LANG };
  if (token) headers.TOKEN = token;
  return headers;
}

/** The session ended (401): the same as the request helper does: forget it and relaunch login. */
function endSession(): void {
  getSession().clearSession();
  queryClient.clear();
  navigateTo(ROUTES.login, { replace: true });
}

/** `/api/common/file/x.png` as the server gives it, against the configured API base (same origin by default). */
export function fileUrl(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  if (url.startsWith('/api/')) return `${API_BASE.replace(/\/+$/, '')}${url.slice(4)}`;
  return `${API_BASE.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * POSTs one image to common/upload (multipart field `file`, TOKEN and lang headers, spec §7) and reports progress
 * (0–1). XMLHttpRequest rather than fetch: fetch cannot report upload progress.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadData> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', fileUrl('/api/common/upload'));
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.ontimeout = () => reject(new UploadError(i18n.t('errors.timeout')));
    xhr.onerror = () => reject(new UploadError(i18n.t('errors.network')));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let json: { code?: unknown; msg?: unknown; data?: unknown };
      try {
        json = JSON.parse(xhr.responseText) as typeof json;
      } catch {
        reject(new UploadError(i18n.t('errors.network')));
        return;
      }
      if (json.code !== Code.OK) {
        if (json.code === Code.UNAUTHORIZED) endSession();
        const msg = typeof json.msg === 'string' && json.msg ? json.msg : i18n.t('errors.network');
        reject(new UploadError(msg));
        return;
      }
      const parsed = UploadDataSchema.safeParse(json.data);
      if (!parsed.success) {
        console.error('[api] common/upload: response data does not match the contract', parsed.error.issues);
        reject(new UploadError(i18n.t('errors.network')));
        return;
      }
      onProgress(1);
      resolve(parsed.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** An upload of the user's own, read with the TOKEN header (the server serves it to its owner only). */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(fileUrl(url), { headers: authHeaders(), signal });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) {
    throw new UploadError(i18n.t('common.loadFailed'));
  }
  return response.blob();
}
