import type { AdminUserSummary } from '@nexa/contract';
import { Card, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Loadable } from '../components/states';
import { dateTime } from '../lib/format';
import { useCall } from '../lib/query';
import { pager } from '../lib/table';

const PAGE_SIZE = 20;

/**
 * Search by uid, any part of an e-mail, mobile number or invitation code; with nothing typed, the newest users. The
 * search and page live in the URL (`?q=…&page=…`): Back from a user finds the list as it was left.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const show = (next: { q: string; page: number }) => {
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const result = useCall('admin/users', { q, page, pageSize: PAGE_SIZE }, { keepPrevious: true });
  return (
    <Card title={t('nav.users')}>
      <Input.Search
        // A new URL (Back, a link) shows its own query in the box.
        key={q}
        defaultValue={q}
        placeholder={t('user.searchHint')}
        enterButton={t('user.search')}
        allowClear
        style={{ maxWidth: 560, marginBottom: 16 }}
        onSearch={(v) => show({ q: v.trim(), page: 1 })}
        data-testid="user-search"
      />
      <Loadable query={result}>
        {() => (
          <Table<AdminUserSummary>
            rowKey="userId"
            dataSource={result.data!.list}
            onRow={(r) => ({ onClick: () => navigate(`/users/${r.userId}`), style: { cursor: 'pointer' } })}
            pagination={pager(page, PAGE_SIZE, result.data!.total, (p) => show({ q, page: p }))}
            columns={[
              {
                title: 'UID',
                // A link as well as the clickable row: the keyboard and screen readers reach the user's page too.
                render: (_, r) => (
                  <Link to={`/users/${r.userId}`} data-testid={`user-link-${r.uid}`}>
                    {r.uid}
                  </Link>
                ),
              },
              { title: t('col.email'), render: (_, r) => r.email ?? '—' },
              { title: t('col.mobile'), render: (_, r) => r.mobile ?? '—' },
              { title: t('col.inviteCode'), dataIndex: 'inviteCode' },
              { title: t('col.registered'), render: (_, r) => dateTime(r.createdAt) },
              {
                title: t('user.freezes'),
                render: (_, r) => (
                  <>
                    {r.loginsFrozen && <Tag color="error">{t('user.loginsFrozen')}</Tag>}
                    {r.withdrawalsFrozen && <Tag color="error">{t('user.withdrawalsFrozen')}</Tag>}
                  </>
                ),
              },
            ]}
          />
        )}
      </Loadable>
    </Card>
  );
}
