import './global.css';
import '@/components/ui/tone.css';
import '@/components/ui/facts.css';
import '@/components/ui/controls.css';
import '@/components/ui/ui.css';
import '@/components/ui/patterns.css';
import '@/components/ui/form.css';
// The home's top is drawn by public/boot.js before this code runs, with these classes.
import '@/features/home/components/home-top.css';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { afterNextPaint, yieldToMain } from '@/lib/async';
import { afterUserChannelLive } from '@/lib/balances-freshness';
import { catchInstallPrompt } from '@/lib/pwa-boot';
import { queryClient, whenReadsSettle } from '@/lib/query-client';
import { preloadRegistry } from '@/lib/request';
import { getSession } from '@/lib/session-store';
import { preloadToast } from '@/lib/toast';
import { zodJitless } from '@/lib/zod-jitless';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { adoptServerDefaultLanguage, prepare } from './bootstrap';
import { Providers } from './providers';
import { AppRoutes, preloadPage } from './router';

// Before any zod loads (the call registry, a page's schemas): no eval under the CSP.
zodJitless();

async function start() {
  // First: the browser's install prompt may fire while the app still loads.
  catchInstallPrompt();
  // The modules' evaluation was one task; the preloads (a link element per chunk, ~10 ms) are the next one and the
  // language's set-up (i18next, the stored session) the one after, so none alone blocks input for long
  // (Lighthouse's total blocking time counts each task's time over 50 ms, at 4x CPU).
  await yieldToMain();
  // Signed in, the first screen makes calls at once: fetch the call registry beside the language, not after.
  // Its page's chunk too (the hash router's path, `#/pages/…?query`). A visitor's first page is the login page,
  // which is on the first route; a signed-in page's chunk would only be downloaded for a redirect.
  if (getSession().token) {
    preloadRegistry();
    preloadPage(window.location.hash.replace(/^#/, '').split('?')[0] ?? '');
    await yieldToMain();
  }
  await prepare();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition renders in 5 ms slices that yield to the browser, so the first render is not one long task that
  // blocks input (the boot mark stays on screen until the commit).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <OfflineBanner />
          <HashRouter>
            <AppRoutes />
          </HashRouter>
          <AfterFirstPaint />
        </Providers>
      </StrictMode>,
    ),
  );
}

let afterFirstPaintDone = false;

/**
 * What must not delay the first paint, run once it is painted: the Toast's code and asking the server for its default
 * language (which loads the call registry: the contract's schemas, zod). The service worker is registered later, once
 * the page has loaded, the screen's reads have answered and the browser is idle: its install precaches the whole
 * app (~240 files), which must not compete with the first screen's reads for a phone's network, nor for its CPU.
 */
function AfterFirstPaint() {
  useEffect(() => {
    if (afterFirstPaintDone) return; // StrictMode runs effects twice in development
    afterFirstPaintDone = true;
    afterNextPaint(() => {
      preloadToast();
      void adoptServerDefaultLanguage();
    });
    const mountPwa = () => void import('@/shared/pwa-update').then((m) => m.mountPwa());
    // Signed in, the user socket's first confirmation reads the user and the messages again (its catch-up): the
    // install waits for those reads too.
    whenReadsSettle(queryClient, mountPwa, undefined, undefined, getSession().token ? afterUserChannelLive : undefined);
  }, []);
  return null;
}

void start();
