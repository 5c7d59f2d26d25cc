import { type OperatorRole, mayCall } from '@nexa/contract';
import { Button, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from './components/language-switch';
import { Loadable } from './components/states';
import { TwoFactorButton } from './components/two-factor';
import { api, session } from './lib/api';
import type { CallName } from './lib/api';
import { queryClient, useCall } from './lib/query';
import { RoleProvider } from './lib/role';

const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const ReviewsPage = lazy(() => import('./pages/reviews-page'));
const UsersPage = lazy(() => import('./pages/users-page'));
const UserPage = lazy(() => import('./pages/user-page'));
const AuditPage = lazy(() => import('./pages/audit-page'));
const OperatorsPage = lazy(() => import('./pages/operators-page'));
const OversightPage = lazy(() => import('./pages/oversight-page'));
const SettingsPage = lazy(() => import('./pages/settings-page'));
const ProductsPage = lazy(() => import('./pages/products-page'));
const AdjustmentsPage = lazy(() => import('./pages/adjustments-page'));
const ContentPage = lazy(() => import('./pages/content-page'));
const SupportPage = lazy(() => import('./pages/support-page'));

/**
 * Each screen and the calls it opens with: a role sees the screens where it may make one of them, by the table the
 * server enforces (support reviews identity verifications only, finance funding only). Only a convenience: the
 * server refuses (403) whatever a role may not call.
 */
const SCREENS: { key: string; call: CallName | CallName[] }[] = [
  { key: 'dashboard', call: 'admin/dashboard' },
  { key: 'reviews', call: ['admin/deposits', 'admin/withdrawals', 'admin/verifications'] },
  { key: 'users', call: 'admin/users' },
  { key: 'support', call: 'admin/supportConversations' },
  { key: 'content', call: 'admin/contentList' },
  { key: 'oversight', call: 'admin/copyPlans' },
  { key: 'adjustments', call: 'admin/adjustments' },
  { key: 'settings', call: 'admin/settings' },
  { key: 'products', call: 'admin/products' },
  { key: 'audit', call: 'admin/auditLog' },
  { key: 'operators', call: 'admin/operators' },
];

export function Shell() {
  const me = useCall('admin/me');
  return (
    <Loadable query={me}>
      {() => (
        <SignedIn
          username={me.data!.username}
          role={me.data!.role}
          totpEnabled={me.data!.totpEnabled}
          // Where the server requires it, an operator without the second factor may only turn it on.
          locked={me.data!.twoFactorRequired && !me.data!.totpEnabled}
        />
      )}
    </Loadable>
  );
}

function SignedIn({
  username,
  role,
  totpEnabled,
  locked,
}: { username: string; role: OperatorRole; totpEnabled: boolean; locked: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = locked ? [] : SCREENS.filter((s) => [s.call].flat().some((call) => mayCall(role, call)));
  const current = location.pathname.split('/')[1] || screens[0]?.key;
  // A screen the role may not open (typed into the address bar) is only the refusal: none of its filters or buttons.
  const open = (key: string, page: ReactNode) =>
    screens.some((s) => s.key === key) ? (
      page
    ) : (
      <Result status="403" title={t('state.forbidden')} data-testid="screen-forbidden" />
    );
  const logout = async () => {
    await api('admin/logout').catch(() => null);
    queryClient.clear();
    session.set(null);
  };
  return (
    <RoleProvider role={role}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider width={208} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
          <Typography.Title level={5} style={{ padding: '18px 24px 8px', margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
          <Menu
            // The sider draws the one edge, the whole height; the menu's own edge stopped under its last item (~540 px)
            // beside it and read as the sidebar ending there.
            style={{ borderInlineEnd: 'none' }}
            mode="inline"
            selectedKeys={current ? [current] : []}
            items={screens.map((s) => ({ key: s.key, label: t(`nav.${s.key}`), 'data-testid': `nav-${s.key}` }))}
            onClick={(e) => navigate(`/${e.key}`)}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="header">
            {/* The screen's name is the page's one h1 (the console's name over the menu is the sider's title). */}
            <Typography.Title level={1} className="header__title" data-testid="screen-title">
              {screens.some((s) => s.key === current) ? t(`nav.${current}`) : null}
            </Typography.Title>
            <Space size="middle">
              <Typography.Text strong data-testid="me">
                {username}
              </Typography.Text>
              <Tag color="processing">{t(`role.${role}`)}</Tag>
              <TwoFactorButton enabled={totpEnabled} />
              <LanguageSwitch />
              <Button onClick={logout} data-testid="logout">
                {t('app.logout')}
              </Button>
            </Space>
          </Layout.Header>
          <Layout.Content style={{ padding: 24 }}>
            {locked ? (
              <Result
                status="warning"
                title={t('twoFactor.requiredTitle')}
                subTitle={t('twoFactor.requiredBody')}
                extra={<TwoFactorButton enabled={false} testId="totp-enrol-required" />}
                data-testid="totp-required"
              />
            ) : (
              <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
                <Routes>
                  <Route path="/dashboard" element={open('dashboard', <DashboardPage />)} />
                  <Route path="/reviews" element={open('reviews', <ReviewsPage />)} />
                  <Route path="/users" element={open('users', <UsersPage />)} />
                  <Route path="/users/:userId" element={open('users', <UserPage />)} />
                  <Route path="/support" element={open('support', <SupportPage />)} />
                  <Route path="/content" element={open('content', <ContentPage />)} />
                  <Route path="/oversight" element={open('oversight', <OversightPage />)} />
                  <Route path="/adjustments" element={open('adjustments', <AdjustmentsPage />)} />
                  <Route path="/settings" element={open('settings', <SettingsPage />)} />
                  <Route path="/products" element={open('products', <ProductsPage />)} />
                  <Route path="/audit" element={open('audit', <AuditPage />)} />
                  <Route path="/operators" element={open('operators', <OperatorsPage />)} />
                  <Route path="*" element={<Navigate to={`/${screens[0]?.key ?? 'users'}`} replace />} />
                </Routes>
              </Suspense>
            )}
          </Layout.Content>
        </Layout>
      </Layout>
    </RoleProvider>
  );
}
