import type { AuditEntry } from '@nexa/contract';
import { App, Button, Card, DatePicker, Form, Input, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { api } from '../lib/api';
import { dateTime } from '../lib/format';
import { useCall } from '../lib/query';
import { pager } from '../lib/table';

interface Filters {
  operatorId?: string;
  ip?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: number;
  to?: number;
}
interface FilterForm {
  operatorId?: string;
  ip?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Every kind of record the server audits (its `entity` values), so each can be filtered. */
const ENTITIES = [
  'deposit',
  'withdrawal',
  'verification',
  'user',
  'adjustment',
  'product',
  'setting',
  'referral_table',
  'content.announcement',
  'content.banner',
  'content.category',
  'content.article',
  'support_conversation',
  'support_channels',
  'operator',
  // Failed sign-ins on a username no operator has: the name typed is the record's id.
  'operator_name',
  'address',
];

/**
 * Every operator action, newest first; the same filters export as CSV. Deposits and withdrawals show (and are found
 * by) their order numbers; times read in the console's language.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const q = useCall('admin/auditLog', { ...filters, page, pageSize: 50 }, { keepPrevious: true });
  const apply = (v: FilterForm) => {
    const clean = (s?: string) => (s?.trim() ? s.trim() : undefined);
    setFilters({
      operatorId: clean(v.operatorId),
      ip: clean(v.ip),
      action: clean(v.action),
      entity: v.entity || undefined,
      entityId: clean(v.entityId),
      from: v.range?.[0]?.startOf('day').valueOf(),
      to: v.range?.[1]?.endOf('day').valueOf(),
    });
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await api('admin/auditExport', filters);
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.filename;
      a.click();
      URL.revokeObjectURL(url);
      void message.success(t('audit.exported', { rows: file.rows }));
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card
      title={t('nav.audit')}
      extra={
        <Button onClick={exportCsv} loading={exporting} data-testid="audit-export">
          {t('audit.export')}
        </Button>
      }
    >
      <Form<FilterForm> layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="action" label={t('audit.action')}>
          <Input placeholder="deposit." allowClear style={{ width: 180 }} data-testid="audit-action" />
        </Form.Item>
        <Form.Item name="entity" label={t('audit.entity')}>
          <Select
            allowClear
            style={{ width: 200 }}
            options={ENTITIES.map((e) => ({ value: e, label: t(`entity.${e}`) }))}
            data-testid="audit-entity"
          />
        </Form.Item>
        <Form.Item name="entityId" label={t('audit.entityId')}>
          <Input
            allowClear
            style={{ width: 200 }}
            placeholder={t('audit.entityIdHint')}
            data-testid="audit-entity-id"
          />
        </Form.Item>
        <Form.Item name="operatorId" label={t('audit.operatorId')}>
          <Input allowClear style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="ip" label={t('audit.ip')}>
          <Input allowClear style={{ width: 150 }} data-testid="audit-ip" />
        </Form.Item>
        <Form.Item name="range" label={t('audit.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="audit-filter">
          {t('audit.filter')}
        </Button>
      </Form>
      <Loadable query={q}>
        {() => (
          <Table<AuditEntry>
            rowKey="id"
            size="small"
            loading={q.isPlaceholderData}
            dataSource={q.data!.list}
            pagination={pager(page, 50, q.data!.total, setPage)}
            expandable={{
              expandedRowRender: (r) => (
                <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {`${t('audit.before')}: ${JSON.stringify(r.before)}\n${t('audit.after')}: ${JSON.stringify(r.after)}`}
                </Typography.Paragraph>
              ),
            }}
            columns={[
              { title: t('col.time'), render: (_, r) => dateTime(r.createdAt) },
              {
                title: t('audit.operator'),
                // A sign-in attempt on a username no operator has names no operator: the name typed instead.
                render: (_, r) =>
                  r.operator
                    ? `${r.operator.username} (#${r.operator.id})`
                    : t('audit.unknownOperator', { name: r.attemptedName ?? '' }),
              },
              { title: t('audit.action'), dataIndex: 'action' },
              {
                title: t('audit.entity'),
                // A deposit or withdrawal by the order number the user quotes; other records by their id.
                render: (_, r) =>
                  `${t(`entity.${r.entity}`, { defaultValue: r.entity })} ${r.orderNo ?? `#${r.entityId}`}`,
              },
              { title: t('audit.ip'), render: (_, r) => r.ip ?? '—' },
              { title: t('col.reason'), render: (_, r) => r.reason ?? '—' },
            ]}
          />
        )}
      </Loadable>
    </Card>
  );
}
