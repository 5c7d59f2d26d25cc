import type { AdminVerification, AdminWithdrawal } from '@nexa/contract';
import {
  Alert,
  Badge,
  Card,
  Col,
  Descriptions,
  Drawer,
  Row,
  Segmented,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Decision } from '../components/decision';
import { RowOpenButton } from '../components/row-open-button';
import { Loadable } from '../components/states';
import { UploadImage } from '../components/upload-image';
import type { Body, Data } from '../lib/api';
import { age, amount, dateTime } from '../lib/format';
import { useCall } from '../lib/query';
import { useMay } from '../lib/role';
import { pager, usePageWithin } from '../lib/table';
import { CONSOLE_COLORS } from '../theme';

const statusColor = (s: string) =>
  s === 'review' ? 'warning' : s === 'approved' || s === 'verified' ? 'success' : 'error';

/** Who decided a record and when, as the console names operators ('walker (#1) · time'); '—' while in review. */
const decidedBy = (r: { reviewedBy: string | null; reviewedByName: string | null; reviewedAt: number | null }) =>
  r.reviewedBy ? `${r.reviewedByName ?? ''} (#${r.reviewedBy}) · ${dateTime(r.reviewedAt)}` : '—';

type Decided = {
  status: string;
  reason: string | null;
  reviewedBy: string | null;
  reviewedByName: string | null;
  reviewedAt: number | null;
};

/** A record's drawer lines about its decision: the status, who decided and when, the reason given. */
const decisionItems = (t: TFunction, r: Decided) => [
  <Descriptions.Item key="status" label={t('col.status')}>
    <Tag color={statusColor(r.status)}>{t(`status.${r.status}`)}</Tag>
  </Descriptions.Item>,
  r.reviewedBy && (
    <Descriptions.Item key="decided" label={t('review.decidedBy')}>
      <span data-testid="decided-by">{decidedBy(r)}</span>
    </Descriptions.Item>
  ),
  r.reason && (
    <Descriptions.Item key="reason" label={t('col.reason')}>
      {r.reason}
    </Descriptions.Item>
  ),
];

/** Deposits, withdrawals and identity verifications waiting for an operator (or decided, by filter). */
export default function ReviewsPage() {
  const { t } = useTranslation();
  const may = useMay();
  const tabs = [
    { key: 'deposits', call: 'admin/deposits', label: t('review.deposits'), children: <Deposits /> },
    { key: 'withdrawals', call: 'admin/withdrawals', label: t('review.withdrawals'), children: <Withdrawals /> },
    {
      key: 'verifications',
      call: 'admin/verifications',
      label: t('review.verifications'),
      children: <Verifications />,
    },
  ] as const;
  return (
    <Card>
      <Tabs
        items={tabs
          .filter((tab) => may(tab.call))
          .map(({ call, label, ...tab }) => ({ ...tab, label: <WaitingLabel call={call} label={label} /> }))}
      />
    </Card>
  );
}

/**
 * How often an open queue and its tab's count refresh by themselves, as the dashboard does: new submissions and other
 * operators' decisions appear without a click (this console's own decisions refresh them at once).
 */
const QUEUE_REFRESH_MS = 15_000;

/** A queue's tab with how many of its records wait for a decision (the decisions refresh it). */
function WaitingLabel({ call, label }: { call: QueuePath; label: string }) {
  const { t } = useTranslation();
  const q = useCall(call, { status: 'review', page: 1, pageSize: 1 } as Body<QueuePath>, {
    refetchMs: QUEUE_REFRESH_MS,
  });
  const waiting = q.data?.total;
  return (
    <Space size={6}>
      {label}
      {waiting !== undefined && (
        <Tooltip title={t('review.waiting', { count: waiting })}>
          <Badge
            count={waiting}
            showZero
            overflowCount={999}
            color={waiting > 0 ? CONSOLE_COLORS.warning : CONSOLE_COLORS.neutral}
            data-testid={`waiting-${call.slice('admin/'.length)}`}
          />
        </Tooltip>
      )}
    </Space>
  );
}

function StatusFilter({
  value,
  onChange,
  verified,
}: { value: string; onChange: (v: string) => void; verified?: boolean }) {
  const { t } = useTranslation();
  const options = verified ? ['review', 'verified', 'rejected'] : ['review', 'approved', 'failed'];
  return (
    <Segmented
      value={value}
      onChange={(v) => onChange(String(v))}
      options={options.map((o) => ({ label: t(`status.${o}`), value: o }))}
      style={{ marginBottom: 16 }}
    />
  );
}

