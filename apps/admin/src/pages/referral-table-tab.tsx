import type { LevelRule, ReferralTableVersion } from '@nexa/contract';
import { Alert, App, Button, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { markRefusedFields } from '../lib/form-errors';
import { dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { useMay } from '../lib/role';

type Values = { minDeposit: string; levels: LevelRule[]; reason?: string };

/** "0.001" → "0.1 %": a rate (a fraction, as the server keeps it) moved two places, exactly, for reading. */
export function ratePercent(rate: string): string {
  const [int = '0', frac = ''] = rate.trim().split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''} %`;
}

/**
 * The invitation programme's table (issue 15): what qualifies a subordinate, and per team level the qualified
 * subordinates it takes and its rebate rates per depth. Finance reads it; the admin changes it. A change is a new
 * version in force from then on (rebates already paid keep their rates) and is audited; the server refuses a table
 * whose thresholds or rates fall as the level rises, whose rates rise with depth, or whose shares exceed the fee (or
 * 1 % of a stake), and names the field.
 */
export function ReferralTableTab() {
  const q = useCall('admin/referralTable');
  return <Loadable query={q}>{() => <TableForm table={q.data!} key={q.data!.version} />}</Loadable>;
}

function TableForm({ table }: { table: ReferralTableVersion }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const editable = useMay()('admin/setReferralTable');
  const save = useAction('admin/setReferralTable', { invalidate: ['admin/referralTable'], fieldsOnForm: true });
  const onFinish = (v: Values) =>
    save.mutate(
      {
        minDeposit: v.minDeposit,
        levels: table.levels.map((rule, i) => ({ ...rule, ...v.levels[i] })),
        reason: v.reason?.trim() || undefined,
      },
      {
        onSuccess: () => void message.success(t('programme.saved')),
        onError: (err) => void markRefusedFields(form, err, t('programme.invalid')),
      },
    );
  const rateColumns = (kind: 'feeRates' | 'turnoverRates') =>
    [0, 1, 2].map((d) => ({
      title: t(`programme.${kind}`, { n: d + 1 }),
      key: `${kind}-${d}`,
      render: (_: unknown, __: LevelRule, i: number) => (
        <Form.Item
          name={['levels', i, kind, d]}
          rules={[{ required: true, pattern: /^\d(\.\d{1,6})?$/, message: t('programme.rateFormat') }]}
          style={{ margin: 0 }}
        >
          <RateInput testId={`programme-${kind}-${i + 1}-${d + 1}`} />
        </Form.Item>
      ),
    }));
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ minDeposit: table.minDeposit, levels: table.levels }}
      onFinish={onFinish}
      disabled={!editable}
      data-testid="programme-form"
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary" data-testid="programme-version">
          {t('programme.version', { version: table.version, at: dateTime(table.effectiveAt) })}
        </Typography.Text>
        <Alert type="info" showIcon message={t('programme.hint')} />
        <Form.Item
          name="minDeposit"
          label={t('programme.minDeposit')}
          rules={[{ required: true, pattern: /^\d+(\.\d{1,2})?$/, message: t('programme.invalid') }]}
        >
          <Input style={{ width: 200 }} suffix="USDT" data-testid="programme-minDeposit" />
        </Form.Item>
        <Table<LevelRule>
          size="small"
          bordered
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey="level"
          dataSource={table.levels}
          columns={[
            { title: t('programme.level'), dataIndex: 'level', render: (l: number) => `LV${l}` },
            ...(['needDirect', 'needSecond'] as const).map((k) => ({
              title: t(`programme.${k}`),
              key: k,
              render: (_: unknown, __: LevelRule, i: number) => (
                <Form.Item name={['levels', i, k]} rules={[{ required: true }]} style={{ margin: 0 }}>
                  <InputNumber
                    min={0}
                    max={1_000_000}
                    precision={0}
                    style={{ width: 90 }}
                    data-testid={`programme-${k}-${i + 1}`}
                  />
                </Form.Item>
              ),
            })),
            ...rateColumns('feeRates'),
            ...rateColumns('turnoverRates'),
          ]}
        />
        {editable && (
          <>
            <Form.Item name="reason" label={t('programme.reason')}>
              <Input.TextArea rows={2} maxLength={500} showCount data-testid="programme-reason" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="programme-save">
              {t('programme.save')}
            </Button>
          </>
        )}
      </Space>
    </Form>
  );
}

/** A rate typed as the fraction the server keeps, with its percentage beside it. */
function RateInput(props: { value?: string; onChange?: (v: string) => void; testId: string; disabled?: boolean }) {
  const valid = /^\d(\.\d{1,6})?$/.test(props.value ?? '');
  return (
    <Space.Compact>
      <Input
        value={props.value}
        onChange={(e) => props.onChange?.(e.target.value)}
        disabled={props.disabled}
        style={{ width: 96 }}
        data-testid={props.testId}
      />
      <Typography.Text type="secondary" style={{ padding: '4px 8px', whiteSpace: 'nowrap', minWidth: 70 }}>
        {valid ? ratePercent(props.value!) : '—'}
      </Typography.Text>
    </Space.Compact>
  );
}
