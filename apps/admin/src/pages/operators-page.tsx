import { type OperatorAccount, OperatorRole } from '@nexa/contract';
import { Button, Card, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { LockedAddresses } from './locked-addresses';

/** A change to an operator's account, waiting for the admin's reason (and, for a reset, the new password). */
type Change = { op: OperatorAccount } & (
  | { role: OperatorRole }
  | { disabled: boolean }
  | { unlock: true }
  | { resetPassword: true }
  | { resetTotp: true }
);

/**
 * Operators and their roles (admins only: the server refuses anyone else). A role change or (de)activation ends the
 * operator's sessions and is audited, so it is asked first with a reason; the row keeps showing the current value
 * until the server has applied the change. An operator locked out by failed sign-ins shows until when, and the
 * admin may lift the lock or set a new password for them, each confirmed with a reason.
 */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const q = useCall('admin/operators');
  const me = useCall('admin/me');
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const { setRole, setDisabled, unlock, resetTotp, pending, apply } = useOperatorChanges();
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
                    aria-label={`${t('operators.role')}: ${r.username}`}
                    data-testid={`operator-role-${r.username}`}
                  />
                ),
              },
              {
                title: t('user.twoFactor'),
                // On for another operator: the admin may turn it off (a lost phone), asked with a reason.
                render: (_, r) =>
                  r.totpEnabled ? (
                    <Space size="small">
                      <Tag color="success">{t('common.on')}</Tag>
                      {r.id !== me.data?.id && (
                        <Button
                          size="small"
                          type="link"
                          onClick={() => setChange({ op: r, resetTotp: true })}
                          loading={resetTotp.isPending && resetTotp.variables?.id === r.id}
                          data-testid={`operator-reset-totp-${r.username}`}
                        >
                          {t('operators.resetTotp')}
                        </Button>
                      )}
                    </Space>
                  ) : (
                    t('common.off')
                  ),
              },
              { title: t('col.created'), render: (_, r) => dateTime(r.createdAt) },
              {
                title: t('operators.login'),
                render: (_, r) =>
                  r.lockedUntil !== null && r.lockedUntil > Date.now() ? (
                    <Space size="small" wrap>
                      <Tag color="error" data-testid={`operator-locked-${r.username}`}>
                        {t('operators.lockedUntil', { time: dateTime(r.lockedUntil) })}
                      </Tag>
                      <Button
                        size="small"
                        onClick={() => setChange({ op: r, unlock: true })}
                        loading={unlock.isPending && unlock.variables?.id === r.id}
                        data-testid={`operator-unlock-${r.username}`}
                      >
                        {t('operators.unlock')}
                      </Button>
                    </Space>
                  ) : (
                    '—'
                  ),
              },
              {
                title: '',
                render: (_, r) =>
                  r.id === me.data?.id ? null : (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => setChange({ op: r, resetPassword: true })}
                      data-testid={`operator-reset-${r.username}`}
                    >
                      {t('operators.resetPassword')}
                    </Button>
                  ),
              },
              {
                title: t('operators.active'),
                render: (_, r) => (
                  <Switch
                    checked={!r.disabled}
                    disabled={r.id === me.data?.id || busy(r.id)}
                    loading={setDisabled.isPending && setDisabled.variables?.id === r.id}
                    onChange={(on) => setChange({ op: r, disabled: !on })}
                    aria-label={`${t('operators.active')}: ${r.username}`}
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
        pending={pending}
        onCancel={() => setChange(null)}
        onConfirm={(v) => change && apply(change, v, () => setChange(null))}
      />
      <CreateOperatorModal open={creating} roles={roles} onClose={() => setCreating(false)} />
      <LockedAddresses />
    </Card>
  );
}

/** The calls behind each change to an operator's account, and the one that a confirmed change makes. */
function useOperatorChanges() {
  const { t } = useTranslation();
  const refresh = { success: t('operators.saved'), invalidate: ['admin/operators' as const] };
  const setRole = useAction('admin/operatorSetRole', refresh);
  const setDisabled = useAction('admin/operatorSetDisabled', refresh);
  const unlock = useAction('admin/operatorUnlock', { ...refresh, success: t('operators.unlocked') });
  const resetPassword = useAction('admin/operatorResetPassword', { ...refresh, success: t('operators.passwordReset') });
  const resetTotp = useAction('admin/operatorResetTotp', { ...refresh, success: t('operators.totpReset') });
  const pending = [setRole, setDisabled, unlock, resetPassword, resetTotp].some((a) => a.isPending);
  const apply = (change: Change, { reason, password }: { reason: string; password?: string }, done: () => void) => {
    const then = { onSuccess: done };
    const id = change.op.id;
    if ('role' in change) setRole.mutate({ id, role: change.role, reason }, then);
    else if ('disabled' in change) setDisabled.mutate({ id, disabled: change.disabled, reason }, then);
    else if ('unlock' in change) unlock.mutate({ id, reason }, then);
    else if ('resetTotp' in change) resetTotp.mutate({ id, reason }, then);
    else resetPassword.mutate({ id, password: password ?? '', reason }, then);
  };
  return { setRole, setDisabled, unlock, resetTotp, pending, apply };
}

/** A new operator: username, password and role (the server checks the password rules again). */
function CreateOperatorModal({
  open,
  roles,
  onClose,
}: {
  open: boolean;
  roles: { value: OperatorRole; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useAction('admin/operatorCreate', {
    success: t('operators.saved'),
    invalidate: ['admin/operators' as const],
  });
  return (
    <Modal open={open} title={t('operators.create')} footer={null} onCancel={onClose} destroyOnHidden>
      <Form
        layout="vertical"
        onFinish={(v: { username: string; password: string; role: OperatorRole }) =>
          create.mutate(v, { onSuccess: onClose })
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
  );
}

/**
 * Asks for the reason of a role change, (de)activation, unlock, second factor turned off or password reset (and the
 * new password); nothing is
 * sent until the admin confirms.
 */
function ChangeModal(props: {
  change: Change | null;
  roleLabel: (role: OperatorRole) => string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (v: { reason: string; password?: string }) => void;
}) {
  const { t } = useTranslation();
  const { change } = props;
  const name = change?.op.username;
  const title = !change
    ? ''
    : 'role' in change
      ? t('operators.confirmRole', { name, role: props.roleLabel(change.role) })
      : 'disabled' in change
        ? t(change.disabled ? 'operators.confirmDisable' : 'operators.confirmEnable', { name })
        : 'unlock' in change
          ? t('operators.confirmUnlock', { name })
          : 'resetTotp' in change
            ? t('operators.confirmResetTotp', { name })
            : t('operators.confirmReset', { name });
  const note = !change
    ? ''
    : 'unlock' in change
      ? t('operators.unlockNote', { time: dateTime(change.op.lockedUntil) })
      : 'resetPassword' in change
        ? t('operators.resetNote')
        : 'resetTotp' in change
          ? t('operators.resetTotpNote')
          : t('operators.sessionsEnd');
  const reset = change !== null && 'resetPassword' in change;
  return (
    <Modal open={change !== null} title={title} footer={null} onCancel={props.onCancel} destroyOnHidden>
      <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>
      <Form<{ reason: string; password?: string }>
        layout="vertical"
        onFinish={(v) => props.onConfirm({ reason: v.reason.trim(), password: v.password })}
      >
        {reset && (
          <Form.Item
            name="password"
            label={t('operators.newPassword')}
            rules={[{ required: true, min: 12, message: t('operators.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" data-testid="operator-new-password" />
          </Form.Item>
        )}
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
