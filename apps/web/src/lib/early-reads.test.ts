import { CarouselData } from '@nexa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EarlyRead, adoptEarlyFetch, earlyAnswer } from './early-reads';

const BANNERS = {
  code: 1,
  msg: 'ok',
  data: { list: [{ id: '1', title: 'Trade 40+ markets', image: '/h5/banners/markets.svg', link: '#/pages/x' }] },
};

/** What public/boot.js leaves on the window: a read of the banners, answered with `json`. */
function bootRead(json: unknown = BANNERS): EarlyRead {
  const response = new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
  const read: EarlyRead = {
    path: 'index/carouselList',
    lang: 'de',
    token: 't1',
    answer: Promise.resolve(response),
    json,
  };
  vi.stubGlobal('window', { __nexaEarly: read });
  return read;
}

const get = (headers: Record<string, string> = { lang: 'de', TOKEN: 't1' }, signal?: AbortSignal): RequestInit => ({
  method: 'GET',
  headers,
  ...(signal ? { signal } : {}),
});

describe('the read boot.js sent before the app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is taken once by the same call in the same language and session, and its answer read', async () => {
    const read = bootRead();
    const taken = adoptEarlyFetch('/api/index/carouselList', get(), '/api');
    expect(taken).toBeDefined();
    await expect((await taken)?.json()).resolves.toEqual(BANNERS);
    expect(adoptEarlyFetch('/api/index/carouselList', get(), '/api')).toBeUndefined();
    expect(read.taken).toBe(true);
  });

  it('is not taken by another call, language, session or method', () => {
    bootRead();
    expect(adoptEarlyFetch('/api/index/getList', get(), '/api')).toBeUndefined();
    expect(adoptEarlyFetch('/api/index/carouselList?page=2', get(), '/api')).toBeUndefined();
    expect(adoptEarlyFetch('/api/index/carouselList', get({ lang: 'en', TOKEN: 't1' }), '/api')).toBeUndefined();
    expect(adoptEarlyFetch('/api/index/carouselList', get({ lang: 'de', TOKEN: 't2' }), '/api')).toBeUndefined();
    expect(adoptEarlyFetch('/api/index/carouselList', get({ lang: 'de' }), '/api')).toBeUndefined();
    expect(
      adoptEarlyFetch('/api/index/carouselList', { ...get(), method: 'POST', body: '{}' }, '/api'),
    ).toBeUndefined();
    // Nothing was taken: the right call still gets it.
    expect(adoptEarlyFetch('/api/index/carouselList', get(), '/api')).toBeDefined();
  });

  it("rejects with the caller's abort (the request helper's timeout), answered or not", async () => {
    const read = bootRead();
    read.answer = new Promise(() => {});
    const controller = new AbortController();
    const taken = adoptEarlyFetch('/api/index/carouselList', get(undefined, controller.signal), '/api');
    controller.abort(new DOMException('timed out', 'AbortError'));
    await expect(taken).rejects.toThrow('timed out');
  });

  it('gives its data, read with the call schema, only when it succeeded and matches', () => {
    bootRead();
    expect(earlyAnswer('index/carouselList', 'de', CarouselData)).toEqual(BANNERS.data);
    expect(earlyAnswer('index/carouselList', 'en', CarouselData)).toBeUndefined();
    expect(earlyAnswer('index/carouselList', null, CarouselData)).toBeUndefined();
    bootRead({ code: 500, msg: 'busy', data: null });
    expect(earlyAnswer('index/carouselList', 'de', CarouselData)).toBeUndefined();
    // An answer off the contract is not shown.
    bootRead({ code: 1, msg: 'ok', data: { list: [{ id: 1 }] } });
    expect(earlyAnswer('index/carouselList', 'de', CarouselData)).toBeUndefined();
    // Not yet here.
    bootRead(undefined).json = undefined;
    expect(earlyAnswer('index/carouselList', 'de', CarouselData)).toBeUndefined();
  });

  it('without boot.js (a visitor, another tab) there is nothing to take', () => {
    vi.stubGlobal('window', {});
    expect(adoptEarlyFetch('/api/index/carouselList', get(), '/api')).toBeUndefined();
    expect(earlyAnswer('index/carouselList', 'de', CarouselData)).toBeUndefined();
  });
});
