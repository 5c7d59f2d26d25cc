import { type OperatorAccount, OperatorRole } from '@nexa/contract';
import { Button, Card, Form, Input, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';

/** Operators and their roles (admins only: the server refuses anyone else). */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const q = useCall('admin/operators');
  const me = useCall('admin/me');
  const [creating, setCreating] = useState(false);
  const refresh = { success: t('operators.saved'), invalidate: ['admin/operators' as const] };
  const create = useAction('admin/operatorCreate', refresh);
  const setRole = useAction('admin/operatorSetRole', refresh);
  const setDisabled = useAction('admin/operatorSetDisabled', refresh);
  const roles = OperatorRole.options.map((r) => ({ value: r, label: t(`role.${r}`) }));
  return (
    <Card
      title={t('nav.operators')}
      extra={
        q.data && (
          <Button type="primary" onClick={() => setCreating(true)} data-testid="operator-new">
            {t('operators.create')}
          </Button>
        )
      }
    >
      <Loadable query={q}>
        {() => (
          <Table<OperatorAccount>
            rowKey="id"
            dataSource={q.data!.list}
            pagination={false}
            columns={[
              { title: t('operators.username'), dataIndex: 'username' },
              {
                title: t('operators.role'),
                render: (_, r) => (
                  <Select
                    value={r.role}
                    options={roles}
                    style={{ width: 160 }}
                    disabled={r.id === me.data?.id}
                    onChange={(role) => setRole.mutate({ id: r.id, role })}
                  />
                ),
              },
              {
                title: t('user.twoFactor'),
                render: (_, r) => (r.totpEnabled ? <Tag color="green">{t('common.on')}</Tag> : t('common.off')),
              },
              { title: t('col.created'), render: (_, r) => dateTime(r.createdAt) },
              {
                title: t('operators.active'),
                render: (_, r) => (
                  <Switch
                    checked={!r.disabled}
                    disabled={r.id === me.data?.id}
                    onChange={(on) => setDisabled.mutate({ id: r.id, disabled: !on })}
                  />
                ),
              },
            ]}
          />
        )}
      </Loadable>
      <Modal
        open={creating}
        title={t('operators.create')}
        footer={null}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form
          layout="vertical"
          onFinish={(v: { username: string; password: string; role: OperatorRole }) =>
            create.mutate(v, { onSuccess: () => setCreating(false) })
          }
        >
          <Form.Item
            name="username"
            label={t('operators.username')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9_.-]{3,32}$/, message: t('operators.usernameRule') }]}
          >
            <Input autoComplete="off" data-testid="operator-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('operators.password')}
            rules={[{ required: true, min: 12, message: t('operators.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" data-testid="operator-password" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')} rules={[{ required: true, message: t('form.required') }]}>
            <Select options={roles} data-testid="operator-role" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="operator-save">
            {t('operators.create')}
          </Button>
        </Form>
      </Modal>
    </Card>
  );
}
