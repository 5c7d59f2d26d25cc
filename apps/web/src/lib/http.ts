/** The app's request helpers, wired to the session store, antd-mobile's Toast (lazily), i18next and the router. */
import { DEFAULT_LANG } from '@nexa/contract';
import i18n from 'i18next';
import { browserSchedule } from './async';
import { API_BASE, REQUEST_TIMEOUT_MS } from './config';
import { adoptEarlyFetch } from './early-reads';
import { currentPath, navigateTo } from './navigation';
import { queryClient } from './query-client';
import { type Toaster, createOkxRequest, createRequest } from './request';
import { ROUTES } from './routes';
import { getSession } from './session-store';
import { showLoadingToast, showToast } from './toast';

const toast: Toaster = {
  show: showToast,
  loading: () => showLoadingToast(i18n.t('common.loading')),
};

const translate = (key: 'errors.timeout' | 'errors.network') => i18n.t(key);

export const request = createRequest({
  // The home's banners may already be on their way (public/boot.js): that read is taken, not sent again.
  fetch: (input, init) => adoptEarlyFetch(input, init, API_BASE) ?? window.fetch(input, init),
  baseUrl: API_BASE,
  timeoutMs: REQUEST_TIMEOUT_MS,
  getToken: () => getSession().token,
  getLang: () => getSession().lang ?? DEFAULT_LANG,
  toast,
  translate,
  clearSession: () => {
    getSession().clearSession();
    // Nothing fetched for the old session may show for the next one.
    queryClient.clear();
  },
  navigate: (path, options) => {
    // Several calls may fail with 401 at once: relaunch the login page once.
    if (path === ROUTES.login && currentPath() === ROUTES.login) return;
    navigateTo(path, options);
  },
  schedule: browserSchedule,
});

/** For market data in OKX form (later issues); same-origin by default. */
export const okxRequest = createOkxRequest({
  fetch: (input, init) => window.fetch(input, init),
  baseUrl: API_BASE,
  timeoutMs: REQUEST_TIMEOUT_MS,
  toast,
  translate,
  schedule: browserSchedule,
});
