import { type Adjustment, AdjustmentStatus, CURRENCY_CODES, WALLETS } from '@nexa/contract';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { amount, dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { pager, usePageWithin } from '../lib/table';

const PAGE = 20;
const STATUS_COLOR = { pending: 'gold', approved: 'green', rejected: 'default' } as const;

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
          style={{ width: 140 }}
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
              { title: 'UID', dataIndex: 'uid' },
              {
                title: t('col.wallet'),
                render: (_, a) => `${t(`mode.${a.mode}`)} · ${t(`wallet.${a.wallet}`)} · ${a.currency}`,
              },
              {
                title: t('col.amount'),
                render: (_, a) => (
                  <span style={{ color: a.amount.startsWith('-') ? '#cf1322' : '#389e0d' }}>{amount(a.amount)}</span>
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
                    <Space>
                      <Popconfirm
                        title={t('adjustments.confirmApprove', { amount: amount(a.amount), currency: a.currency })}
                        onConfirm={() => approve.mutate({ id: a.id })}
                        okButtonProps={{ 'data-testid': 'adjustment-confirm' } as React.ComponentProps<typeof Button>}
                      >
                        <Button size="small" type="primary" data-testid={`adjustment-approve-${a.id}`}>
                          {t('adjustments.approve')}
                        </Button>
                      </Popconfirm>
                      <Button
                        size="small"
                        danger
                        onClick={() => setRejecting(a)}
                        data-testid={`adjustment-reject-${a.id}`}
                      >
                        {t('adjustments.reject')}
                      </Button>
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

/** A correction proposed for a second operator's approval: user, wallet, signed amount and a reason. */
function ProposeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const propose = useAction('admin/proposeAdjustment', {
    invalidate: ['admin/adjustments'],
    success: t('adjustments.proposed'),
  });
  return (
    <Modal open={open} title={t('adjustments.propose')} footer={null} onCancel={onClose} destroyOnHidden>
      <Form<ProposeForm>
        layout="vertical"
        initialValues={{ mode: 'real', wallet: 'spot', currency: 'USDT' }}
        onFinish={(v) => propose.mutate({ ...v, requestId: crypto.randomUUID() }, { onSuccess: onClose })}
      >
        <Form.Item name="uid" label="UID" rules={[{ required: true }]}>
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
          rules={[{ required: true, pattern: /^-?\d+(\.\d+)?$/, message: t('settings.invalid') }]}
        >
          <Input data-testid="adjustment-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t('col.reason')} rules={[{ required: true, whitespace: true }]}>
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
