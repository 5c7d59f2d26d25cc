import './global.css';
import '@/components/ui/tone.css';
import '@/components/ui/facts.css';
import '@/components/ui/controls.css';
import '@/components/ui/ui.css';
import '@/components/ui/patterns.css';
import '@/components/ui/form.css';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { catchInstallPrompt } from '@/lib/pwa-boot';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { adoptServerDefaultLanguage, prepare } from './bootstrap';
import { Providers } from './providers';
import { AppRoutes } from './router';

async function start() {
  // First: the browser's install prompt may fire while the app still loads.
  catchInstallPrompt();
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
        </Providers>
      </StrictMode>,
    ),
  );
  void adoptServerDefaultLanguage();
  void import('@/shared/pwa-update').then((m) => m.mountPwa());
}

void start();
