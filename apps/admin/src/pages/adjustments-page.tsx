import { type Adjustment, AdjustmentStatus, CURRENCY_CODES, WALLETS } from '@nexa/contract';
import { compareDecimal } from '@nexa/rules';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { markRefusedFields } from '../lib/form-errors';
import { amount, dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { pager, usePageWithin } from '../lib/table';
import { CONSOLE_COLORS } from '../theme';

const PAGE = 20;
const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

/** A user as the console names them elsewhere (the review queues): uid and login. */
const userLabel = (u: { uid: number; email: string | null; mobile: string | null }) =>
  `${u.uid} · ${u.email ?? u.mobile ?? ''}`;

interface ProposeForm {
  uid: number;
  mode: 'real' | 'demo';
  wallet: (typeof WALLETS)[number];
  currency: (typeof CURRENCY_CODES)[number];
  amount: string;
  reason: string;
}

/**
 * Balance corrections (issue 17): never an edit of a balance, but a ledger transfer with a reason, proposed by one
 * operator and posted only when a second one approves (the server refuses the proposer's own approval).
 */
export default function AdjustmentsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AdjustmentStatus | undefined>('pending');
  const [page, setPage] = useState(1);
  const [proposing, setProposing] = useState(false);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const q = useCall('admin/adjustments', { status, page, pageSize: PAGE });
  usePageWithin(page, setPage, q.data?.total, PAGE);
  const refresh = { invalidate: ['admin/adjustments' as const] };
  const approve = useAction('admin/approveAdjustment', { ...refresh, success: t('adjustments.approved') });
  const me = useCall('admin/me');
  return (
    <Card
      title={t('nav.adjustments')}
      extra={
        <Button type="primary" onClick={() => setProposing(true)} data-testid="adjustment-new">
          {t('adjustments.propose')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        {t('col.status')}
        <Select
          allowClear
          value={status}
          style={{ width: 200 }}
          aria-label={t('col.status')}
          data-testid="adjustment-filter"
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
          options={AdjustmentStatus.options.map((s) => ({ value: s, label: t(`adjustments.status.${s}`) }))}
        />
      </Space>
      <Loadable query={q}>
        {() => (
          <Table<Adjustment>
            rowKey="id"
            size="small"
            dataSource={q.data!.list}
            pagination={pager(page, PAGE, q.data!.total, setPage)}
            columns={[
              { title: '#', dataIndex: 'id' },
              { title: t('col.user'), render: (_, a) => userLabel(a) },
              {
                title: t('col.wallet'),
                render: (_, a) => `${t(`mode.${a.mode}`)} · ${t(`wallet.${a.wallet}`)} · ${a.currency}`,
              },
              {
                title: t('col.amount'),
                render: (_, a) => (
                  <span style={{ color: a.amount.startsWith('-') ? CONSOLE_COLORS.error : CONSOLE_COLORS.success }}>
                    {amount(a.amount)}
                  </span>
                ),
              },
              { title: t('col.reason'), dataIndex: 'reason' },
              { title: t('adjustments.proposedBy'), render: (_, a) => `${a.proposedByName} (#${a.proposedBy})` },
              { title: t('col.created'), render: (_, a) => dateTime(a.createdAt) },
              {
                title: t('col.status'),
                render: (_, a) => (
                  <Space direction="vertical" size={0}>
                    <Tag color={STATUS_COLOR[a.status]} data-testid={`adjustment-status-${a.id}`}>
                      {t(`adjustments.status.${a.status}`)}
                    </Tag>
                    {a.decidedBy && (
                      <span style={{ fontSize: 12 }}>
                        {a.decidedByName} (#{a.decidedBy}) · {dateTime(a.decidedAt)}
                        {a.decisionReason ? ` · ${a.decisionReason}` : ''}
                      </span>
                    )}
                  </Space>
                ),
              },
              {
                title: '',
                render: (_, a) =>
                  a.status === 'pending' && (
                    <Space direction="vertical" size={2}>
                      <Space>
                        {/* Four eyes: the server refuses the proposer's own approval, so the proposer is not offered it. */}
                        {me.data?.id === a.proposedBy ? (
                          <Tooltip title={t('adjustments.ownProposal')}>
                            <Button size="small" type="primary" disabled data-testid={`adjustment-approve-${a.id}`}>
                              {t('adjustments.approve')}
                            </Button>
                          </Tooltip>
                        ) : (
                          <Popconfirm
                            title={t('adjustments.confirmApproveTitle')}
                            description={
                              <span data-testid="adjustment-confirm-text">
                                {t(
                                  a.amount.startsWith('-') ? 'adjustments.confirmDebit' : 'adjustments.confirmCredit',
                                  {
                                    amount: amount(a.amount.replace(/^-/, '')),
                                    currency: a.currency,
                                    user: userLabel(a),
                                    wallet: `${t(`mode.${a.mode}`)} · ${t(`wallet.${a.wallet}`)}`,
                                  },
                                )}
                              </span>
                            }
                            onConfirm={() => approve.mutate({ id: a.id })}
                            okButtonProps={
                              { 'data-testid': 'adjustment-confirm' } as React.ComponentProps<typeof Button>
                            }
                          >
                            <Button size="small" type="primary" data-testid={`adjustment-approve-${a.id}`}>
                              {t('adjustments.approve')}
                            </Button>
                          </Popconfirm>
                        )}
                        <Button
                          size="small"
                          danger
                          onClick={() => setRejecting(a)}
                          data-testid={`adjustment-reject-${a.id}`}
                        >
                          {t('adjustments.reject')}
                        </Button>
                      </Space>
                      {me.data?.id === a.proposedBy && (
                        <Typography.Text
                          type="secondary"
                          style={{ fontSize: 12, whiteSpace: 'nowrap' }}
                          data-testid={`adjustment-own-${a.id}`}
                        >
                          {t('adjustments.ownProposalShort')}
                        </Typography.Text>
                      )}
                    </Space>
                  ),
              },
            ]}
          />
        )}
      </Loadable>
      <ProposeModal open={proposing} onClose={() => setProposing(false)} />
      <RejectModal adjustment={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}

/** The value `v` once it has stopped changing for `ms` (a UID looked up when typed, not at every keystroke). */
function useSettled<T>(v: T, ms = 300): T {
  const [settled, setSettled] = useState(v);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(v), ms);
    return () => clearTimeout(timer);
  }, [v, ms]);
  return settled;
}

/**
 * The user a typed UID names (their login) and the chosen wallet's available balance, as the form shows them; the
 * balance is what a debit may take (the server refuses more when proposed, and checks again when approved).
 */
function useTarget(uid: number | undefined, mode: string, wallet: string, currency: string) {
  const settled = useSettled(uid);
  const q = settled ? String(settled) : '';
  const found = useCall('admin/users', { q, page: 1, pageSize: 5 }, { enabled: q !== '' });
  const user = found.data?.list.find((u) => u.uid === settled);
  const detail = useCall('admin/user', { userId: user?.userId ?? '' }, { enabled: user !== undefined });
  const balance = detail.data?.balances.find((b) => b.mode === mode && b.wallet === wallet && b.currency === currency);
  return {
    looking: q !== '' && (found.isLoading || (user !== undefined && detail.isLoading)),
    notFound: q !== '' && found.data !== undefined && user === undefined,
    user,
    available: detail.data ? (balance?.available ?? '0') : undefined,
  };
}

/** A correction proposed for a second operator's approval: user, wallet, signed amount and a reason. */
function ProposeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProposeForm>();
  const propose = useAction('admin/proposeAdjustment', {
    invalidate: ['admin/adjustments'],
    success: t('adjustments.proposed'),
    fieldsOnForm: true,
  });
  const uid = Form.useWatch('uid', form);
  const mode = Form.useWatch('mode', form) ?? 'real';
  const wallet = Form.useWatch('wallet', form) ?? 'spot';
  const currency = Form.useWatch('currency', form) ?? 'USDT';
  const target = useTarget(uid ?? undefined, mode, wallet, currency);
  const insufficient = (available: string | undefined) =>
    available === undefined
      ? t('adjustments.insufficientNoBalance')
      : t('adjustments.insufficient', { available: amount(available), currency });
  return (
    <Modal open={open} title={t('adjustments.propose')} footer={null} onCancel={onClose} destroyOnHidden>
      <Form<ProposeForm>
        form={form}
        layout="vertical"
        initialValues={{ mode: 'real', wallet: 'spot', currency: 'USDT' }}
        onFinish={(v) =>
          propose.mutate(
            { ...v, requestId: crypto.randomUUID() },
            {
              onSuccess: onClose,
              onError: (err) => {
                const fields = markRefusedFields(form, err, t('settings.invalid'));
                // The server's own refusal when the balance is too small: said with the balance the form knows.
                if (fields.some((f) => f[0] === 'amount'))
                  form.setFields([{ name: 'amount', errors: [insufficient(target.available)] }]);
              },
            },
          )
        }
      >
        <Form.Item
          name="uid"
          label="UID"
          rules={[{ required: true }]}
          extra={
            <span data-testid="adjustment-target">
              {target.looking
                ? t('adjustments.lookingUp')
                : target.notFound
                  ? t('adjustments.noSuchUser')
                  : target.user
                    ? `${userLabel(target.user)}${
                        target.available !== undefined
                          ? ` · ${t('adjustments.available', { available: amount(target.available), currency })}`
                          : ''
                      }`
                    : null}
            </span>
          }
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="adjustment-uid" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="mode" label={t('col.mode')}>
            <Select
              style={{ width: 110 }}
              options={(['real', 'demo'] as const).map((m) => ({ value: m, label: t(`mode.${m}`) }))}
            />
          </Form.Item>
          <Form.Item name="wallet" label={t('col.wallet')}>
            <Select style={{ width: 140 }} options={WALLETS.map((w) => ({ value: w, label: t(`wallet.${w}`) }))} />
          </Form.Item>
          <Form.Item name="currency" label={t('col.currency')}>
            <Select style={{ width: 100 }} options={CURRENCY_CODES.map((c) => ({ value: c }))} />
          </Form.Item>
        </Space>
        <Form.Item
          name="amount"
          label={t('adjustments.amount')}
          extra={t('adjustments.amountHelp')}
          dependencies={['uid', 'mode', 'wallet', 'currency']}
          rules={[
            { required: true, pattern: /^-?\d+(\.\d+)?$/, message: t('settings.invalid') },
            {
              // A debit may take at most what the wallet holds: said here, before the server refuses it.
              validator: (_, v: string | undefined) =>
                v?.trim().startsWith('-') &&
                target.available !== undefined &&
                compareDecimal(v.trim().slice(1), target.available) > 0
                  ? Promise.reject(new Error(insufficient(target.available)))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input data-testid="adjustment-amount" />
        </Form.Item>
        {/* The user's message of an approved adjustment quotes this reason (`balance.adjusted`). */}
        <Form.Item name="reason" label={t('review.reasonUserSees')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="adjustment-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={propose.isPending} data-testid="adjustment-submit">
          {t('adjustments.submit')}
        </Button>
      </Form>
    </Modal>
  );
}

function RejectModal({ adjustment, onClose }: { adjustment: Adjustment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useAction('admin/rejectAdjustment', {
    invalidate: ['admin/adjustments'],
    success: t('adjustments.rejected'),
  });
  return (
    <Modal open={adjustment !== null} title={t('adjustments.reject')} footer={null} onCancel={onClose} destroyOnHidden>
      <Form<{ reason: string }>
        layout="vertical"
        onFinish={(v) => adjustment && reject.mutate({ id: adjustment.id, reason: v.reason }, { onSuccess: onClose })}
      >
        <Form.Item name="reason" label={t('col.reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Button danger htmlType="submit" loading={reject.isPending}>
          {t('adjustments.reject')}
        </Button>
      </Form>
    </Modal>
  );
}
