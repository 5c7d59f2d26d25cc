import { LoginPage } from '@/features/auth/pages/login-page';
import { prefetchHome } from '@/features/home/api/home-queries';
import { yieldToMain } from '@/lib/async';
import { registerNavigator } from '@/lib/navigation';
import { closeOverlays } from '@/lib/overlays';
import { queryClient } from '@/lib/query-client';
import { ROUTES } from '@/lib/routes';
import { getSession } from '@/lib/session-store';
import { useEffect, useRef } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { CopyPanelsProvider } from './copy-panels';
import { GuestOnly } from './guest-only';
import { LazyPage, lazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { TabLayout } from './tab-layout';

// Login and the tab shell ship in the first chunk; every other page is its own chunk.
const pages = {
  register: lazyPage(() => import('@/features/auth/pages/register-page')),
  forgetPassword: lazyPage(() => import('@/features/auth/pages/forget-password-page')),
  lang: lazyPage(() => import('@/features/settings/pages/lang-page')),
  settings: lazyPage(() => import('@/features/settings/pages/settings-page')),
  home: lazyPage(() => import('@/features/home/pages/home-page')),
  more: lazyPage(() => import('@/features/home/pages/more-page')),
  noticeDetail: lazyPage(() => import('@/features/home/pages/notice-detail-page')),
  about: lazyPage(() => import('@/features/home/pages/about-page')),
  helpCenter: lazyPage(() => import('@/features/content/pages/help-center-page')),
  moreHelp: lazyPage(() => import('@/features/content/pages/more-help-page')),
  moreDetail: lazyPage(() => import('@/features/content/pages/more-detail-page')),
  help: lazyPage(() => import('@/features/content/pages/faq-page')),
  markets: lazyPage(() => import('@/features/markets/pages/markets-page')),
  futures: lazyPage(() => import('@/features/delivery/pages/delivery-page')),
  futuresDetail: lazyPage(() => import('@/features/delivery/pages/order-detail-page')),
  futuresHistory: lazyPage(() => import('@/features/delivery/pages/history-page')),
  futuresRule: lazyPage(() => import('@/features/delivery/pages/rule-page')),
  perpetual: lazyPage(() => import('@/features/perpetual/pages/perpetual-page')),
  perpetualTrade: lazyPage(() => import('@/features/perpetual/pages/trade-page')),
  perpetualRule: lazyPage(() => import('@/features/perpetual/pages/rule-page')),
  perpetualDetail: lazyPage(() => import('@/features/perpetual/pages/detail-page')),
  mine: lazyPage(() => import('@/features/wallets/pages/mine-page')),
  assetsDetail: lazyPage(() => import('@/features/wallets/pages/assets-detail-page')),
  fundTransfer: lazyPage(() => import('@/features/wallets/pages/fund-transfer-page')),
  fundTransferRecord: lazyPage(() => import('@/features/wallets/pages/fund-transfer-record-page')),
  getAssets: lazyPage(() => import('@/features/wallets/pages/get-assets-page')),
  changeRecord: lazyPage(() => import('@/features/wallets/pages/change-record-page')),
  denominationCurrency: lazyPage(() => import('@/features/wallets/pages/denomination-page')),
  spotGoods: lazyPage(() => import('@/features/convert/pages/spot-goods-page')),
  spotGoodsRecord: lazyPage(() => import('@/features/convert/pages/spot-goods-record-page')),
  verification: lazyPage(() => import('@/features/kyc/pages/verification-page')),
  primary: lazyPage(() => import('@/features/kyc/pages/primary-page')),
  primary2: lazyPage(() => import('@/features/kyc/pages/primary2-page')),
  retrievePassword: lazyPage(() => import('@/features/settings/pages/retrieve-password-page')),
  responsibleTrading: lazyPage(() => import('@/features/safeguards/pages/responsible-trading-page')),
  recharge: lazyPage(() => import('@/features/funding/pages/recharge-page')),
  recharge3: lazyPage(() => import('@/features/funding/pages/recharge3-page')),
  rechargeRecord: lazyPage(() => import('@/features/funding/pages/recharge-record-page')),
  withdrawal: lazyPage(() => import('@/features/funding/pages/withdrawal-page')),
  withdrawalRecord: lazyPage(() => import('@/features/funding/pages/withdrawal-record-page')),
  bindWithdrawalAddress: lazyPage(() => import('@/features/funding/pages/bind-address-page')),
  saveBank: lazyPage(() => import('@/features/funding/pages/save-bank-page')),
  withdrawalPassword: lazyPage(() => import('@/features/funding/pages/withdrawal-password-page')),
  security: lazyPage(() => import('@/features/settings/pages/security-page')),
  twoFactor: lazyPage(() => import('@/features/settings/pages/two-factor-page')),
  sessions: lazyPage(() => import('@/features/settings/pages/sessions-page')),
  loginHistory: lazyPage(() => import('@/features/settings/pages/login-history-page')),
  antiPhishing: lazyPage(() => import('@/features/settings/pages/anti-phishing-page')),
  share: lazyPage(() => import('@/features/referral/pages/share-page')),
  shareRules: lazyPage(() => import('@/features/referral/pages/share-rules-page')),
  service: lazyPage(() => import('@/features/support/pages/service-page')),
  messages: lazyPage(() => import('@/features/messages/pages/messages-page')),
  download: lazyPage(() => import('@/features/messages/pages/download-page')),
  instructions: lazyPage(() => import('@/features/messages/pages/instructions-page')),
  copySettings: lazyPage(() => import('@/features/copy/pages/copy-settings-page')),
  copyLeader: lazyPage(() => import('@/features/copy/pages/leader-profile-page')),
};

type PageKey = keyof typeof pages;

/**
 * Starts downloading the chunk of the page at `path` (a ROUTES path, e.g. from the start's URL), so the first screen's
 * code loads beside the language files instead of after the app's first render. Unknown paths do nothing.
 */
export function preloadPage(path: string): void {
  // No path, or the root, shows the home tab (see `buildRoutes` below).
  const wanted = path === '' || path === '/' ? ROUTES.home : path;
  const key = (Object.keys(pages) as PageKey[]).find((k) => ROUTES[k] === wanted);
  if (!key) return;
  pages[key].preload();
  // In a task of its own: setting up the first reads (the query cache, their requests) is not cheap, and the
  // downloads above should not wait for it.
  const reads = firstReads[key];
  if (reads) void yieldToMain().then(reads);
}

/** What a page reads first, asked for by `preloadPage` beside its chunk. */
const firstReads: Partial<Record<PageKey, () => void>> = {
  home: () => prefetchHome(queryClient, getSession().lang),
};

/** The route of a page whose path is the ROUTES entry of the same name. */
const route = (key: PageKey): RouteObject => ({ path: ROUTES[key], element: <LazyPage entry={pages[key]} /> });

// Visitor pages (spec §6): for visitors only, and open to everyone.
const GUEST_PAGES: readonly PageKey[] = ['register', 'forgetPassword'];
const HELP_PAGES: readonly PageKey[] = ['helpCenter', 'moreHelp', 'moreDetail', 'help'];
const TABS: readonly PageKey[] = ['home', 'markets', 'futures', 'perpetual', 'mine'];
// Behind login, outside the tab shell.
const SIGNED_IN_PAGES: readonly PageKey[] = [
  'settings',
  'futuresDetail',
  'futuresHistory',
  'futuresRule',
  'perpetualTrade',
  'perpetualRule',
  'perpetualDetail',
  'more',
  'noticeDetail',
  'about',
  'assetsDetail',
  'fundTransfer',
  'fundTransferRecord',
  'getAssets',
  'changeRecord',
  'denominationCurrency',
  'recharge',
  'recharge3',
  'rechargeRecord',
  'withdrawal',
  'withdrawalRecord',
  'bindWithdrawalAddress',
  'saveBank',
  'spotGoods',
  'spotGoodsRecord',
  'verification',
  'primary',
  'primary2',
  'retrievePassword',
  'responsibleTrading',
  'withdrawalPassword',
  'security',
  'twoFactor',
  'sessions',
  'loginHistory',
  'antiPhishing',
  'share',
  'shareRules',
  'messages',
  'copySettings',
  'copyLeader',
];

/**
 * The route table, built at the first render rather than when the module is evaluated: the entry module's evaluation
 * is one task that blocks input (its ~60 elements cost ~10 ms unthrottled, ~40 ms at Lighthouse's 4× slowdown), while
 * the first render runs in the transition's slices.
 */
let routeTable: RouteObject[] | undefined;
const appRoutes = (): RouteObject[] => {
  routeTable ??= buildRoutes();
  return routeTable;
};

const buildRoutes = (): RouteObject[] => [
  { element: <GuestOnly />, children: [{ path: ROUTES.login, element: <LoginPage /> }, ...GUEST_PAGES.map(route)] },
  // Reachable with or without an account (the login page links to them).
  route('lang'),
  route('service'),
  route('download'),
  route('instructions'),
  // The help centre answers visitors too (the login page's support leads there).
  ...HELP_PAGES.map(route),
  {
    element: <RequireAuth />,
    children: [
      {
        element: (
          <CopyPanelsProvider>
            <TabLayout />
          </CopyPanelsProvider>
        ),
        // The entry route aliases the home tab (spec §2).
        children: [{ path: '/', element: <LazyPage entry={pages.home} /> }, ...TABS.map(route)],
      },
      ...SIGNED_IN_PAGES.map(route),
    ],
  },
  { path: '*', element: <Navigate to={ROUTES.home} replace /> },
];

/** Lets code outside React (the request helper's 401/402/403 rules) navigate with the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((path, options) => {
      void navigate(path, options);
    });
  }, [navigate]);
  return null;
}

/**
 * Closes the imperative overlays (`Dialog.confirm`, `ImageViewer.show`: see `closeOnNavigate`) when the route
 * changes under them, e.g. by the browser's back button: they render outside the page, so they would stay open over
 * the next screen. A confirm closed this way answers "no", so nothing it guards goes ahead.
 */
function DialogsCloseOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of route, which is what it watches
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    closeOverlays();
  }, [pathname]);
  return null;
}

/** The page tree; rendered inside a HashRouter (spec §9: hash mode under /h5/, `/h5/#/pages/userPages/login`). */
export function AppRoutes() {
  const element = useRoutes(appRoutes());
  return (
    <>
      <NavigatorBridge />
      <DialogsCloseOnNavigate />
      {element}
    </>
  );
}
