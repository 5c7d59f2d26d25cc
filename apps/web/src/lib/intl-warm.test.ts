import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmNumberFormats } from './intl-warm';

/** A Worker stand-in: the workers started and what each was sent. */
function fakeWorkers(fail = false) {
  const started: { url: string; sent: unknown[] }[] = [];
  class FakeWorker {
    sent: unknown[] = [];
    constructor(url: URL | string) {
      if (fail) throw new Error('refused');
      started.push({ url: String(url), sent: this.sent });
    }
    postMessage(message: unknown) {
      this.sent.push(message);
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('warmNumberFormats', () => {
  it('starts one worker per locale and sends it the locale', () => {
    const started = fakeWorkers();
    warmNumberFormats('de');
    warmNumberFormats('de');
    warmNumberFormats('zh-CN');
    expect(started.map((w) => w.sent)).toEqual([['de'], ['zh-CN']]);
    expect(started.every((w) => /intl-warm\.worker/.test(w.url))).toBe(true);
  });

  it('leaves formatting to the page when the browser refuses the worker or has none', () => {
    fakeWorkers(true);
    expect(() => warmNumberFormats('fr')).not.toThrow();
    vi.unstubAllGlobals();
    vi.stubGlobal('Worker', undefined);
    expect(() => warmNumberFormats('it')).not.toThrow();
  });
});
