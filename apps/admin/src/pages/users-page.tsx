import type { AdminUserSummary } from '@nexa/contract';
import { Card, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Loadable } from '../components/states';
import { dateTime } from '../lib/format';
import { useCall } from '../lib/query';
import { pager } from '../lib/table';

/** Search by uid, e-mail (or its start), mobile number or invitation code. */
export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const result = useCall('admin/users', { q, page, pageSize: 20 }, { enabled: q.length > 0 });
  return (
    <Card title={t('nav.users')}>
      <Input.Search
        placeholder={t('user.searchHint')}
        enterButton={t('user.search')}
        allowClear
        style={{ maxWidth: 560, marginBottom: 16 }}
        onSearch={(v) => {
          setQ(v.trim());
          setPage(1);
        }}
        data-testid="user-search"
      />
      {q && (
        <Loadable query={result}>
          {() => (
            <Table<AdminUserSummary>
              rowKey="userId"
              dataSource={result.data!.list}
              onRow={(r) => ({ onClick: () => navigate(`/users/${r.userId}`), style: { cursor: 'pointer' } })}
              pagination={pager(page, 20, result.data!.total, setPage)}
              columns={[
                { title: 'UID', dataIndex: 'uid' },
                { title: t('col.email'), render: (_, r) => r.email ?? '—' },
                { title: t('col.mobile'), render: (_, r) => r.mobile ?? '—' },
                { title: t('col.inviteCode'), dataIndex: 'inviteCode' },
                { title: t('col.registered'), render: (_, r) => dateTime(r.createdAt) },
                {
                  title: t('user.freezes'),
                  render: (_, r) => (
                    <>
                      {r.loginsFrozen && <Tag color="red">{t('user.loginsFrozen')}</Tag>}
                      {r.withdrawalsFrozen && <Tag color="red">{t('user.withdrawalsFrozen')}</Tag>}
                    </>
                  ),
                },
              ]}
            />
          )}
        </Loadable>
      )}
    </Card>
  );
}
