import type { OperatorRole } from '@nexa/contract';
import { Button, Layout, Menu, Space, Spin, Tag, Typography } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from './components/language-switch';
import { Loadable } from './components/states';
import { TwoFactorButton } from './components/two-factor';
import { api, session } from './lib/api';
import { queryClient, useCall } from './lib/query';

const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const ReviewsPage = lazy(() => import('./pages/reviews-page'));
const UsersPage = lazy(() => import('./pages/users-page'));
const UserPage = lazy(() => import('./pages/user-page'));
const AuditPage = lazy(() => import('./pages/audit-page'));
const OperatorsPage = lazy(() => import('./pages/operators-page'));

/**
 * The screens each role works in. Only a convenience: the server refuses (403) whatever a role may not call,
 * whatever this menu shows.
 */
const SCREENS: { key: string; roles: OperatorRole[] }[] = [
  { key: 'dashboard', roles: ['admin', 'finance'] },
  { key: 'reviews', roles: ['admin', 'reviewer', 'finance'] },
  { key: 'users', roles: ['admin', 'support', 'reviewer', 'finance'] },
  { key: 'audit', roles: ['admin', 'finance'] },
  { key: 'operators', roles: ['admin'] },
];

export function Shell() {
  const me = useCall('admin/me');
  return (
    <Loadable query={me}>
      {() => <SignedIn username={me.data!.username} role={me.data!.role} totpEnabled={me.data!.totpEnabled} />}
    </Loadable>
  );
}

function SignedIn({ username, role, totpEnabled }: { username: string; role: OperatorRole; totpEnabled: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = SCREENS.filter((s) => s.roles.includes(role));
  const current = location.pathname.split('/')[1] || screens[0]?.key;
  const logout = async () => {
    await api('admin/logout').catch(() => null);
    queryClient.clear();
    session.set(null);
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
        <Typography.Title level={5} style={{ padding: '18px 24px 8px', margin: 0 }}>
          {t('app.title')}
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={current ? [current] : []}
          items={screens.map((s) => ({ key: s.key, label: t(`nav.${s.key}`), 'data-testid': `nav-${s.key}` }))}
          onClick={(e) => navigate(`/${e.key}`)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="header">
          <Space size="middle">
            <Typography.Text strong data-testid="me">
              {username}
            </Typography.Text>
            <Tag color="blue">{t(`role.${role}`)}</Tag>
            <TwoFactorButton enabled={totpEnabled} />
            <LanguageSwitch />
            <Button onClick={logout} data-testid="logout">
              {t('app.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
            <Routes>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/reviews" element={<ReviewsPage />} />
              <Route path="/users" element={<UsersPage />} />
              <Route path="/users/:userId" element={<UserPage />} />
              <Route path="/audit" element={<AuditPage />} />
              <Route path="/operators" element={<OperatorsPage />} />
              <Route path="*" element={<Navigate to={`/${screens[0]?.key ?? 'users'}`} replace />} />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
