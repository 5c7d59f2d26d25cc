import type { AdminUserDetail } from '@nexa/contract';
import { changeFigures, signOf } from '@nexa/rules';
import {
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Space,
  Table,
  type TableProps,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Loadable } from '../components/states';
import type { Body, CallName, Data } from '../lib/api';
import { codeLabel } from '../lib/codes';
import { age, amount, dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { useMay } from '../lib/role';

/** One user: profile, verification, balances (read only), history tabs and the audited actions. */
export default function UserPage() {
  const { userId = '' } = useParams();
  const q = useCall('admin/user', { userId });
  return <Loadable query={q}>{() => <UserDetail u={q.data!} />}</Loadable>;
}

function UserDetail({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={`UID ${u.uid}`} extra={<UserActions u={u} />}>
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t('col.email')}>{u.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('col.mobile')}>{u.mobile ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('col.inviteCode')}>{u.inviteCode}</Descriptions.Item>
          <Descriptions.Item label={t('user.inviter')}>
            {u.inviterUid === null ? (
              '—'
            ) : u.inviterId ? (
              <Link to={`/users/${u.inviterId}`} data-testid="user-inviter">
                {u.inviterUid}
              </Link>
            ) : (
              u.inviterUid
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('col.registered')}>{dateTime(u.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('col.mode')}>{t(`mode.${u.mode}`)}</Descriptions.Item>
          <Descriptions.Item label={t('user.twoFactor')}>
            {t(u.twoFactorEnabled ? 'common.on' : 'common.off')}
          </Descriptions.Item>
          <Descriptions.Item label={t('user.verification')}>
            {u.verifications.length === 0
              ? t('status.unverified')
              : u.verifications.map((v) => (
                  <Tag key={v.id}>{`${t(`level.${v.level}`)}: ${t(`status.${v.status}`)}`}</Tag>
                ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('user.bankCard')}>
            <span data-testid="user-bank-card">
              {u.bankCard
                ? t('user.bankCardBound', {
                    bank: u.bankCard.bankName,
                    holder: u.bankCard.userName,
                    number: u.bankCard.cardNumber,
                    at: dateTime(u.bankCard.boundAt),
                  })
                : t('common.none')}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('user.freezes')}>
            <span data-testid="freezes">
              {!u.loginsFrozen && !u.withdrawalsFrozen && t('common.none')}
              {(['logins', 'withdrawals'] as const)
                .filter((what) => (what === 'logins' ? u.loginsFrozen : u.withdrawalsFrozen))
                .map((what) => {
                  const set = u.freezes.find((f) => f.what === what);
                  return (
                    <div key={what} data-testid={`freeze-${what}`}>
                      <Tag color="error">{t(what === 'logins' ? 'user.loginsFrozen' : 'user.withdrawalsFrozen')}</Tag>
                      {set && (
                        <Typography.Text
                          type="secondary"
                          style={{ marginInlineStart: 4 }}
                          data-testid={`freeze-${what}-detail`}
                        >
                          {t('user.freezeSet', {
                            reason: set.reason ?? '—',
                            by: `${set.operatorName} (#${set.operatorId})`,
                            at: dateTime(set.at),
                          })}
                        </Typography.Text>
                      )}
                    </div>
                  );
                })}
            </span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'balances', label: t('user.balances'), children: <Balances u={u} /> },
            { key: 'changes', label: t('user.changes'), children: <Changes userId={u.userId} /> },
            { key: 'orders', label: t('user.orders'), children: <Orders userId={u.userId} /> },
            { key: 'positions', label: t('user.positions'), children: <Positions userId={u.userId} /> },
            { key: 'funding', label: t('user.funding'), children: <Funding userId={u.userId} /> },
            { key: 'sessions', label: t('user.sessions'), children: <Sessions u={u} /> },
            { key: 'addresses', label: t('user.addresses'), children: <Addresses u={u} /> },
          ]}
        />
      </Card>
    </Space>
  );
}

