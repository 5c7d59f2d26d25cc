import { describe, expect, it, vi } from 'vitest';
import { TimeoutError, withTimeout } from './async';
import {
  ApiError,
  CLIENT_NETWORK,
  CLIENT_TIMEOUT,
  type NavigateOptions,
  OkxError,
  type RequestDeps,
  createOkxRequest,
  createRequest,
} from './request';
import { ROUTES } from './routes';

const MESSAGES = {
  'errors.timeout': 'Request timed out, please try again later',
  'errors.network': 'Network error, please check your connection',
} as const;

/** Timers driven by hand: nothing runs until the test says so. */
function fakeClock() {
  const tasks: { fn: () => void; ms: number; cancelled: boolean; ran: boolean }[] = [];
  return {
    tasks,
    schedule(fn: () => void, ms: number) {
      const task = { fn, ms, cancelled: false, ran: false };
      tasks.push(task);
      return () => {
        task.cancelled = true;
      };
    },
    /** Runs every pending task scheduled for exactly `ms`. */
    fire(ms: number) {
      for (const task of tasks) {
        if (task.ms === ms && !task.cancelled && !task.ran) {
          task.ran = true;
          task.fn();
        }
      }
    },
    pending(ms: number) {
      return tasks.filter((t) => t.ms === ms && !t.cancelled && !t.ran).length;
    },
  };
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers like a real one would, including rejecting when its signal aborts. */
function hangingFetch(): typeof fetch {
  return (_url, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
}

function setup(fetchImpl: typeof fetch, overrides: Partial<RequestDeps> = {}) {
  const clock = fakeClock();
  const toasts: { msg: string; durationMs: number }[] = [];
  const navigations: { path: string; options?: NavigateOptions }[] = [];
  const loading = { shown: 0, closed: 0 };
  const session = { token: 'tok-123' as string | null, user: { uid: 1 } as unknown, cleared: 0 };
  const fetchSpy = vi.fn(fetchImpl);
  const deps: RequestDeps = {
    fetch: fetchSpy,
    baseUrl: '/api',
    timeoutMs: 30_000,
    getToken: () => session.token,
    getLang: () => 'en',
    toast: {
      show: (msg, durationMs) => toasts.push({ msg, durationMs }),
      loading: () => {
        loading.shown += 1;
        return () => {
          loading.closed += 1;
        };
      },
    },
    translate: (key) => MESSAGES[key],
    clearSession: () => {
      session.token = null;
      session.user = null;
      session.cleared += 1;
    },
    navigate: (path, options) => navigations.push({ path, options }),
    schedule: clock.schedule,
    ...overrides,
  };
  return { request: createRequest(deps), deps, clock, toasts, navigations, loading, session, fetchSpy };
}

const USER = {
  uid: 100001,
  email: 'a@example.com',
  areaCode: null,
  mobile: null,
  inviteCode: 'ABCD1234',
  mode: 'real',
  createdAt: 1_700_000_000_000,
};

describe('request: transport and success', () => {
  it('POSTs JSON with TOKEN and lang headers and returns parsed data', async () => {
    const t = setup(async () => jsonResponse({ code: 1, msg: 'ok', data: USER }));
    const user = await t.request('user/getUserinfo', {});
    expect(user.uid).toBe(100001);
    const [url, init] = t.fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/user/getUserinfo');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ TOKEN: 'tok-123', lang: 'en', 'content-type': 'application/json' });
    expect(init?.body).toBe('{}');
    expect(t.toasts).toEqual([]);
    expect(t.clock.pending(30_000)).toBe(0); // the timeout timer is cancelled once the answer is in
  });

  it('omits TOKEN when there is no session', async () => {
    const t = setup(async () => jsonResponse({ code: 1, msg: '', data: { required: false } }));
    t.session.token = null;
    await t.request('index/getInviteCodeSwitch');
    const headers = t.fetchSpy.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers).not.toHaveProperty('TOKEN');
    expect(headers.lang).toBe('en');
  });

  it('uses GET with query parameters for reads when asked, and POST for writes even if asked for GET', async () => {
    const t = setup(async () => jsonResponse({ code: 1, msg: '', data: { list: [] } }));
    await t.request('index/regions', {}, { method: 'GET' });
    expect(t.fetchSpy.mock.calls[0]![1]?.method).toBe('GET');
    expect(t.fetchSpy.mock.calls[0]![1]?.body).toBeUndefined();
    const t2 = setup(async () => jsonResponse({ code: 1, msg: '', data: { retryAfterSec: 60, expiresInSec: 600 } }));
    await t2.request('ems/send', { email: 'a@example.com', scene: 'register' }, { method: 'GET' });
    expect(t2.fetchSpy.mock.calls[0]![1]?.method).toBe('POST');
    expect(JSON.parse(String(t2.fetchSpy.mock.calls[0]![1]?.body))).toEqual({
      email: 'a@example.com',
      scene: 'register',
    });
  });

  it('showLoading shows a loading toast for the duration of the call, success or not', async () => {
    const t = setup(async () => jsonResponse({ code: 1, msg: '', data: null }));
    await t.request('user/logout', {}, { showLoading: true });
    expect(t.loading).toEqual({ shown: 1, closed: 1 });
    const t2 = setup(async () => jsonResponse({ code: 0, msg: 'No', data: null }));
    await expect(t2.request('user/logout', {}, { showLoading: true })).rejects.toBeInstanceOf(ApiError);
    expect(t2.loading).toEqual({ shown: 1, closed: 1 });
    expect(t2.toasts).toEqual([{ msg: 'No', durationMs: 2000 }]);
  });
});

describe('request: spec §8 error catalogue', () => {
  it('§8 row 1: a code other than 1 shows msg as a toast for 2 seconds and rejects with ApiError', async () => {
    const t = setup(async () => jsonResponse({ code: 0, msg: 'Incorrect account or password', data: null }));
    const error = await t.request('user/login', { type: 'email', email: 'a@b.co', password: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 0, msg: 'Incorrect account or password' });
    expect(t.toasts).toEqual([{ msg: 'Incorrect account or password', durationMs: 2000 }]);
    expect(t.navigations).toEqual([]);
    expect(t.session.cleared).toBe(0);
  });

  it('§8 row 1 (400): the refused fields travel with the error', async () => {
    const data = { fields: [{ field: 'email', reason: 'invalid' }] };
    const t = setup(async () => jsonResponse({ code: 400, msg: 'Please enter a valid e-mail address', data }));
    const error: ApiError = await t.request('ems/send', { email: 'x', scene: 'register' }).catch((e) => e);
    expect(error.code).toBe(400);
    expect(error.fields).toEqual([{ field: 'email', reason: 'invalid' }]);
    expect(t.toasts).toEqual([{ msg: 'Please enter a valid e-mail address', durationMs: 2000 }]);
  });

  it('§8 row 2: code 401 clears the token (and user) and relaunches the login page', async () => {
    const t = setup(async () => jsonResponse({ code: 401, msg: 'Please log in', data: null }));
    await expect(t.request('user/getUserinfo')).rejects.toMatchObject({ code: 401 });
    expect(t.session).toMatchObject({ token: null, user: null, cleared: 1 });
    expect(t.navigations).toEqual([{ path: ROUTES.login, options: { replace: true } }]);
    expect(t.toasts).toEqual([{ msg: 'Please log in', durationMs: 2000 }]);
  });

  it('a 401 for a token the app no longer holds (logged out meanwhile) is not said and leaves the session alone', async () => {
    let answer: (r: Response) => void = () => {};
    const t = setup(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const read = t.request('user/getUserinfo');
    await vi.waitFor(() => expect(t.fetchSpy).toHaveBeenCalled());
    // Logged out while the read was on its way; then signed in as someone else.
    t.session.token = 'tok-next';
    answer(jsonResponse({ code: 401, msg: 'Your session has expired', data: null }));
    await expect(read).rejects.toMatchObject({ code: 401 });
    expect(t.toasts).toEqual([]);
    expect(t.navigations).toEqual([]);
    expect(t.session).toMatchObject({ token: 'tok-next', cleared: 0 });
  });

  it('sends the token it is given instead of the session one (a log-out after the app forgot it)', async () => {
    const t = setup(async () => jsonResponse({ code: 1, msg: 'ok', data: null }));
    t.session.token = null;
    await t.request('user/logout', {}, { silent: true, token: 'tok-old' });
    expect(new Headers(t.fetchSpy.mock.calls[0]![1]!.headers).get('TOKEN')).toBe('tok-old');
  });

  it('§8 row 3: code 402 opens the verification page after 2 seconds', async () => {
    const t = setup(async () => jsonResponse({ code: 402, msg: 'Verify your identity first', data: null }));
    await expect(t.request('user/getUserinfo')).rejects.toMatchObject({ code: 402 });
    expect(t.toasts).toEqual([{ msg: 'Verify your identity first', durationMs: 2000 }]);
    expect(t.navigations).toEqual([]);
    expect(t.clock.pending(2000)).toBe(1);
    t.clock.fire(2000);
    expect(t.navigations).toEqual([{ path: ROUTES.verification, options: undefined }]);
    expect(ROUTES.verification).toBe('/pages/tabbarPages/home/verification');
    expect(t.session.cleared).toBe(0);
  });

  it('§8 row 4: code 403 opens the set-withdrawal-password page after 2 seconds', async () => {
    const t = setup(async () => jsonResponse({ code: 403, msg: 'Set a withdrawal password first', data: null }));
    await expect(t.request('user/getUserinfo')).rejects.toMatchObject({ code: 403 });
    expect(t.navigations).toEqual([]);
    t.clock.fire(2000);
    expect(t.navigations).toEqual([{ path: ROUTES.withdrawalPassword, options: undefined }]);
    expect(ROUTES.withdrawalPassword).toBe('/pages/tabbarPages/mine/withdwawalPassword');
    expect(t.toasts).toEqual([{ msg: 'Set a withdrawal password first', durationMs: 2000 }]);
  });

  it('§8 row 5: a request that outlives the timeout is aborted and toasts the localized timeout message', async () => {
    const t = setup(hangingFetch());
    const pending = t.request('user/getUserinfo').catch((e) => e);
    // The fetch (and its timer) starts once the call registry is here, a few microtasks after the call.
    await vi.waitFor(() => expect(t.fetchSpy).toHaveBeenCalled());
    expect(t.clock.pending(30_000)).toBe(1);
    t.clock.fire(30_000);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(CLIENT_TIMEOUT);
    expect(t.toasts).toEqual([{ msg: 'Request timed out, please try again later', durationMs: 2000 }]);
    expect(t.fetchSpy.mock.calls[0]![1]?.signal?.aborted).toBe(true);
    expect(t.navigations).toEqual([]);
  });

  it('§8 row 6: a network failure toasts the localized network message', async () => {
    const t = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await t.request('user/getUserinfo').catch((e) => e);
    expect(error).toMatchObject({ code: CLIENT_NETWORK });
    expect(t.toasts).toEqual([{ msg: 'Network error, please check your connection', durationMs: 2000 }]);
  });

  it("a money call's lost answer is left to the money-call flow (it looks the outcome up first); its refusal is toasted", async () => {
    const body = { from: 'spot', to: 'delivery', currency: 'USDT', amount: '1000', requestId: 'rid-12345678' } as const;
    const lost = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(lost.request('index/zySubmit', body)).rejects.toMatchObject({ code: CLIENT_NETWORK });
    expect(lost.toasts).toEqual([]);
    const refused = setup(async () => jsonResponse({ code: 0, msg: 'Insufficient balance', data: null }));
    await expect(refused.request('index/zySubmit', body)).rejects.toMatchObject({ code: 0 });
    expect(refused.toasts).toEqual([{ msg: 'Insufficient balance', durationMs: 2000 }]);
  });

  it('§8 row 6: an answer that is not JSON (a proxy error page) counts as a network failure', async () => {
    const t = setup(async () => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    await expect(t.request('user/getUserinfo')).rejects.toMatchObject({ code: CLIENT_NETWORK });
    expect(t.toasts).toEqual([{ msg: 'Network error, please check your connection', durationMs: 2000 }]);
  });

  it('§8 row 6: JSON without an envelope, or data that breaks the contract, counts as a network failure', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = setup(async () => jsonResponse({ hello: 'world' }));
    await expect(t.request('user/getUserinfo')).rejects.toMatchObject({ code: CLIENT_NETWORK });
    const t2 = setup(async () => jsonResponse({ code: 1, msg: '', data: { uid: 'not-a-number' } }));
    await expect(t2.request('user/getUserinfo')).rejects.toMatchObject({ code: CLIENT_NETWORK });
    expect(t2.toasts).toEqual([{ msg: 'Network error, please check your connection', durationMs: 2000 }]);
    expect(errorLog).toHaveBeenCalledOnce();
    errorLog.mockRestore();
  });

  it('silent skips the toast but keeps the 401 relaunch', async () => {
    const t = setup(async () => jsonResponse({ code: 401, msg: 'Please log in', data: null }));
    await expect(t.request('user/getUserinfo', {}, { silent: true })).rejects.toMatchObject({ code: 401 });
    expect(t.toasts).toEqual([]);
    expect(t.navigations).toEqual([{ path: ROUTES.login, options: { replace: true } }]);
  });

  const REGISTRIES = ['./api-registry', './api-registry-first'] as const;
  const unmockRegistries = () => {
    for (const chunk of REGISTRIES) vi.doUnmock(chunk);
  };

  /**
   * A `request` whose call registry (its own chunk) fails to download, never arrives, or arrives when the test opens
   * the gate.
   */
  async function withRegistry(registry: 'failing' | 'hanging' | 'gated', fetchImpl?: typeof fetch) {
    vi.resetModules();
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // Both registries (the first reads' and the full one) behave alike here; the next test tells them apart.
    for (const chunk of REGISTRIES) {
      vi.doMock(chunk, async () => {
        if (registry === 'failing') throw new TypeError('Failed to fetch dynamically imported module');
        if (registry === 'hanging') return new Promise(() => {});
        await gate;
        return vi.importActual(chunk);
      });
    }
    const fresh = await import('./request');
    const data = { default: 'de', list: [] };
    const fetchSpy = vi.fn(fetchImpl ?? (async () => new Response(JSON.stringify({ code: 1, msg: '', data }))));
    const t = setup(fetchSpy);
    return { ...t, data, fetchSpy, open, request: fresh.createRequest({ ...t.deps, fetch: fetchSpy }) };
  }

  it('a call registry that cannot be downloaded is a network failure, only a read asked as GET was sent, and the next call tries again', async () => {
    try {
      const t = await withRegistry('failing');
      // No POST goes out: its answer could not be read, and a money call would look failed when it was not.
      await expect(t.request('user/getUserinfo')).rejects.toMatchObject({ code: CLIENT_NETWORK });
      expect(t.fetchSpy).not.toHaveBeenCalled();
      // A read asked as GET left beside the download; its answer cannot be read without the registry either.
      await expect(t.request('index/regions', {}, { method: 'GET', silent: true })).rejects.toMatchObject({
        code: CLIENT_NETWORK,
      });
      expect(t.fetchSpy).toHaveBeenCalledTimes(1);
      expect(t.fetchSpy.mock.calls[0]?.[1]?.method).toBe('GET');
      expect(t.toasts).toEqual([{ msg: 'Network error, please check your connection', durationMs: 2000 }]);
      unmockRegistries();
      // The failed download is forgotten: once the chunk arrives, the call goes out and its answer is read.
      await expect(t.request('index/language')).resolves.toEqual(t.data);
      expect(t.fetchSpy).toHaveBeenCalledTimes(2);
    } finally {
      unmockRegistries();
      vi.resetModules();
    }
  });

  it('a read asked as GET goes out while the registry downloads and its answer is read against the contract once it is here; a POST waits for it', async () => {
    try {
      const carousel = { list: [{ id: '1', image: '/h5/banners/a.svg', title: 'A', link: '' }] };
      const t = await withRegistry('gated', async (url) =>
        String(url).includes('carouselList')
          ? jsonResponse({ code: 1, msg: '', data: carousel })
          : jsonResponse({ code: 1, msg: '', data: USER }),
      );
      const read = t.request('index/carouselList', {}, { method: 'GET' });
      const write = t.request('user/getUserinfo');
      await vi.waitFor(() => expect(t.fetchSpy).toHaveBeenCalledTimes(1));
      expect(String(t.fetchSpy.mock.calls[0]?.[0])).toBe('/api/index/carouselList');
      expect(t.fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', headers: { TOKEN: 'tok-123', lang: 'en' } });
      // The answer is here, the registry is not: nothing resolves, and the POST has not left.
      await new Promise((r) => setTimeout(r, 20));
      expect(t.fetchSpy).toHaveBeenCalledTimes(1);
      t.open();
      await expect(read).resolves.toEqual(carousel);
      await expect(write).resolves.toEqual(USER);
      expect(t.fetchSpy.mock.calls[1]?.[1]?.method).toBe('POST');
      // Once the registry is here, reads go as before: one request each.
      await expect(t.request('index/carouselList', {}, { method: 'GET' })).resolves.toEqual(carousel);
      expect(t.fetchSpy).toHaveBeenCalledTimes(3);
    } finally {
      unmockRegistries();
      vi.resetModules();
    }
  });

  it('an early answer that breaks the contract is refused like any other, and a GET asked for a call that is not a read goes again as a POST', async () => {
    try {
      const t = await withRegistry('gated', async (url, init) =>
        init?.method === 'GET' && String(url).includes('carouselList')
          ? jsonResponse({ code: 1, msg: '', data: { list: 'not a list' } })
          : init?.method === 'GET'
            ? jsonResponse({ code: 404, msg: 'Not found' }, 404)
            : jsonResponse({ code: 1, msg: '', data: { default: 'de', list: [] } }),
      );
      const broken = t.request('index/carouselList', {}, { method: 'GET', silent: true }).catch((e) => e);
      // index/language changes nothing but is not a read: the server serves it by POST only.
      const notRead = t.request('index/language', {}, { method: 'GET' });
      await vi.waitFor(() => expect(t.fetchSpy).toHaveBeenCalledTimes(2));
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      t.open();
      expect(await broken).toMatchObject({ code: CLIENT_NETWORK });
      await expect(notRead).resolves.toEqual({ default: 'de', list: [] });
      spy.mockRestore();
      expect(t.fetchSpy.mock.calls.map((c) => [String(c[0]), c[1]?.method])).toEqual([
        ['/api/index/carouselList', 'GET'],
        ['/api/index/language', 'GET'],
        ['/api/index/language', 'POST'],
      ]);
      expect(t.toasts).toEqual([]);
    } finally {
      unmockRegistries();
      vi.resetModules();
    }
  });

  it("reads a first read's answer with the first reads' registry while the full one is still downloading; any other call waits for the full one", async () => {
    try {
      vi.resetModules();
      let open = () => {};
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      vi.doMock('./api-registry', async () => {
        await gate;
        return vi.importActual('./api-registry');
      });
      const fresh = await import('./request');
      const carousel = { list: [{ id: '1', image: '/h5/banners/a.svg', title: 'A', link: '' }] };
      const fetchSpy = vi.fn(async (url: RequestInfo | URL) =>
        String(url).includes('carouselList')
          ? jsonResponse({ code: 1, msg: '', data: carousel })
          : jsonResponse({ code: 1, msg: '', data: { default: 'de', list: [] } }),
      );
      const t = setup(fetchSpy);
      const request = fresh.createRequest({ ...t.deps, fetch: fetchSpy });
      await expect(request('index/carouselList', {}, { method: 'GET' })).resolves.toEqual(carousel);
      // Not a first read: nothing is sent until the full registry is here.
      const other = request('index/language');
      await new Promise((r) => setTimeout(r, 20));
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      open();
      await expect(other).resolves.toEqual({ default: 'de', list: [] });
      expect(fetchSpy).toHaveBeenCalledTimes(2);
    } finally {
      unmockRegistries();
      vi.resetModules();
    }
  });

  it('a registry that never arrives times out like the call itself, and a cancel meanwhile rejects quietly', async () => {
    try {
      const t = await withRegistry('hanging');
      const slow = t.request('user/getUserinfo', {}, { showLoading: true }).catch((e) => e);
      const controller = new AbortController();
      const cancelled = t.request('index/language', {}, { signal: controller.signal }).catch((e) => e);
      await vi.waitFor(() => expect(t.clock.pending(30_000)).toBe(2));
      controller.abort(new DOMException('cancelled', 'AbortError'));
      expect(await cancelled).not.toBeInstanceOf(ApiError);
      t.clock.fire(30_000);
      expect(await slow).toMatchObject({ code: CLIENT_TIMEOUT });
      expect(t.toasts).toEqual([{ msg: 'Request timed out, please try again later', durationMs: 2000 }]);
      expect(t.loading).toEqual({ shown: 1, closed: 1 });
      expect(t.fetchSpy).not.toHaveBeenCalled();
    } finally {
      unmockRegistries();
      vi.resetModules();
    }
  });

  it('a call cancelled by its caller rejects quietly', async () => {
    const t = setup(hangingFetch());
    const controller = new AbortController();
    const pending = t.request('user/getUserinfo', {}, { signal: controller.signal }).catch((e) => e);
    controller.abort(new DOMException('cancelled', 'AbortError'));
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(t.toasts).toEqual([]);
    expect(t.navigations).toEqual([]);
  });

  it('§8 "page load failure": a chunk that does not arrive in time is an error', async () => {
    const clock = fakeClock();
    const never = new Promise<never>(() => {});
    const pending = withTimeout(never, 60_000, clock.schedule).catch((e) => e);
    clock.fire(60_000);
    expect(await pending).toBeInstanceOf(TimeoutError);
    const quick = withTimeout(Promise.resolve('page'), 60_000, clock.schedule);
    await expect(quick).resolves.toBe('page');
  });
});

describe('createOkxRequest: spec §8 second request helper', () => {
  function setupOkx(fetchImpl: typeof fetch) {
    const clock = fakeClock();
    const toasts: { msg: string; durationMs: number }[] = [];
    const fetchSpy = vi.fn(fetchImpl);
    const okx = createOkxRequest({
      fetch: fetchSpy,
      baseUrl: 'https://www.okx.com/api/v5/',
      timeoutMs: 30_000,
      toast: { show: (msg, durationMs) => toasts.push({ msg, durationMs }), loading: () => () => {} },
      translate: (key) => MESSAGES[key],
      schedule: clock.schedule,
    });
    return { okx, clock, toasts, fetchSpy };
  }

  it("code '0' (a string) is success: data is returned and nothing is shown", async () => {
    const t = setupOkx(async () =>
      jsonResponse({ code: '0', msg: '', data: [{ instId: 'BTC-USDT', last: '65000.1' }] }),
    );
    const data = await t.okx<{ instId: string }[]>('market/ticker', { instId: 'BTC-USDT' });
    expect(data[0]?.instId).toBe('BTC-USDT');
    expect(t.fetchSpy.mock.calls[0]![0]).toBe('https://www.okx.com/api/v5/market/ticker?instId=BTC-USDT');
    expect(t.toasts).toEqual([]);
  });

  it("any other code is an error whose msg is shown, the number 0 and '1' included", async () => {
    for (const code of ['51001', 0, '1', 1]) {
      const t = setupOkx(async () => jsonResponse({ code, msg: `Instrument ID does not exist (${code})`, data: [] }));
      const error = (await t.okx('market/ticker').catch((e: unknown) => e)) as OkxError;
      expect(error).toBeInstanceOf(OkxError);
      expect(error.code).toBe(String(code));
      expect(t.toasts).toEqual([{ msg: `Instrument ID does not exist (${code})`, durationMs: 2000 }]);
    }
  });

  it('times out and fails on the network like the main helper', async () => {
    const t = setupOkx(hangingFetch());
    const pending = t.okx('market/ticker').catch((e) => e);
    t.clock.fire(30_000);
    expect(await pending).toMatchObject({ code: CLIENT_TIMEOUT });
    expect(t.toasts).toEqual([{ msg: 'Request timed out, please try again later', durationMs: 2000 }]);
    const t2 = setupOkx(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(t2.okx('market/ticker')).rejects.toMatchObject({ code: CLIENT_NETWORK });
    expect(t2.toasts).toEqual([{ msg: 'Network error, please check your connection', durationMs: 2000 }]);
  });
});
