import { type OperatorAccount, OperatorRole } from '@nexa/contract';
import { Button, Card, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';

/** A change to another operator's account, waiting for the admin's reason. */
type Change = { op: OperatorAccount } & ({ role: OperatorRole } | { disabled: boolean });

/**
 * Operators and their roles (admins only: the server refuses anyone else). A role change or (de)activation ends the
 * operator's sessions and is audited, so it is asked first with a reason; the row keeps showing the current value
 * until the server has applied the change.
 */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const q = useCall('admin/operators');
  const me = useCall('admin/me');
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const refresh = { success: t('operators.saved'), invalidate: ['admin/operators' as const] };
  const create = useAction('admin/operatorCreate', refresh);
  const setRole = useAction('admin/operatorSetRole', refresh);
  const setDisabled = useAction('admin/operatorSetDisabled', refresh);
  const roles = OperatorRole.options.map((r) => ({ value: r, label: t(`role.${r}`) }));
  const busy = (id: string) =>
    (setRole.isPending && setRole.variables?.id === id) || (setDisabled.isPending && setDisabled.variables?.id === id);
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
                    loading={setRole.isPending && setRole.variables?.id === r.id}
                    onChange={(role) => setChange({ op: r, role })}
                    data-testid={`operator-role-${r.username}`}
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
                    disabled={r.id === me.data?.id || busy(r.id)}
                    loading={setDisabled.isPending && setDisabled.variables?.id === r.id}
                    onChange={(on) => setChange({ op: r, disabled: !on })}
                    data-testid={`operator-active-${r.username}`}
                  />
                ),
              },
            ]}
          />
        )}
      </Loadable>
      <ChangeModal
        change={change}
        roleLabel={(role) => t(`role.${role}`)}
        pending={setRole.isPending || setDisabled.isPending}
        onCancel={() => setChange(null)}
        onConfirm={(reason) => {
          if (!change) return;
          const done = { onSuccess: () => setChange(null) };
          if ('role' in change) setRole.mutate({ id: change.op.id, role: change.role, reason }, done);
          else setDisabled.mutate({ id: change.op.id, disabled: change.disabled, reason }, done);
        }}
      />
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

/** Asks for the reason of a role change or (de)activation; nothing is sent until the admin confirms. */
function ChangeModal(props: {
  change: Change | null;
  roleLabel: (role: OperatorRole) => string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const { change } = props;
  const title = !change
    ? ''
    : 'role' in change
      ? t('operators.confirmRole', { name: change.op.username, role: props.roleLabel(change.role) })
      : t(change.disabled ? 'operators.confirmDisable' : 'operators.confirmEnable', { name: change.op.username });
  return (
    <Modal open={change !== null} title={title} footer={null} onCancel={props.onCancel} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('operators.sessionsEnd')}</Typography.Paragraph>
      <Form<{ reason: string }> layout="vertical" onFinish={(v) => props.onConfirm(v.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('operators.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="operator-change-reason" />
        </Form.Item>
        <Space>
          <Button onClick={props.onCancel} data-testid="operator-change-cancel">
            {t('operators.cancel')}
          </Button>
          <Button
            type="primary"
            danger={change !== null && 'disabled' in change && change.disabled}
            htmlType="submit"
            loading={props.pending}
            data-testid="operator-change-confirm"
          >
            {t('operators.confirm')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
