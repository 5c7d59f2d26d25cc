import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type TestServer, startTestServer } from '@nexa/server/testing';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium, never a downloaded build (the machine has no network but the package registries). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * How a journey's phone treats the app's service worker. Blocked unless a journey is about it (`pwa`, `offline`):
 * in every new context the worker's install downloads the whole precache (some 240 files) and then every request of
 * the page passes through its handler, which cost 17 % of the browser journeys' CPU (four files measured both ways in
 * one sitting: 482 s against 400 s) on CI's two cores, for nothing those journeys check.
 */
export type ServiceWorkers = 'block' | 'allow';

/** A phone: 390×844 at 2×, touch enabled. */
export function phone(browser: Browser, serviceWorkers: ServiceWorkers = 'block'): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE_CONTEXT, viewport: { width: 390, height: 844 }, serviceWorkers });
}

/** What every phone context shares (layout.e2e opens other screen sizes). */
export const PHONE_CONTEXT = {
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  serviceWorkers: 'block',
} as const satisfies Parameters<Browser['newContext']>[0];

/** Screenshots go to SCREENSHOT_DIR when it is set (for people to look at), else nowhere. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The real server (with its market feed) and one browser for a journey file: started before its tests, closed
 * after them. Read `.server` and `.browser` inside tests.
 */
export function serverAndBrowser(
  /** Replaces parts of the server's configuration (e.g. a deployment with fewer deposit addresses). */
  overrides: () => Parameters<typeof startTestServer>[0] = () => ({}),
): { server: TestServer; browser: Browser } {
  const ctx = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    ctx.server = await startTestServer(overrides());
    ctx.browser = await launch();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.close();
  });
  return ctx;
}

/**
 * Records the page's Content-Security-Policy violations from its first script on (the CSP refuses eval: zod must
 * parse without probing for it, see apps/web/src/lib/zod-jitless.ts); the returned function reads them.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { cspViolations?: string[] };
      w.cspViolations ??= [];
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

/**
 * Lets a test hold the page's animation frames, as a slow phone's first frame after a tap is late:
 * `window.__holdFrames(ms)` in the page defers every `requestAnimationFrame` callback due within `ms`, keeping their
 * order. Installed before the app loads (animation libraries keep the function they find then); nothing changes
 * until it is called. (A callback deferred so cannot be cancelled by the id it was given: tests hold frames briefly.)
 */
export async function holdableFrames(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const native = window.requestAnimationFrame.bind(window);
    let holdUntil = 0;
    window.requestAnimationFrame = (callback) =>
      native(function frame(time) {
        if (performance.now() < holdUntil) native(frame);
        else callback(time);
      });
    (window as unknown as { __holdFrames: (ms: number) => void }).__holdFrames = (ms) => {
      holdUntil = performance.now() + ms;
    };
  });
}