type Owner = { uid: number; email: string | null; mobile: string | null };
const ownerLabel = (o: Owner) => `${o.uid} · ${o.email ?? o.mobile ?? ''}`;
const ownerCol = (t: (k: string) => string) => ({
  title: t('col.user'),
  render: (_: unknown, r: { owner: Owner }) => ownerLabel(r.owner),
});
/** An amount as the console writes it: its figures and its currency, never a bare number. */
const withCurrency = (v: string, currency: string) => `${amount(v)} ${currency}`;

function Deposits() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      path="admin/deposits"
      rowTestId={(r) => `deposit-${r.id}`}
      columns={[
        { title: t('col.order'), dataIndex: 'orderNo' },
        ownerCol(t),
        { title: t('col.amount'), align: 'right', render: (_, r) => `${amount(r.amount)} ${r.currency}` },
        { title: t('col.chain'), dataIndex: 'chain' },
      ]}
      drawer={{ size: 1100, title: (r) => r.orderNo }}
    >
      {(open, close) => (
        <Row gutter={24}>
          <Col span={10}>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('col.user')}>{ownerLabel(open.owner)}</Descriptions.Item>
              <Descriptions.Item label={t('col.amount')}>
                <Typography.Text
                  strong
                  data-testid="deposit-amount"
                >{`${amount(open.amount)} ${open.currency}`}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('col.chain')}>{open.chain}</Descriptions.Item>
              <Descriptions.Item label={t('col.address')}>
                <Typography.Text copyable>{open.address}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('col.submitted')}>{dateTime(open.createdAt)}</Descriptions.Item>
              {decisionItems(t, open)}
            </Descriptions>
            {open.status === 'review' && (
              <div style={{ marginTop: 16 }}>
                <Decision
                  kind="Deposit"
                  id={open.id}
                  summary={t('review.summaryDeposit', {
                    amount: withCurrency(open.amount, open.currency),
                    user: ownerLabel(open.owner),
                    chain: open.chain,
                  })}
                  onDone={close}
                />
              </div>
            )}
          </Col>
          <Col span={14}>
            <Typography.Text type="secondary">{t('review.screenshotHint')}</Typography.Text>
            <UploadImage url={open.screenshotUrl} alt={t('review.screenshot')} testId="screenshot" />
          </Col>
        </Row>
      )}
    </ReviewQueue>
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      path="admin/withdrawals"
      columns={[
        { title: t('col.order'), dataIndex: 'orderNo' },
        ownerCol(t),
        { title: t('col.amount'), align: 'right', render: (_, r) => `${amount(r.amount)} ${r.currency}` },
        { title: t('col.fee'), align: 'right', render: (_, r) => withCurrency(r.fee, r.currency) },
        {
          title: t('col.destination'),
          render: (_, r) => (r.method === 'crypto' ? `${r.chain} ${r.address}` : `${r.bankName} ${r.cardNumber}`),
        },
      ]}
      drawer={{ size: 1100, title: (r) => r.orderNo }}
    >
      {(open, close) => <WithdrawalReview w={open} onDone={close} />}
    </ReviewQueue>
  );
}