type Act =
  | { call: 'admin/userFreeze'; what: 'logins' | 'withdrawals'; frozen: boolean; label: string }
  | { call: 'admin/userRevokeSessions' | 'admin/userReset2fa'; label: string };

/** Every action asks for a reason, which the audit log keeps with it. */
function UserActions({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  const [act, setAct] = useState<Act | null>(null);
  const refresh: CallName[] = ['admin/user', 'admin/users'];
  const freeze = useAction('admin/userFreeze', { success: t('user.done'), invalidate: refresh });
  const revoke = useAction('admin/userRevokeSessions', { success: t('user.done'), invalidate: refresh });
  const reset = useAction('admin/userReset2fa', { success: t('user.done'), invalidate: refresh });
  const may = useMay();
  const all: Act[] = [
    {
      call: 'admin/userFreeze',
      what: 'logins',
      frozen: !u.loginsFrozen,
      label: t(u.loginsFrozen ? 'user.unfreezeLogins' : 'user.freezeLogins'),
    },
    {
      call: 'admin/userFreeze',
      what: 'withdrawals',
      frozen: !u.withdrawalsFrozen,
      label: t(u.withdrawalsFrozen ? 'user.unfreezeWithdrawals' : 'user.freezeWithdrawals'),
    },
    { call: 'admin/userRevokeSessions', label: t('user.revokeSessions') },
    { call: 'admin/userReset2fa', label: t('user.reset2fa') },
  ];
  // Resetting a second factor the user has not turned on would do nothing: it is offered only when it is on.
  const acts = all.filter((a) => may(a.call) && (a.call !== 'admin/userReset2fa' || u.twoFactorEnabled));
  if (acts.length === 0) return null;
  const submit = ({ reason }: { reason: string }) => {
    if (!act) return;
    const done = { onSuccess: () => setAct(null) };
    if (act.call === 'admin/userFreeze')
      freeze.mutate({ userId: u.userId, what: act.what, frozen: act.frozen, reason }, done);
    else if (act.call === 'admin/userRevokeSessions') revoke.mutate({ userId: u.userId, reason }, done);
    else reset.mutate({ userId: u.userId, reason }, done);
  };
  return (
    <>
      <Space wrap>
        {acts.map((a) => (
          <Button key={a.label} danger={a.call !== 'admin/userFreeze' || a.frozen} onClick={() => setAct(a)}>
            {a.label}
          </Button>
        ))}
      </Space>
      <Modal open={act !== null} title={act?.label} footer={null} onCancel={() => setAct(null)} destroyOnHidden>
        <Form layout="vertical" onFinish={submit}>
          <Form.Item
            name="reason"
            label={t('user.reason')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Button
            type="primary"
            danger
            htmlType="submit"
            loading={freeze.isPending || revoke.isPending || reset.isPending}
          >
            {act?.label}
          </Button>
        </Form>
      </Modal>
    </>
  );
}

function Balances({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(r) => `${r.mode}-${r.wallet}-${r.currency}`}
      dataSource={u.balances}
      columns={[
        { title: t('col.mode'), render: (_, r) => t(`mode.${r.mode}`) },
        { title: t('col.wallet'), render: (_, r) => t(`wallet.${r.wallet}`) },
        { title: t('col.currency'), dataIndex: 'currency' },
        { title: t('col.available'), align: 'right', render: (_, r) => amount(r.available) },
        { title: t('col.frozen'), align: 'right', render: (_, r) => amount(r.frozen) },
      ]}
    />
  );
}

type HistoryPath = 'admin/userChanges' | 'admin/userOrders' | 'admin/userPositions' | 'admin/userFunding';
type HistoryRow<P extends HistoryPath> = Data<P>['list'][number];

/** A paged history tab of one user: 20 rows a page, the columns its call's rows need. */
function History<P extends HistoryPath>(props: {
  path: P;
  userId: string;
  rowKey: TableProps<HistoryRow<P>>['rowKey'];
  columns: ColumnsType<HistoryRow<P>>;
}) {
  const [page, setPage] = useState(1);
  const q = useCall(props.path, { userId: props.userId, page, pageSize: 20 } as Body<P>);
  return (
    <Loadable query={q}>
      {() => (
        <Table<HistoryRow<P>>
          size="small"
          rowKey={props.rowKey}
          pagination={{
            current: page,
            pageSize: 20,
            total: q.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          dataSource={q.data!.list as HistoryRow<P>[]}
          columns={props.columns}
        />
      )}
    </Loadable>
  );
}

/**
 * A user's account changes, as the user's app shows them (`changeFigures`): "Available" is the change of the available
 * balance, the one "Available after" sums; "Frozen" what moved into or out of frozen. A hold reads −100 / +100, the
 * stake lost or the withdrawal paid out of it "—" / −100, so nothing reads as charged twice.
 */
function Changes({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <History
      path="admin/userChanges"
      userId={userId}
      rowKey="id"
      columns={[
        { title: t('col.time'), render: (_, r) => dateTime(r.createdAt) },
        { title: t('col.mode'), render: (_, r) => t(`mode.${r.mode}`) },
        { title: t('col.wallet'), render: (_, r) => t(`wallet.${r.wallet}`) },
        { title: t('col.type'), render: (_, r) => codeLabel(t, 'changeType', r.type) },
        {
          title: t('col.available'),
          align: 'right',
          render: (_, r) => {
            const { available } = changeFigures(r);
            return available === null ? '—' : `${amount(available)} ${r.currency}`;
          },
        },
        {
          title: t('col.frozen'),
          align: 'right',
          render: (_, r) => {
            const { frozen } = changeFigures(r);
            return frozen === null ? null : `${amount(frozen)} ${r.currency}`;
          },
        },
        { title: t('col.availableAfter'), align: 'right', render: (_, r) => amount(r.balanceAfter) },
        { title: t('col.ref'), dataIndex: 'ref' },
      ]}
    />
  );
}

/**
 * A user's orders. A delivery order's amount is its stake in the order's currency; a perpetual order's is a number of
 * contracts (the contract's `AdminUserOrder.amount`), not money: shown as contracts, never beside a currency. The
 * currency is that of the stake and of the PnL, which both products settle in.
 */
function Orders({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <History
      path="admin/userOrders"
      userId={userId}
      rowKey={(r) => `${r.product}-${r.id}`}
      columns={[
        { title: t('col.time'), render: (_, r) => dateTime(r.createdAt) },
        { title: t('col.product'), render: (_, r) => t(`product.${r.product}`) },
        { title: t('col.mode'), render: (_, r) => t(`mode.${r.mode}`) },
        { title: t('col.symbol'), dataIndex: 'symbol' },
        { title: t('col.side'), render: (_, r) => codeLabel(t, 'side', r.side) },
        {
          title: t('col.stakeOrQuantity'),
          align: 'right',
          render: (_, r) =>
            r.product === 'perpetual'
              ? t('user.contracts', { count: Number(r.amount), n: amount(r.amount) })
              : `${amount(r.amount)} ${r.currency}`,
        },
        { title: t('col.pnl'), align: 'right', render: (_, r) => pnl(r.pnl, r.currency) },
        { title: t('col.liquidationPrice'), align: 'right', render: (_, r) => r.liquidationPrice ?? '—' },
        { title: t('col.status'), render: (_, r) => codeLabel(t, `orderStatus.${r.product}`, r.status) },
      ]}
    />
  );
}

function Positions({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <History
      path="admin/userPositions"
      userId={userId}
      rowKey="id"
      columns={[
        { title: t('col.time'), render: (_, r) => dateTime(r.openedAt) },
        { title: t('col.mode'), render: (_, r) => t(`mode.${r.mode}`) },
        { title: t('col.symbol'), dataIndex: 'symbol' },
        { title: t('col.side'), render: (_, r) => codeLabel(t, 'side', r.side) },
        { title: t('col.quantity'), align: 'right', dataIndex: 'quantity' },
        { title: t('col.leverage'), align: 'right', render: (_, r) => `${r.leverage}×` },
        { title: t('col.entryPrice'), align: 'right', render: (_, r) => amount(r.entryPrice) },
        { title: t('col.margin'), align: 'right', render: (_, r) => amount(r.margin) },
        { title: t('col.currency'), dataIndex: 'currency' },
        { title: t('col.markPrice'), align: 'right', render: (_, r) => r.markPrice ?? '—' },
        { title: t('col.unrealizedPnl'), align: 'right', render: (_, r) => pnl(r.unrealizedPnl) },
        { title: t('col.realizedPnl'), align: 'right', render: (_, r) => pnl(r.realizedPnl) },
        { title: t('col.liquidationPrice'), align: 'right', render: (_, r) => r.liquidationPrice ?? '—' },
        { title: t('col.status'), render: (_, r) => codeLabel(t, 'positionStatus', r.status) },
      ]}
    />
  );
}

/**
 * A PnL as the server rounded it (the user's own figure), signed, coloured by its sign, with its currency when the
 * row has no currency column; "—" when there is none.
 */
function pnl(v: string | null, currency?: string) {
  if (v === null) return '—';
  const sign = signOf(v);
  return (
    <Typography.Text type={sign > 0 ? 'success' : sign < 0 ? 'danger' : undefined}>
      {sign > 0 ? `+${v}` : v}
      {currency ? ` ${currency}` : ''}
    </Typography.Text>
  );
}

function Funding({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <History
      path="admin/userFunding"
      userId={userId}
      rowKey={(r) => `${r.kind}-${r.id}`}
      columns={[
        { title: t('col.time'), render: (_, r) => dateTime(r.createdAt) },
        { title: t('col.kind'), render: (_, r) => t(`kind.${r.kind}`) },
        { title: t('col.amount'), align: 'right', render: (_, r) => `${amount(r.amount)} ${r.currency}` },
        { title: t('col.chain'), render: (_, r) => r.chain ?? '—' },
        { title: t('col.status'), render: (_, r) => t(`status.${r.status}`) },
      ]}
    />
  );
}

function Sessions({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={u.sessions}
      columns={[
        { title: t('col.created'), render: (_, r) => dateTime(r.createdAt) },
        { title: t('col.lastSeen'), render: (_, r) => dateTime(r.lastSeenAt) },
        { title: t('col.expires'), render: (_, r) => dateTime(r.expiresAt) },
        { title: 'IP', render: (_, r) => r.ip ?? '—' },
        { title: t('col.device'), render: (_, r) => r.userAgent ?? '—', ellipsis: true },
      ]}
    />
  );
}

function Addresses({ u }: { u: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="chain"
      pagination={false}
      dataSource={u.addresses}
      columns={[
        { title: t('col.chain'), dataIndex: 'chain' },
        { title: t('col.address'), dataIndex: 'address' },
        { title: t('col.label'), render: (_, r) => r.label ?? '—' },
        { title: t('review.addressAge'), render: (_, r) => `${age(r.boundAt)} (${dateTime(r.boundAt)})` },
        {
          // A newly bound address waits before it may be withdrawn to (the user's app says the same time).
          title: t('user.addressUsable'),
          render: (_, r) =>
            r.usableAt > Date.now() ? (
              <Tag color="warning" data-testid={`address-waits-${r.chain}`}>
                {t('user.addressUsableFrom', { time: dateTime(r.usableAt) })}
              </Tag>
            ) : (
              t('user.addressUsableNow')
            ),
        },
      ]}
    />
  );
}
