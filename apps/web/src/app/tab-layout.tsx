import { AssetsIcon, FuturesIcon, HomeIcon, MarketsIcon, PerpetualIcon } from '@/components/ui/icons';
import { ROUTES } from '@/lib/routes';
import { TabBar } from 'antd-mobile';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import './tab-layout.css';

interface Tab {
  path: string;
  label: 'tabs.home' | 'tabs.markets' | 'tabs.futures' | 'tabs.perpetual' | 'tabs.assets';
  icon: ComponentType<{ active?: boolean }>;
  testId: string;
}

/** The spec's five tabs, in its order (§2). */
const TABS: readonly Tab[] = [
  { path: ROUTES.home, label: 'tabs.home', icon: HomeIcon, testId: 'tab-home' },
  { path: ROUTES.markets, label: 'tabs.markets', icon: MarketsIcon, testId: 'tab-markets' },
  { path: ROUTES.futures, label: 'tabs.futures', icon: FuturesIcon, testId: 'tab-futures' },
  { path: ROUTES.perpetual, label: 'tabs.perpetual', icon: PerpetualIcon, testId: 'tab-perpetual' },
  { path: ROUTES.mine, label: 'tabs.assets', icon: AssetsIcon, testId: 'tab-mine' },
];

/** The tab shell: the active tab's page above a fixed bottom tab bar. */
export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activeKey = pathname === '/' ? ROUTES.home : pathname;
  return (
    <div className="tab-shell">
      <main className="tab-shell__content">
        <Outlet />
      </main>
      <nav className="tab-shell__bar">
        <TabBar
          safeArea
          activeKey={activeKey}
          // Switching tabs does not stack history, like a native tab bar.
          onChange={(key) => navigate(key, { replace: true })}
        >
          {TABS.map(({ path, label, icon: Icon, testId }) => (
            <TabBar.Item
              key={path}
              title={t(label)}
              icon={(active: boolean) => <Icon active={active} />}
              data-testid={testId}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
