import type { DashboardData } from '@nexa/contract';
import { Alert, Badge, Card, Col, Descriptions, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Loadable } from '../components/states';
import { age, amount, dateTime } from '../lib/format';
import { useCall } from '../lib/query';
import { useMay } from '../lib/role';

/** Refreshed every 15 s: what waits, today's flows, the house's result and risk, the feed. */
export default function DashboardPage() {
  const q = useCall('admin/dashboard', {}, { refetchMs: 15_000 });
  return (
    <>
      <DepositsOff />
      <Loadable query={q}>{() => <Dashboard d={q.data!} />}</Loadable>
    </>
  );
}

/**
 * Chains offered for deposits that have no receiving address: every user deposit there is refused ("not available
 * yet"), which nothing else on the dashboard shows. Named here with a way to the setting that fixes it.
 */
function DepositsOff() {
  const { t } = useTranslation();
  const may = useMay();
  const q = useCall('admin/fundingStatus', {}, { enabled: may('admin/fundingStatus'), refetchMs: 60_000 });
  const off = [...new Set((q.data?.deposits ?? []).filter((d) => !d.configured).map((d) => d.chain))];
  if (off.length === 0) return null;
  const currencies = (chain: string) =>
    (q.data?.deposits ?? []).filter((d) => d.chain === chain).map((d) => d.currency);
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="dashboard-deposits-off"
      message={t('dashboard.depositsOff.title', { chains: off.join(', ') })}
      description={
        <>
          {t('dashboard.depositsOff.body', {
            list: off.map((c) => `${c} (${currencies(c).join(', ')})`).join('; '),
          })}{' '}
          {may('admin/settings') && (
            <Link to="/settings" data-testid="dashboard-deposits-off-settings">
              {t('dashboard.depositsOff.link')}
            </Link>
          )}
        </>
      }
    />
  );
}

function Dashboard({ d }: { d: DashboardData }) {
  const { t } = useTranslation();
  const small = { size: 'small' as const, pagination: false as const };
  return (
    <Row gutter={[16, 16]}>
      {d.reviews.map((r) => (
        <Col span={6} key={r.kind}>
          <Card>
            <Statistic title={t(`dashboard.waiting.${r.kind}`)} value={r.waiting} />
            <div className="muted">
              {t('dashboard.oldest')}: {age(r.oldestAt, d.at)}
            </div>
          </Card>
        </Col>
      ))}
      <Col span={6}>
        <Card>
          <Statistic title={t('dashboard.usersToday')} value={d.users.today} suffix={`/ ${d.users.total}`} />
          <div className="muted">{t('dashboard.usersTotal')}</div>
        </Card>
      </Col>
      <Col span={12}>
        <Card title={t('dashboard.fundsToday')}>
          <Table
            {...small}
            rowKey="currency"
            bordered
            dataSource={d.fundsToday}
            data-testid="dashboard-funds-today"
            columns={[
              { title: t('col.currency'), dataIndex: 'currency' },
              // How many were approved and what they came to, each under its own heading: "2 · 1250.5" said neither.
              {
                title: t('dashboard.deposits'),
                children: [
                  { title: t('dashboard.count'), align: 'right', dataIndex: 'deposits' },
                  { title: t('dashboard.amount'), align: 'right', render: (_, r) => amount(r.depositAmount) },
                ],
              },
              {
                title: t('dashboard.withdrawals'),
                children: [
                  { title: t('dashboard.count'), align: 'right', dataIndex: 'withdrawals' },
                  { title: t('dashboard.amount'), align: 'right', render: (_, r) => amount(r.withdrawalAmount) },
                ],
              },
            ]}
          />
        </Card>
      </Col>
      <Col span={12}>
        <Card title={t('dashboard.feed')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('dashboard.feedOn')}>
              <Badge status={d.feed.on ? 'success' : 'default'} text={t(d.feed.on ? 'common.yes' : 'common.no')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.leader')}>
              {t(d.feed.thisNodeLeadsFeed ? 'dashboard.thisNode' : 'dashboard.otherNode')} · {t('dashboard.triggers')}:{' '}
              {t(d.feed.thisNodeLeadsTriggers ? 'dashboard.thisNode' : 'dashboard.otherNode')}
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.lastTick')}>
              {d.feed.lastTickAgeMs === null ? '—' : `${(d.feed.lastTickAgeMs / 1000).toFixed(1)} s`}
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.settlementLag')}>
              {(d.settlementLagMs / 1000).toFixed(1)} s
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.at')}>{dateTime(d.at)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col span={12}>
        <Card title={t('dashboard.housePnl')}>
          <Table
            {...small}
            rowKey={(r) => `${r.product}-${r.symbol}-${r.mode}`}
            dataSource={d.housePnl}
            columns={[
              { title: t('col.product'), render: (_, r) => `${t(`product.${r.product}`)} ${r.symbol}` },
              { title: t('col.mode'), render: (_, r) => t(`mode.${r.mode}`) },
              { title: t('dashboard.today'), align: 'right', render: (_, r) => amount(r.today) },
              { title: t('dashboard.days7'), align: 'right', render: (_, r) => amount(r.days7) },
              { title: t('dashboard.days30'), align: 'right', render: (_, r) => amount(r.days30) },
            ]}
          />
        </Card>
      </Col>
      <Col span={12}>
        <Card title={t('dashboard.openInterest')}>
          <Table
            {...small}
            rowKey={(r) => `${r.symbol}-${r.mode}`}
            dataSource={d.openInterest}
            columns={[
              { title: t('col.symbol'), dataIndex: 'symbol' },
              { title: t('col.mode'), render: (_, r) => t(`mode.${r.mode}`) },
              { title: t('dashboard.long'), align: 'right', render: (_, r) => amount(r.long) },
              { title: t('dashboard.short'), align: 'right', render: (_, r) => amount(r.short) },
              { title: t('dashboard.positions'), align: 'right', dataIndex: 'positions' },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('dashboard.exposure')}>
          <Table
            {...small}
            rowKey={(r) => `${r.expiresAt}-${r.mode}`}
            dataSource={d.deliveryExposure}
            columns={[
              { title: t('dashboard.expiry'), render: (_, r) => dateTime(r.expiresAt) },
              { title: t('col.mode'), render: (_, r) => t(`mode.${r.mode}`) },
              { title: t('dashboard.orders'), align: 'right', dataIndex: 'orders' },
              { title: t('dashboard.stake'), align: 'right', render: (_, r) => amount(r.stake) },
              { title: t('dashboard.maxPayout'), align: 'right', render: (_, r) => amount(r.maxPayout) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