/** The record beside the user's funding history and how long the destination address has been bound. */
function WithdrawalReview({ w, onDone }: { w: AdminWithdrawal; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useCall('admin/user', { userId: w.owner.userId });
  const history = useCall('admin/userFunding', { userId: w.owner.userId, page: 1, pageSize: 20 });
  const bound = user.data?.addresses.find((a) => a.chain === w.chain && a.address === w.address);
  return (
    <Row gutter={24}>
      <Col span={10}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('col.user')}>{ownerLabel(w.owner)}</Descriptions.Item>
          <Descriptions.Item label={t('col.amount')}>{`${amount(w.amount)} ${w.currency}`}</Descriptions.Item>
          <Descriptions.Item label={t('col.fee')}>
            <span data-testid="withdrawal-fee">{withCurrency(w.fee, w.currency)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.total')}>
            <span data-testid="withdrawal-total">{withCurrency(w.total, w.currency)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.destination')}>
            {w.method === 'crypto' ? `${w.chain} ${w.address}` : `${w.bankName} ${w.cardNumber} ${w.userName}`}
          </Descriptions.Item>
          {w.method === 'crypto' && (
            <Descriptions.Item label={t('review.addressAge')}>
              <Loadable query={user}>
                {() => (bound ? `${age(bound.boundAt)} (${dateTime(bound.boundAt)})` : t('review.addressNotBound'))}
              </Loadable>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('col.submitted')}>{dateTime(w.createdAt)}</Descriptions.Item>
          {decisionItems(t, w)}
          {user.data && (
            <Descriptions.Item label={t('user.freezes')}>
              {user.data.withdrawalsFrozen ? <Tag color="error">{t('user.withdrawalsFrozen')}</Tag> : t('common.none')}
            </Descriptions.Item>
          )}
        </Descriptions>
        {w.status === 'review' && (
          <div style={{ marginTop: 16 }}>
            <Decision
              kind="Withdrawal"
              id={w.id}
              summary={t('review.summaryWithdrawal', {
                amount: withCurrency(w.amount, w.currency),
                fee: withCurrency(w.fee, w.currency),
                total: withCurrency(w.total, w.currency),
                user: ownerLabel(w.owner),
                destination: w.method === 'crypto' ? `${w.chain} ${w.address}` : `${w.bankName} ${w.cardNumber}`,
              })}
              onDone={onDone}
            />
          </div>
        )}
      </Col>
      <Col span={14}>
        <Typography.Title level={5}>{t('review.history')}</Typography.Title>
        <Loadable query={history}>
          {() => (
            <Table
              size="small"
              rowKey={(r) => `${r.kind}-${r.id}`}
              pagination={false}
              dataSource={history.data!.list}
              columns={[
                { title: t('col.kind'), render: (_, r) => t(`kind.${r.kind}`) },
                { title: t('col.amount'), align: 'right', render: (_, r) => `${amount(r.amount)} ${r.currency}` },
                // A bank withdrawal has no chain: it goes to the user's bank card.
                { title: t('col.chain'), render: (_, r) => r.chain ?? t('review.bankCard') },
                {
                  title: t('col.status'),
                  render: (_, r) => <Tag color={statusColor(r.status)}>{t(`status.${r.status}`)}</Tag>,
                },
                { title: t('col.submitted'), render: (_, r) => dateTime(r.createdAt) },
              ]}
            />
          )}
        </Loadable>
      </Col>
    </Row>
  );
}

/** The identity fields of an advanced submission that are not its verified basic identity's. */
const IDENTITY = ['country', 'name', 'idNumber'] as const;
/** As the server compares them: case, spaces and hyphens make no other name or number. */
const norm = (s: string) => s.replace(/[\s-]+/g, '').toUpperCase();
const differsFromBasic = (v: AdminVerification) =>
  v.basic ? IDENTITY.filter((f) => norm(v[f]) !== norm(v.basic![f])) : [];

/**
 * Beside an advanced submission: the verified basic identity it belongs to (country, name, full ID number, when it
 * was verified), and whether the submission's identity is that one. Advanced verification is for the person and the
 * document basic verified; the photos must show that document.
 */
function BasicIdentity({ v }: { v: AdminVerification }) {
  const { t } = useTranslation();
  if (!v.basic) {
    return <Alert type="error" showIcon style={{ marginTop: 16 }} message={t('review.noBasicIdentity')} />;
  }
  const differ = differsFromBasic(v);
  return (
    <Descriptions
      column={4}
      bordered
      size="small"
      style={{ marginTop: 16 }}
      data-testid="basic-identity"
      title={t('review.basicIdentity')}
      extra={
        differ.length === 0 ? (
          <Tag color="success" data-testid="basic-identity-check">
            {t('review.basicSame')}
          </Tag>
        ) : (
          <Tag color="error" data-testid="basic-identity-check">
            {t('review.basicDiffers', { fields: differ.map((f) => t(`col.${f}`)).join(', ') })}
          </Tag>
        )
      }
    >
      <Descriptions.Item label={t('col.country')}>
        <span data-testid="basic-country">{v.basic.country}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('col.name')}>
        <span data-testid="basic-name">{v.basic.name}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('col.idNumber')}>
        <span data-testid="basic-id-number">{v.basic.idNumber}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('review.verifiedAt')}>
        <span data-testid="basic-verified-at">{dateTime(v.basic.verifiedAt)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

function Verifications() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      path="admin/verifications"
      columns={[
        ownerCol(t),
        { title: t('col.level'), render: (_, r) => t(`level.${r.level}`) },
        { title: t('col.name'), dataIndex: 'name' },
        { title: t('col.country'), dataIndex: 'country' },
      ]}
      drawer={{ size: 1200, title: (r) => r.name }}
    >
      {(open, close) => (
        <>
          <Descriptions column={3} bordered size="small">
            <Descriptions.Item label={t('col.user')}>{ownerLabel(open.owner)}</Descriptions.Item>
            <Descriptions.Item label={t('col.level')}>{t(`level.${open.level}`)}</Descriptions.Item>
            <Descriptions.Item label={t('col.country')}>{open.country}</Descriptions.Item>
            <Descriptions.Item label={t('col.name')}>{open.name}</Descriptions.Item>
            <Descriptions.Item label={t('col.idNumber')}>{open.idNumber}</Descriptions.Item>
            <Descriptions.Item label={t('col.address')}>
              {[open.address, open.city].filter(Boolean).join(', ') || '—'}
            </Descriptions.Item>
            {decisionItems(t, open)}
          </Descriptions>
          {open.level === 'advanced' && <BasicIdentity v={open} />}
          {/* Basic verification has no photos: no two empty boxes for them. */}
          {(open.frontImageUrl !== null || open.backImageUrl !== null) && (
            <Row gutter={16} style={{ marginTop: 16 }} data-testid="verification-photos">
              <Col span={12}>
                <Typography.Title level={5}>{t('review.front')}</Typography.Title>
                <UploadImage url={open.frontImageUrl} alt={t('review.front')} />
              </Col>
              <Col span={12}>
                <Typography.Title level={5}>{t('review.back')}</Typography.Title>
                <UploadImage url={open.backImageUrl} alt={t('review.back')} />
              </Col>
            </Row>
          )}
          {open.status === 'review' && (
            <div style={{ marginTop: 16 }}>
              <Decision
                kind="Verification"
                id={open.id}
                summary={t('review.summaryVerification', {
                  level: t(`level.${open.level}`),
                  user: ownerLabel(open.owner),
                  name: open.name,
                })}
                onDone={close}
              />
            </div>
          )}
        </>
      )}
    </ReviewQueue>
  );
}

type QueuePath = 'admin/deposits' | 'admin/withdrawals' | 'admin/verifications';
type QueueRow<P extends QueuePath> = Data<P>['list'][number];

/**
 * One review queue: the status filter (identity verifications have their own statuses), 20 records a page with the
 * queue's own columns between the submission time and the status, and the record opened in a drawer.
 */
function ReviewQueue<P extends QueuePath>(props: {
  path: P;
  columns: ColumnsType<QueueRow<P>>;
  rowTestId?: (r: QueueRow<P>) => string;
  drawer: { size: number; title: (r: QueueRow<P>) => string };
  children: (open: QueueRow<P>, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('review');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<QueueRow<P> | null>(null);
  const q = useCall(props.path, { status, page, pageSize: 20 } as Body<P>, { refetchMs: QUEUE_REFRESH_MS });
  usePageWithin(page, setPage, q.data?.total, 20);
  const close = () => setOpen(null);
  return (
    <>
      <StatusFilter
        verified={props.path === 'admin/verifications'}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
      />
      <Loadable query={q}>
        {() => (
          <Table<QueueRow<P>>
            rowKey="id"
            size="middle"
            dataSource={q.data!.list as QueueRow<P>[]}
            onRow={(r) =>
              ({
                onClick: () => setOpen(r),
                style: { cursor: 'pointer' },
                ...(props.rowTestId ? { 'data-testid': props.rowTestId(r) } : {}),
              }) as never
            }
            pagination={pager(page, 20, q.data!.total, setPage)}
            columns={[
              ...props.columns,
              { title: t('col.submitted'), render: (_, r) => `${dateTime(r.createdAt)} (${age(r.createdAt)})` },
              {
                title: t('col.status'),
                render: (_, r) => <Tag color={statusColor(r.status)}>{t(`status.${r.status}`)}</Tag>,
              },
              // Decided records name who decided them and when; a queue under review has nobody to name yet.
              ...(status === 'review'
                ? []
                : [{ title: t('review.decidedBy'), render: (_: unknown, r: QueueRow<P>) => decidedBy(r) }]),
              // The row opens on a click; this button opens it from the keyboard (and names what the row does).
              {
                title: t('col.action'),
                render: (_, r) => <RowOpenButton onOpen={() => setOpen(r)}>{t('review.open')}</RowOpenButton>,
              },
            ]}
          />
        )}
      </Loadable>
      <Drawer
        open={open !== null}
        onClose={close}
        size={props.drawer.size}
        title={open ? props.drawer.title(open) : undefined}
        destroyOnHidden
      >
        {open && props.children(open, close)}
      </Drawer>
    </>
  );
}
