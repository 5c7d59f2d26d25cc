import type { AdminProduct } from '@nexa/contract';
import {
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { markRefusedFields } from '../lib/form-errors';
import { amount } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { productRefusal } from '../lib/refusals';
import { useMay } from '../lib/role';

/**
 * The product catalogue's trading settings (issue 17): on/off, perpetual leverage cap, contract size and fee, and
 * each product's delivery periods with yields and stake limits. The server refuses unsafe values naming the field;
 * a change reaches every node within seconds, without a restart.
 */
export default function ProductsPage() {
  const { t } = useTranslation();
  const q = useCall('admin/products');
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const toggle = useAction('admin/updateProduct', { success: t('products.saved'), invalidate: ['admin/products'] });
  const editable = useMay()('admin/updateProduct');
  return (
    <Card title={t('nav.products')}>
      <Loadable query={q}>
        {() => (
          <Table<AdminProduct>
            rowKey="symbol"
            size="small"
            pagination={false}
            dataSource={q.data!.list}
            columns={[
              { title: t('col.symbol'), render: (_, p) => <Typography.Text strong>{p.symbol}</Typography.Text> },
              { title: t('col.name'), dataIndex: 'name' },
              { title: t('products.category'), render: (_, p) => <Tag>{p.category}</Tag> },
              {
                title: t('products.enabled'),
                // Switching a product off takes it from every user's lists at once: asked first. On is one click.
                render: (_, p) => (
                  <Popconfirm
                    disabled={!p.enabled || !editable}
                    title={t('products.confirmOff', { symbol: p.symbol })}
                    onConfirm={() => toggle.mutate({ symbol: p.symbol, enabled: false })}
                    okButtonProps={{ 'data-testid': 'product-off-confirm' } as React.ComponentProps<typeof Button>}
                  >
                    <Switch
                      checked={p.enabled}
                      loading={toggle.isPending && toggle.variables?.symbol === p.symbol}
                      disabled={!editable}
                      onChange={(enabled) => enabled && toggle.mutate({ symbol: p.symbol, enabled })}
                      aria-label={`${t('products.enabled')}: ${p.symbol}`}
                      data-testid={`product-${p.symbol}-enabled`}
                    />
                  </Popconfirm>
                ),
              },
              { title: t('products.maxLeverage'), render: (_, p) => `${p.maxLeverage}×` },
              { title: t('products.contractSize'), render: (_, p) => amount(p.contractSize) },
              { title: t('products.feeRate'), render: (_, p) => p.feeRate },
              {
                title: t('products.periods'),
                render: (_, p) =>
                  p.periods.map((d) => (
                    <Tag key={d.seconds}>
                      {d.seconds}s · {amount(d.yield)}
                    </Tag>
                  )),
              },
              {
                title: '',
                render: (_, p) =>
                  editable && (
                    <Button size="small" onClick={() => setEditing(p)} data-testid={`product-${p.symbol}-edit`}>
                      {t('products.edit')}
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Loadable>
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        size="large"
        title={editing?.symbol}
        destroyOnHidden
      >
        {editing && <ProductForm product={editing} onDone={() => setEditing(null)} />}
      </Drawer>
    </Card>
  );
}

/** A delivery period's row: seconds, yield, min and max stake, Remove, in the same columns on every row. */
const PERIOD_ROW = {
  display: 'grid',
  gridTemplateColumns: '110px 150px 150px 150px auto',
  columnGap: 12,
  alignItems: 'start',
} as const;

function ProductForm({ product, onDone }: { product: AdminProduct; onDone: () => void }) {
  const { t } = useTranslation();
  // A refused value is marked on its input; the notice points there rather than naming a field path.
  const refresh = { success: t('products.saved'), invalidate: ['admin/products' as const], fieldsOnForm: true };
  const update = useAction('admin/updateProduct', refresh);
  const periods = useAction('admin/setDeliveryPeriods', refresh);
  const [productForm] = Form.useForm();
  const [periodsForm] = Form.useForm();
  const refusal = (field: string, reason: string) => productRefusal(t, field, reason);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title={t('products.perpetual')}>
        <Form
          form={productForm}
          layout="vertical"
          initialValues={{
            maxLeverage: product.maxLeverage,
            contractSize: product.contractSize,
            feeRate: product.feeRate,
          }}
          onFinish={(v: { maxLeverage: number; contractSize: string; feeRate: string; reason?: string }) =>
            update.mutate(
              { symbol: product.symbol, ...v },
              { onSuccess: onDone, onError: (err) => markRefusedFields(productForm, err, refusal) },
            )
          }
        >
          <Space wrap>
            <Form.Item name="maxLeverage" label={t('products.maxLeverage')} rules={[{ required: true }]}>
              <InputNumber min={1} max={200} precision={0} data-testid="product-maxLeverage" />
            </Form.Item>
            <Form.Item name="contractSize" label={t('products.contractSize')} rules={[{ required: true }]}>
              <Input style={{ width: 140 }} data-testid="product-contractSize" />
            </Form.Item>
            <Form.Item name="feeRate" label={t('products.feeRate')} rules={[{ required: true }]}>
              <Input style={{ width: 140 }} data-testid="product-feeRate" />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label={t('col.reason')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="product-save">
            {t('settings.save')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t('products.periods')}>
        <Form
          form={periodsForm}
          layout="vertical"
          initialValues={{ periods: product.periods }}
          onFinish={(v: { periods: AdminProduct['periods']; reason?: string }) =>
            periods.mutate(
              { symbol: product.symbol, ...v },
              { onSuccess: onDone, onError: (err) => markRefusedFields(periodsForm, err, refusal) },
            )
          }
        >
          <Form.List name="periods">
            {(rows, { add, remove }) => (
              <>
                {rows.map((r) => (
                  // Every row the same fixed columns: a refusal's text wraps inside its own column instead of
                  // widening it and pushing that row's other inputs out of line with the rows below.
                  <div key={r.key} style={PERIOD_ROW} data-testid={`period-${r.name}`}>
                    <Form.Item name={[r.name, 'seconds']} label={t('products.seconds')} rules={[{ required: true }]}>
                      <InputNumber
                        min={1}
                        precision={0}
                        style={{ width: '100%' }}
                        data-testid={`period-${r.name}-seconds`}
                      />
                    </Form.Item>
                    <Form.Item name={[r.name, 'yield']} label={t('products.yield')} rules={[{ required: true }]}>
                      <Input data-testid={`period-${r.name}-yield`} />
                    </Form.Item>
                    <Form.Item name={[r.name, 'minStake']} label={t('products.minStake')} rules={[{ required: true }]}>
                      <Input data-testid={`period-${r.name}-minStake`} />
                    </Form.Item>
                    <Form.Item name={[r.name, 'maxStake']} label={t('products.maxStake')} rules={[{ required: true }]}>
                      <Input data-testid={`period-${r.name}-maxStake`} />
                    </Form.Item>
                    <Button type="link" danger style={{ marginTop: 30 }} onClick={() => remove(r.name)}>
                      {t('settings.remove')}
                    </Button>
                  </div>
                ))}
                <div>
                  <Button
                    type="dashed"
                    onClick={() => add({ seconds: 60, yield: '0.8', minStake: '10', maxStake: '10000' })}
                  >
                    {t('products.addPeriod')}
                  </Button>
                </div>
              </>
            )}
          </Form.List>
          <Form.Item name="reason" label={t('col.reason')} style={{ marginTop: 16 }}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={periods.isPending} data-testid="periods-save">
            {t('settings.save')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
