import { Code } from '@nexa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { ApiError, NO_ANSWER, TIMEOUT_MS, api, fileUrl, uploadSupportImage } from './api';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** The error `p` rejects with. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('resolved');
    },
    (err: unknown) => err,
  );

const offline = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

describe('a call that gets no answer', () => {
  it("is an ApiError in the operator's language, never the browser's 'Failed to fetch'", async () => {
    offline();
    const err = await failure(api('admin/approveDeposit', { id: '1', reason: '' }));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(NO_ANSWER);
    expect((err as ApiError).message).not.toMatch(/Failed to fetch/);
    // A decision that may have been made: look at the record before trying again.
    expect((err as ApiError).message).toMatch(
      /may or may not have been made\. Check the record's current state before trying again$/,
    );
  });

  it('says so in Chinese in the Chinese console', async () => {
    offline();
    await i18n.changeLanguage('zh');
    const err = (await failure(api('admin/rejectWithdrawal', { id: '1', reason: 'x' }))) as ApiError;
    expect(err.message).toMatch(/服务器没有应答/);
    expect(err.message).toMatch(/当前状态/);
  });

  it('a read only asks to try again', async () => {
    offline();
    const err = (await failure(api('admin/deposits', { status: 'review', page: 1, pageSize: 20 }))) as ApiError;
    expect(err.code).toBe(NO_ANSWER);
    expect(err.message).toBe('No answer from the server: check the connection and try again');
  });

  it(`waits ${TIMEOUT_MS / 1000} s at most: a timeout is no answer too`, async () => {
    const fetch = vi.fn((_url: string, init: RequestInit) => {
      expect(init.signal).toBeInstanceOf(AbortSignal);
      return Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));
    });
    vi.stubGlobal('fetch', fetch);
    const err = (await failure(api('admin/approveDeposit', { id: '1', reason: '' }))) as ApiError;
    expect(fetch).toHaveBeenCalledOnce();
    expect(err.code).toBe(NO_ANSWER);
  });

  it('an answer cut off by the timeout while its body arrives is no answer', async () => {
    const res = {
      status: 200,
      json: () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(res));
    const err = (await failure(api('admin/approveDeposit', { id: '1', reason: '' }))) as ApiError;
    expect(err.code).toBe(NO_ANSWER);
  });

  it('an answer that is not an envelope (a proxy page) is said in words, with its status', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })));
    const err = (await failure(api('admin/deposits', { status: 'review', page: 1, pageSize: 20 }))) as ApiError;
    expect(err.code).toBe(Code.INTERNAL);
    expect(err.message).toBe('The server’s answer could not be read (HTTP 502): try again in a moment');
  });

  it('uploads and files are covered as well', async () => {
    offline();
    const upload = (await failure(uploadSupportImage('1', new File(['x'], 'a.png')))) as ApiError;
    expect(upload.code).toBe(NO_ANSWER);
    const file = (await failure(fileUrl('/api/admin/file/a.png'))) as ApiError;
    expect(file.code).toBe(NO_ANSWER);
    expect(file.message).not.toMatch(/Failed to fetch/);
  });
});
