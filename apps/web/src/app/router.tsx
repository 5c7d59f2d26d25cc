import { LoginPage } from '@/features/auth/pages/login-page';
import { registerNavigator } from '@/lib/navigation';
import { ROUTES } from '@/lib/routes';
import { useEffect } from 'react';
import { Navigate, type RouteObject, useNavigate, useRoutes } from 'react-router-dom';
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
  recharge: lazyPage(() => import('@/features/funding/pages/recharge-page')),
  recharge3: lazyPage(() => import('@/features/funding/pages/recharge3-page')),
  rechargeRecord: lazyPage(() => import('@/features/funding/pages/recharge-record-page')),
  withdrawal: lazyPage(() => import('@/features/funding/pages/withdrawal-page')),
  withdrawalRecord: lazyPage(() => import('@/features/funding/pages/withdrawal-record-page')),
  bindWithdrawalAddress: lazyPage(() => import('@/features/funding/pages/bind-address-page')),
  saveBank: lazyPage(() => import('@/features/funding/pages/save-bank-page')),
  withdrawalPassword: lazyPage(() => import('@/features/funding/pages/withdrawal-password-page')),
  comingSoon: lazyPage(() => import('@/components/ui/coming-soon-page')),
};

const routes: RouteObject[] = [
  // Visitor pages (spec §6).
  { path: ROUTES.login, element: <LoginPage /> },
  { path: ROUTES.register, element: <LazyPage entry={pages.register} /> },
  { path: ROUTES.forgetPassword, element: <LazyPage entry={pages.forgetPassword} /> },
  { path: ROUTES.lang, element: <LazyPage entry={pages.lang} /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <TabLayout />,
        children: [
          // The entry route aliases the home tab (spec §2).
          { path: '/', element: <LazyPage entry={pages.home} /> },
          { path: ROUTES.home, element: <LazyPage entry={pages.home} /> },
          { path: ROUTES.markets, element: <LazyPage entry={pages.markets} /> },
          { path: ROUTES.futures, element: <LazyPage entry={pages.futures} /> },
          { path: ROUTES.perpetual, element: <LazyPage entry={pages.perpetual} /> },
          { path: ROUTES.mine, element: <LazyPage entry={pages.mine} /> },
        ],
      },
      { path: ROUTES.settings, element: <LazyPage entry={pages.settings} /> },
      { path: ROUTES.futuresDetail, element: <LazyPage entry={pages.futuresDetail} /> },
      { path: ROUTES.futuresHistory, element: <LazyPage entry={pages.futuresHistory} /> },
      { path: ROUTES.futuresRule, element: <LazyPage entry={pages.futuresRule} /> },
      { path: ROUTES.perpetualTrade, element: <LazyPage entry={pages.perpetualTrade} /> },
      { path: ROUTES.perpetualRule, element: <LazyPage entry={pages.perpetualRule} /> },
      { path: ROUTES.perpetualDetail, element: <LazyPage entry={pages.perpetualDetail} /> },
      { path: ROUTES.more, element: <LazyPage entry={pages.more} /> },
      { path: ROUTES.noticeDetail, element: <LazyPage entry={pages.noticeDetail} /> },
      { path: ROUTES.about, element: <LazyPage entry={pages.about} /> },
      { path: ROUTES.helpCenter, element: <LazyPage entry={pages.comingSoon} props={{ page: 'helpCenter' }} /> },
      { path: ROUTES.assetsDetail, element: <LazyPage entry={pages.assetsDetail} /> },
      { path: ROUTES.fundTransfer, element: <LazyPage entry={pages.fundTransfer} /> },
      { path: ROUTES.fundTransferRecord, element: <LazyPage entry={pages.fundTransferRecord} /> },
      { path: ROUTES.getAssets, element: <LazyPage entry={pages.getAssets} /> },
      { path: ROUTES.changeRecord, element: <LazyPage entry={pages.changeRecord} /> },
      { path: ROUTES.denominationCurrency, element: <LazyPage entry={pages.denominationCurrency} /> },
      { path: ROUTES.recharge, element: <LazyPage entry={pages.recharge} /> },
      { path: ROUTES.recharge3, element: <LazyPage entry={pages.recharge3} /> },
      { path: ROUTES.rechargeRecord, element: <LazyPage entry={pages.rechargeRecord} /> },
      { path: ROUTES.withdrawal, element: <LazyPage entry={pages.withdrawal} /> },
      { path: ROUTES.withdrawalRecord, element: <LazyPage entry={pages.withdrawalRecord} /> },
      { path: ROUTES.bindWithdrawalAddress, element: <LazyPage entry={pages.bindWithdrawalAddress} /> },
      { path: ROUTES.saveBank, element: <LazyPage entry={pages.saveBank} /> },
      { path: ROUTES.spotGoods, element: <LazyPage entry={pages.spotGoods} /> },
      { path: ROUTES.spotGoodsRecord, element: <LazyPage entry={pages.spotGoodsRecord} /> },
      { path: ROUTES.verification, element: <LazyPage entry={pages.verification} /> },
      { path: ROUTES.primary, element: <LazyPage entry={pages.primary} /> },
      { path: ROUTES.primary2, element: <LazyPage entry={pages.primary2} /> },
      { path: ROUTES.retrievePassword, element: <LazyPage entry={pages.retrievePassword} /> },
      { path: ROUTES.withdrawalPassword, element: <LazyPage entry={pages.withdrawalPassword} /> },
      { path: ROUTES.download, element: <LazyPage entry={pages.comingSoon} props={{ page: 'download' }} /> },
      { path: ROUTES.service, element: <LazyPage entry={pages.comingSoon} props={{ page: 'service' }} /> },
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

/** The page tree; rendered inside a HashRouter (spec §9: hash mode under /h5/, `/h5/#/pages/userPages/login`). */
export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <>
      <NavigatorBridge />
      {element}
    </>
  );
}
