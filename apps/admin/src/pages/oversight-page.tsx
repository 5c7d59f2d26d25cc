import {
  type AdminCopyFollower,
  type AdminCopyLeader,
  type AdminCopyPlan,
  type AdminRebate,
  type AdminTeamMember,
  type OperatorUserRef,
  PlanStatus,
  RebateProduct,
} from '@nexa/contract';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RowOpenButton } from '../components/row-open-button';
import { Loadable } from '../components/states';
import { amount, dateTime } from '../lib/format';
import { useCall } from '../lib/query';
import { useMay } from '../lib/role';
import { pager } from '../lib/table';
import { ReferralTableTab } from './referral-table-tab';

const PAGE = 20;
const blank = (s?: string) => (s?.trim() ? s.trim() : undefined);

/** A user as a link to their page: uid and login. */
function UserLink({ u }: { u: OperatorUserRef }) {
  return (
    <Link to={`/users/${u.userId}`}>
      {u.uid} · {u.login}
    </Link>
  );
}

/** Copy trading and the invitation programme as operators oversee them (issue 17); the admin also sets the programme's table. */
export default function OversightPage() {
  const { t } = useTranslation();
  const may = useMay();
  return (
    <Card title={t('nav.oversight')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'plans', label: t('oversight.plans'), children: <PlansTab /> },
          { key: 'leaders', label: t('oversight.leaders'), children: <LeadersTab /> },
          { key: 'rebates', label: t('oversight.rebates'), children: <RebatesTab /> },
          { key: 'team', label: t('oversight.team'), children: <TeamTab /> },
          ...(may('admin/referralTable')
            ? [{ key: 'programme', label: t('programme.title'), children: <ReferralTableTab /> }]
            : []),
        ]}
      />
    </Card>
  );
}

function PlansTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ status?: PlanStatus; mode?: 'real' | 'demo'; leaderUid?: string }>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const q = useCall('admin/copyPlans', { ...filters, page, pageSize: PAGE });
  return (
    <>
      <Form<typeof filters>
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setFilters({ status: v.status, mode: v.mode, leaderUid: blank(v.leaderUid) });
          setPage(1);
        }}
      >
        <Form.Item name="leaderUid" label={t('oversight.leaderUid')}>
          <Input allowClear style={{ width: 140 }} data-testid="plans-leader" />
        </Form.Item>
        <Form.Item name="status" label={t('col.status')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={PlanStatus.options.map((s) => ({ value: s, label: t(`oversight.planStatus.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('col.mode')}>
          <Select allowClear style={{ width: 110 }} options={modeOptions(t)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="plans-filter">
          {t('audit.filter')}
        </Button>
      </Form>
      <Loadable query={q}>
        {() => (
          <Table<AdminCopyPlan>
            rowKey="id"
            size="small"
            dataSource={q.data!.list}
            pagination={pager(page, PAGE, q.data!.total, setPage)}
            onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
            columns={[
              {
                title: '#',
                // The row opens on a click; its number opens it from the keyboard too.
                render: (_, r) => (
                  <RowOpenButton onOpen={() => setOpen(r.id)} testId={`plan-open-${r.id}`}>
                    {r.id}
                  </RowOpenButton>
                ),
              },
              { title: t('oversight.leader'), render: (_, r) => <UserLink u={r.leaderUser} /> },
              { title: t('oversight.title'), dataIndex: 'title' },
              {
                title: t('col.product'),
                render: (_, r) => `${r.symbol} ${t(`oversight.direction.${r.direction}`)} ${r.seconds}s`,
              },
              { title: t('col.mode'), render: (_, r) => t(`mode.${r.mode}`) },
              { title: t('oversight.orderTime'), render: (_, r) => dateTime(r.orderTime) },
              { title: t('oversight.followers'), render: (_, r) => `${r.followers} / ${r.invitees}` },
              { title: t('oversight.totalAmount'), render: (_, r) => amount(r.totalOrderAmount) },
              { title: t('oversight.share'), render: (_, r) => `${amount(r.profitSharePct)} %` },
              {
                title: t('col.status'),
                render: (_, r) => (
                  <Space size={4}>
                    <Tag data-testid={`plan-status-${r.id}`}>{t(`oversight.planStatus.${r.status}`)}</Tag>
                    {r.result && <Tag color={RESULT_COLOR[r.result]}>{t(`oversight.result.${r.result}`)}</Tag>}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Loadable>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size="large"
        title={t('oversight.plan')}
        destroyOnHidden
      >
        {open && <PlanDetail id={open} />}
      </Drawer>
    </>
  );
}

const RESULT_COLOR = { won: 'success', lost: 'error', draw: 'default', refunded: 'warning' } as const;

function PlanDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const q = useCall('admin/copyPlan', { planId: id });
  return (
    <Loadable query={q}>
      {() => {
        const { plan, followers } = q.data!;
        return (
          <>
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('oversight.leader')}>
                <UserLink u={plan.leaderUser} />
              </Descriptions.Item>
              <Descriptions.Item label={t('oversight.title')}>{plan.title}</Descriptions.Item>
              <Descriptions.Item label={t('oversight.condition')}>
                {plan.condition.type === 'fixed' ? amount(plan.condition.value) : `${amount(plan.condition.value)} %`}
                {plan.condition.min || plan.condition.max
                  ? ` (${plan.condition.min ?? '—'}–${plan.condition.max ?? '—'})`
                  : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('oversight.leaderStake')}>{amount(plan.amount)}</Descriptions.Item>
              <Descriptions.Item label={t('oversight.entry')}>{plan.entry?.price ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('oversight.exit')}>{plan.exit?.price ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('col.reason')}>
                {plan.refundReason ? t(`oversight.refund.${plan.refundReason}`) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('col.created')}>{dateTime(plan.createdAt)}</Descriptions.Item>
            </Descriptions>
            <Table<AdminCopyFollower>
              rowKey={(r) => r.user.userId}
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={followers}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('oversight.noFollowers')} />,
              }}
              columns={[
                { title: t('col.user'), render: (_, r) => <UserLink u={r.user} /> },
                {
                  title: t('col.status'),
                  render: (_, r) => (
                    <span data-testid={`follower-state-${r.user.uid}`}>{t(`oversight.followState.${r.state}`)}</span>
                  ),
                },
                { title: t('oversight.stake'), render: (_, r) => (r.stake ? amount(r.stake) : '—') },
                { title: t('oversight.payout'), render: (_, r) => (r.payout ? amount(r.payout) : '—') },
                { title: t('oversight.sharePaid'), render: (_, r) => (r.profitShare ? amount(r.profitShare) : '—') },
                { title: t('oversight.auto'), render: (_, r) => (r.auto ? t('common.yes') : t('common.no')) },
                { title: t('oversight.confirmedAt'), render: (_, r) => dateTime(r.confirmedAt) },
              ]}
            />
          </>
        );
      }}
    </Loadable>
  );
}

const modeOptions = (t: (k: string) => string) =>
  (['real', 'demo'] as const).map((m) => ({ value: m, label: t(`mode.${m}`) }));

function LeadersTab() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'real' | 'demo'>('real');
  const [page, setPage] = useState(1);
  const q = useCall('admin/copyLeaders', { mode, page, pageSize: PAGE });
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        {t('col.mode')}
        <Select
          value={mode}
          style={{ width: 110 }}
          options={modeOptions(t)}
          onChange={(m) => {
            setMode(m);
            setPage(1);
          }}
          data-testid="leaders-mode"
        />
      </Space>
      <Loadable query={q}>
        {() => (
          <Table<AdminCopyLeader>
            rowKey={(r) => r.user.userId}
            size="small"
            dataSource={q.data!.list}
            pagination={pager(page, PAGE, q.data!.total, setPage)}
            columns={[
              { title: t('oversight.leader'), render: (_, r) => <UserLink u={r.user} /> },
              { title: t('oversight.publications'), dataIndex: 'publications' },
              { title: t('oversight.settledWon'), render: (_, r) => `${r.won} / ${r.settled}` },
              { title: t('oversight.winRate'), render: (_, r) => (r.winRate === null ? '—' : `${r.winRate} %`) },
              { title: t('oversight.followers'), dataIndex: 'totalFollowers' },
              { title: t('oversight.totalAmount'), render: (_, r) => amount(r.totalOrderAmount) },
              { title: t('oversight.sharesEarned'), render: (_, r) => amount(r.profitShares) },
              { title: t('oversight.lastPublished'), render: (_, r) => dateTime(r.lastPublishedAt) },
            ]}
          />
        )}
      </Loadable>
    </>
  );
}

interface RebateFilterForm {
  earnerUid?: string;
  product?: RebateProduct;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function RebatesTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ earnerUid?: string; product?: RebateProduct; start?: number; end?: number }>(
    {},
  );
  const [page, setPage] = useState(1);
  const q = useCall('admin/rebates', { ...filters, page, pageSize: PAGE });
  return (
    <>
      <Form<RebateFilterForm>
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setFilters({
            earnerUid: blank(v.earnerUid),
            product: v.product,
            start: v.range?.[0]?.startOf('day').valueOf(),
            end: v.range?.[1]?.endOf('day').valueOf(),
          });
          setPage(1);
        }}
      >
        <Form.Item name="earnerUid" label={t('oversight.earnerUid')}>
          <Input allowClear style={{ width: 140 }} data-testid="rebates-earner" />
        </Form.Item>
        <Form.Item name="product" label={t('col.product')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={RebateProduct.options.map((p) => ({ value: p, label: t(`oversight.product.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('audit.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="rebates-filter">
          {t('audit.filter')}
        </Button>
      </Form>
      <Loadable query={q}>
        {() => (
          <>
            <Space size="large" style={{ marginBottom: 12 }} data-testid="rebates-totals">
              <span>
                {t('oversight.records')}: <b>{q.data!.totals.count}</b>
              </span>
              <span>
                {t('col.total')}: <b>{amount(q.data!.totals.amount)} USDT</b>
              </span>
            </Space>
            <Table<AdminRebate>
              rowKey="id"
              size="small"
              dataSource={q.data!.list}
              pagination={pager(page, PAGE, q.data!.total, setPage)}
              columns={[
                { title: t('col.time'), render: (_, r) => dateTime(r.createdAt) },
                { title: t('oversight.earner'), render: (_, r) => <UserLink u={r.earner} /> },
                { title: t('oversight.source'), render: (_, r) => <UserLink u={r.sourceUser} /> },
                { title: t('oversight.depth'), dataIndex: 'depth' },
                { title: t('col.product'), render: (_, r) => t(`oversight.product.${r.product}`) },
                { title: t('oversight.base'), render: (_, r) => amount(r.baseAmount) },
                { title: t('oversight.rate'), dataIndex: 'rate' },
                { title: t('col.level'), render: (_, r) => `LV${r.level}` },
                { title: t('oversight.rebate'), render: (_, r) => `${amount(r.rebate)} ${r.currency}` },
                { title: t('col.ref'), render: (_, r) => `#${r.transferId}` },
              ]}
            />
          </>
        )}
      </Loadable>
    </>
  );
}

function TeamTab() {
  const { t } = useTranslation();
  const [uid, setUid] = useState<string | null>(null);
  const [depth, setDepth] = useState(1);
  const [page, setPage] = useState(1);
  const q = useCall('admin/teamTree', { uid: uid ?? '0', depth, page, pageSize: PAGE }, { enabled: uid !== null });
  return (
    <>
      <div data-testid="team-uid">
        <Input.Search
          placeholder={t('oversight.userUid')}
          enterButton={t('oversight.show')}
          style={{ width: 320, marginBottom: 16 }}
          onSearch={(v) => {
            setUid(blank(v) ?? null);
            setPage(1);
          }}
        />
      </div>
      {uid !== null && (
        <Loadable query={q}>
          {() => {
            const d = q.data!;
            return (
              <>
                <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
                  <Descriptions.Item label={t('col.user')}>
                    <UserLink u={d.user} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('col.level')}>
                    LV{d.user.level} {d.user.qualified ? <Tag color="success">{t('oversight.qualified')}</Tag> : null}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('oversight.income')}>{amount(d.totalIncome)} USDT</Descriptions.Item>
                  <Descriptions.Item label={t('oversight.uplines')} span={3}>
                    <span data-testid="team-uplines">
                      {d.uplines.length === 0
                        ? t('common.none')
                        : d.uplines.map((u, i) => (
                            <span key={u.userId}>
                              {i > 0 && ' ← '}L{u.depth} <UserLink u={u} />
                            </span>
                          ))}
                    </span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('oversight.counts')} span={3}>
                    {t('oversight.countsLine', d.counts)}
                  </Descriptions.Item>
                </Descriptions>
                <Tabs
                  activeKey={String(depth)}
                  onChange={(k) => {
                    setDepth(Number(k));
                    setPage(1);
                  }}
                  items={[1, 2, 3].map((n) => ({ key: String(n), label: t('oversight.depthN', { n }) }))}
                />
                <Table<AdminTeamMember>
                  rowKey="userId"
                  size="small"
                  dataSource={d.list}
                  locale={{
                    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('oversight.noMembers')} />,
                  }}
                  pagination={pager(page, PAGE, d.total, setPage)}
                  columns={[
                    { title: t('col.user'), render: (_, r) => <UserLink u={r} /> },
                    { title: t('oversight.invitedAt'), render: (_, r) => dateTime(r.invitedAt) },
                    { title: t('col.level'), render: (_, r) => `LV${r.level}` },
                    {
                      title: t('oversight.qualified'),
                      render: (_, r) => (r.qualified ? t('common.yes') : t('common.no')),
                    },
                  ]}
                />
              </>
            );
          }}
        </Loadable>
      )}
    </>
  );
}
