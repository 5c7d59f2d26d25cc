import { type TestServer, startTestServer } from '@nexa/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser.js';
import { appSession } from './session.js';

// The server and browser of serverAndBrowser(), with room for a slow start on a loaded machine.
const ctx = {} as { server: TestServer; browser: Browser };
beforeAll(async () => {
  ctx.server = await startTestServer();
  ctx.browser = await launch();
}, 300_000);
// The two close independently; on a loaded CI machine closing took over a minute once (PostgreSQL round).
afterAll(async () => {
  await Promise.all([ctx.browser?.close(), ctx.server?.close()]);
}, 180_000);
const { registerUser, openSignedIn } = appSession(() => ctx.server);

type Manifest = {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

describe('installable app (PWA)', () => {
  it('serves a manifest Chromium can install from, and the service worker uncached', async () => {
    const res = await fetch(`${ctx.server.url}/h5/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Nexa', start_url: '/h5/', scope: '/h5/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#/);
    const sizes = manifest.icons.map((i) => i.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const png = await fetch(`${ctx.server.url}/h5/${icon.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
    const sw = await fetch(`${ctx.server.url}/h5/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const html = await (await fetch(`${ctx.server.url}/h5/`)).text();
    expect(html).toContain('rel="manifest"');
  });

  it(
    'a service worker controls the page after the first load, never answers /api/, and the app loads offline',
    { timeout: 240_000 },
    async () => {
      const context = await phone(ctx.browser, 'allow');
      const page = await context.newPage();
      await page.goto(`${ctx.server.url}/h5/`);
      await page.getByTestId('login-page').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 });
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        `${ctx.server.url}/h5/sw.js`,
      );
      // Precached: the shell; never cached: the API (its responses are not in any cache).
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        }
        return urls;
      });
      expect(cached).toContain('/h5/index.html');
      expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('offline-banner').textContent()).toMatch(/offline/i);
      await shot(page, 'pwa-offline-shell-dark-en');
      // The API is not answered from a cache while offline.
      const api = await page.evaluate(async () => {
        try {
          await fetch('/api/index/info', { method: 'POST' });
          return 'answered';
        } catch {
          return 'failed';
        }
      });
      expect(api).toBe('failed');
      await context.close();
    },
  );

  it(
    'the worker is registered once the signed-in home has loaded and its first reads have answered',
    { timeout: 180_000 },
    async () => {
      const session = await registerUser('pwa');
      const context = await phone(ctx.browser, 'allow');
      const page = await context.newPage();
      // A phone's network: every request takes 300 ms more, so the home's reads are still in flight at its first paint
      // (on the loopback they answer before it, and any order would pass).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 300,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await openSignedIn(page, session, '/pages/tabbarPages/home/index');
      await page.getByTestId('home-page').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 });
      // Its install precaches the whole app (~240 files): the worker's code (workbox-window) is asked for after the
      // page's load event, and no read the screen had started is still in flight then.
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const register = resources.filter((e) => /workbox-window/.test(e.name)).map((e) => e.startTime);
        const reads = resources
          .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }));
        return { loadEnd: nav.loadEventEnd, register, reads };
      });
      expect(timing.register).toHaveLength(1);
      const registeredAt = timing.register[0]!;
      expect(registeredAt).toBeGreaterThanOrEqual(timing.loadEnd);
      const before = timing.reads.filter((r) => r.start < registeredAt);
      expect(before.map((r) => r.path)).toEqual(
        expect.arrayContaining(['/api/user/getUserinfo', '/api/index/overview']),
      );
      expect(before.filter((r) => r.end > registeredAt)).toEqual([]);
      await context.close();
    },
  );

  it('visitors reach the download page and the install guide', { timeout: 240_000 }, async () => {
    for (const [lang, theme] of [
      ['en', 'dark'],
      ['zh', 'light'],
      ['ar', 'dark'],
    ] as const) {
      const context = await phone(ctx.browser, 'allow');
      const page = await context.newPage();
      await page.goto(`${ctx.server.url}/h5/favicon.svg`);
      await page.evaluate(
        ([value]) => localStorage.setItem('nexa-session', value as string),
        [JSON.stringify({ state: { token: null, lang, theme }, version: 1 })],
      );
      await page.goto(`${ctx.server.url}/h5/#/pages/tabbarPages/mine/download`);
      await page.getByTestId('download-page').waitFor();
      await page.getByTestId('download-pwa').waitFor();
      // No native app configured on this server: no native links, the web app's install instead.
      expect(await page.getByTestId('download-native').count()).toBe(0);
      await shot(page, `download-${theme}-${lang}`);
      await page.getByTestId('download-guide').click();
      await page.getByTestId('instructions-page').waitFor();
      await page.getByTestId('instructions-ios').waitFor();
      await page.getByTestId('instructions-android').waitFor();
      expect(await page.locator('.install-art').count()).toBe(6);
      await shot(page, `instructions-${theme}-${lang}`);
      await context.close();
    }
  });
});
