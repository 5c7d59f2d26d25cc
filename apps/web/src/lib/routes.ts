/** Page paths of the spec's tree (§2), spelling included (`withdwawalPassword`). Served as `/h5/#<path>`. */
export const ROUTES = {
  home: '/pages/tabbarPages/home/index',
  markets: '/pages/tabbarPages/markets/index',
  futures: '/pages/tabbarPages/futures/index',
  perpetual: '/pages/tabbarPages/perpetual/index',
  mine: '/pages/tabbarPages/mine/index',
  settings: '/pages/tabbarPages/mine/set',
  assetsDetail: '/pages/tabbarPages/mine/assetsDetail',
  fundTransfer: '/pages/tabbarPages/mine/fundTransfer',
  fundTransferRecord: '/pages/tabbarPages/mine/fundTransferRecord',
  getAssets: '/pages/tabbarPages/mine/getAssets',
  changeRecord: '/pages/tabbarPages/mine/changeRecord',
  denominationCurrency: '/pages/tabbarPages/mine/denominationCurrency',
  recharge: '/pages/tabbarPages/mine/recharge',
  withdrawal: '/pages/tabbarPages/mine/withdrawal',
  // Deposit address step, record lists and withdrawal bindings (features/funding).
  recharge3: '/pages/tabbarPages/mine/recharge3',
  rechargeRecord: '/pages/tabbarPages/mine/rechargeRecord',
  withdrawalRecord: '/pages/tabbarPages/mine/withdrawalRecord',
  bindWithdrawalAddress: '/pages/tabbarPages/mine/bindWithdrawalAddress',
  saveBank: '/pages/tabbarPages/mine/saveBank',
  spotGoods: '/pages/tabbarPages/mine/spotGoods',
  spotGoodsRecord: '/pages/tabbarPages/mine/spotGoodsRecord',
  retrievePassword: '/pages/tabbarPages/mine/retrievePassword',
  responsibleTrading: '/pages/tabbarPages/mine/responsibleTrading',
  primary: '/pages/tabbarPages/mine/primary',
  primary2: '/pages/tabbarPages/mine/primary2',
  download: '/pages/tabbarPages/mine/download',
  withdrawalPassword: '/pages/tabbarPages/mine/withdwawalPassword',
  // The security centre (mine → settings → Security; issue 13 §2).
  security: '/pages/tabbarPages/mine/security',
  twoFactor: '/pages/tabbarPages/mine/security/twoFactor',
  sessions: '/pages/tabbarPages/mine/security/sessions',
  loginHistory: '/pages/tabbarPages/mine/security/loginHistory',
  antiPhishing: '/pages/tabbarPages/mine/security/antiPhishing',
  verification: '/pages/tabbarPages/home/verification',
  futuresDetail: '/pages/tabbarPages/futures/detail',
  futuresHistory: '/pages/tabbarPages/futures/history',
  futuresRule: '/pages/tabbarPages/futures/rule',
  // Copy trading (issue 14): the follower's controls and a leader's profile.
  copySettings: '/pages/tabbarPages/futures/copySettings',
  copyLeader: '/pages/tabbarPages/futures/leader',
  // Perpetual (spec §2: perpetual index1, rule, detail).
  perpetualTrade: '/pages/tabbarPages/perpetual/index1',
  perpetualRule: '/pages/tabbarPages/perpetual/rule',
  perpetualDetail: '/pages/tabbarPages/perpetual/detail',
  more: '/pages/tabbarPages/home/more',
  noticeDetail: '/pages/tabbarPages/home/noticeDetail',
  helpCenter: '/pages/tabbarPages/home/helpCenter',
  // Help centre (issue 16): a category's articles, one article, the FAQ.
  moreHelp: '/pages/tabbarPages/home/moreHelp',
  moreDetail: '/pages/tabbarPages/home/moreDetail',
  help: '/pages/tabbarPages/mine/help',
  about: '/pages/tabbarPages/mine/about',
  // The invite centre and its rules (issue 15).
  share: '/pages/tabbarPages/mine/share',
  shareRules: '/pages/tabbarPages/mine/shareRules',
  login: '/pages/userPages/login',
  register: '/pages/userPages/register',
  forgetPassword: '/pages/userPages/forgetPassword',
  lang: '/pages/userPages/lang',
  service: '/pages/userPages/service',
  // The message centre (issue 16), and the install guide of the download page (spec §2 mine/instructions).
  messages: '/pages/tabbarPages/mine/messages',
  instructions: '/pages/tabbarPages/mine/instructions',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** What a visitor (no token) may open (spec §6). */
export const VISITOR_PATHS: readonly string[] = [ROUTES.login, ROUTES.register, ROUTES.forgetPassword, ROUTES.lang];

export const REDIRECT_PARAM = 'redirect';

/**
 * The in-app path to go to after login. Only absolute in-app paths are accepted, and never a visitor page
 * (going "back" to register after logging in would be a loop).
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return ROUTES.home;
  const path = raw.split('?')[0] ?? '';
  if (VISITOR_PATHS.includes(path)) return ROUTES.home;
  return raw;
}

/** The login page that brings the user back to `wanted` afterwards. */
export function loginPathFor(wanted: string): string {
  const target = safeRedirect(wanted);
  if (target === ROUTES.home || target === '/') return ROUTES.login;
  return `${ROUTES.login}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}
