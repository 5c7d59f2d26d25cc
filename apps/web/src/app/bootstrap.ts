import { applyLanguage } from '@/i18n';
import { request } from '@/lib/http';
import { getSession } from '@/lib/session-store';
import { applyTheme } from '@/lib/theme';
import { DEFAULT_LANG, type Lang, isLang } from '@nexa/contract';
import { unstableSetRender } from 'antd-mobile';
import { type Root, createRoot } from 'react-dom/client';

/**
 * antd-mobile's imperative APIs (Toast, Dialog) render with ReactDOM.render, which React 19 removed: give them
 * createRoot, or Toast shows nothing (ARCHITECTURE §5).
 */
function setupAntdRender(): void {
  unstableSetRender((node, container) => {
    const host = container as (Element | DocumentFragment) & { __nexaRoot?: Root };
    host.__nexaRoot ??= createRoot(host);
    const root = host.__nexaRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      host.__nexaRoot = undefined;
    };
  });
}

/**
 * The server's default language as the server wrote it into the page (`<meta name="nexa-default-lang">`, see the
 * server's platform/web-app.ts); null when the page came from elsewhere (the service worker's copy, the dev server).
 */
export function pageDefaultLanguage(doc: Pick<Document, 'querySelector'> = document): Lang | null {
  const value = doc.querySelector('meta[name="nexa-default-lang"]')?.getAttribute('content');
  return isLang(value) ? value : null;
}

/** Everything that must hold before the first render: theme, language, render hook. */
export async function prepare(): Promise<void> {
  setupAntdRender();
  const session = getSession();
  applyTheme(session.theme);
  // A first visit adopts the server's default from the page itself when it is there (spec §7), so the login page
  // renders in it at once and asks no call for it (adoptServerDefaultLanguage then has nothing to do).
  const fromPage = session.lang ? null : pageDefaultLanguage();
  try {
    const applied = await applyLanguage(session.lang ?? fromPage ?? DEFAULT_LANG);
    // Stored only when it loaded: English as a fallback for a failed download is for this visit only.
    if (fromPage && applied === fromPage && !getSession().lang) getSession().setLang(applied);
  } catch (error) {
    // Even English failed to download: render anyway; the page-level retry covers a flaky network.
    console.error('[i18n] no locale could be loaded', error);
  }
}

/**
 * The spec's first-visit rule (§7): with no stored language, ask the server for its default. Until it answers
 * the app shows English; a failure (of the call or of the language's download) is silent (nothing the user can act
 * on) and is retried next visit.
 */
export async function adoptServerDefaultLanguage(): Promise<void> {
  if (getSession().lang) return;
  try {
    const data = await request('index/language', {}, { silent: true });
    if (getSession().lang) return; // the user chose meanwhile
    const applied = await applyLanguage(data.default);
    if (applied === data.default && !getSession().lang) getSession().setLang(applied);
  } catch {
    // keep English for this visit
  }
}
