import { CHAINS, CURRENCY_CODES, type Setting, type SettingKey } from '@nexa/contract';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { clearFieldErrors, markRefusedFields } from '../lib/form-errors';
import { dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';
import { useMay } from '../lib/role';

const NARROW = { width: 200 };

/**
 * The platform's configuration kept in the database (issue 17): one form per setting, saved whole with the version
 * the operator edited (refused if someone changed it since); the server checks every value and answers with the
 * field, shown on the input. A change reaches every node within seconds.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const q = useCall('admin/settings');
  return (
    <Loadable query={q}>
      {() => {
        const byKey = new Map(q.data!.list.map((s) => [s.key, s]));
        const card = (key: SettingKey, body: ReactNode) => {
          const s = byKey.get(key);
          return s ? (
            <SettingCard key={key} setting={s}>
              {body}
            </SettingCard>
          ) : null;
        };
        return (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('settings.revision', { revision: q.data!.revision })}</Typography.Text>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                {card(
                  'withdrawal',
                  <>
                    <Form.Item name="minUsd" label={t('settings.minUsd')} rules={[{ required: true }]}>
                      <Input style={NARROW} suffix="USD" data-testid="setting-withdrawal-minUsd" />
                    </Form.Item>
                    <Form.Item name="maxUsd" label={t('settings.maxUsd')} rules={[{ required: true }]}>
                      <Input style={NARROW} suffix="USD" data-testid="setting-withdrawal-maxUsd" />
                    </Form.Item>
                    <Form.Item name="feePercent" label={t('settings.feePercent')} rules={[{ required: true }]}>
                      <Input style={NARROW} suffix="%" data-testid="setting-withdrawal-feePercent" />
                    </Form.Item>
                    <Form.Item name="dailyLimit" label={t('settings.dailyLimit')} rules={[{ required: true }]}>
                      <InputNumber min={1} max={1000} precision={0} style={NARROW} />
                    </Form.Item>
                  </>,
                )}
              </Col>
              <Col xs={24} xl={12}>
                {card(
                  'registration',
                  <Form.Item name="inviteCodeRequired" label={t('settings.inviteCodeRequired')} valuePropName="checked">
                    <Switch data-testid="setting-registration-inviteCodeRequired" />
                  </Form.Item>,
                )}
                <div style={{ height: 16 }} />
                {card(
                  'demo',
                  <Form.Item name="amount" label={t('settings.demoAmount')} rules={[{ required: true }]}>
                    <Input style={NARROW} suffix="USDT" data-testid="setting-demo-amount" />
                  </Form.Item>,
                )}
                <div style={{ height: 16 }} />
                {card(
                  'copy',
                  <Form.Item name="profitShareCapPct" label={t('settings.profitShareCap')} rules={[{ required: true }]}>
                    <Input style={NARROW} suffix="%" data-testid="setting-copy-profitShareCapPct" />
                  </Form.Item>,
                )}
              </Col>
              <Col xs={24} xl={12}>
                {card(
                  'deposit',
                  <>
                    <Typography.Title level={5}>{t('settings.depositOptions')}</Typography.Title>
                    <Form.List name="options">
                      {(options, { add, remove }) => (
                        <>
                          {options.map((o) => (
                            <Card key={o.key} size="small" style={{ marginBottom: 8 }}>
                              <Space align="start" wrap>
                                <Form.Item name={[o.name, 'currency']} label={t('col.currency')}>
                                  <Select style={{ width: 100 }} options={CURRENCY_CODES.map((c) => ({ value: c }))} />
                                </Form.Item>
                                <Button danger onClick={() => remove(o.name)}>
                                  {t('settings.remove')}
                                </Button>
                              </Space>
                              <Form.List name={[o.name, 'chains']}>
                                {(chains, c) => (
                                  <>
                                    {chains.map((ch) => (
                                      <Space key={ch.key} align="start">
                                        <Form.Item name={[ch.name, 'chain']} label={t('col.chain')}>
                                          <Select style={{ width: 110 }} options={CHAINS.map((v) => ({ value: v }))} />
                                        </Form.Item>
                                        <Form.Item name={[ch.name, 'minAmount']} label={t('settings.minAmount')}>
                                          <Input style={{ width: 120 }} />
                                        </Form.Item>
                                        <Button type="link" danger onClick={() => c.remove(ch.name)}>
                                          {t('settings.remove')}
                                        </Button>
                                      </Space>
                                    ))}
                                    <Button type="dashed" onClick={() => c.add({ chain: 'TRC20', minAmount: '10' })}>
                                      {t('settings.addChain')}
                                    </Button>
                                  </>
                                )}
                              </Form.List>
                            </Card>
                          ))}
                          <Button
                            type="dashed"
                            onClick={() => add({ currency: 'USDT', chains: [{ chain: 'TRC20', minAmount: '10' }] })}
                          >
                            {t('settings.addCurrency')}
                          </Button>
                        </>
                      )}
                    </Form.List>
                    <Typography.Title level={5} style={{ marginTop: 16 }}>
                      {t('settings.addresses')}
                    </Typography.Title>
                    {CHAINS.map((chain) => (
                      <Form.Item key={chain} name={['addresses', chain]} label={chain}>
                        <Input
                          allowClear
                          placeholder={t('settings.noAddress')}
                          data-testid={`setting-deposit-address-${chain}`}
                        />
                      </Form.Item>
                    ))}
                  </>,
                )}
              </Col>
              <Col xs={24} xl={12}>
                {card(
                  'appDownload',
                  (['ios', 'android'] as const).map((p) => (
                    <Space key={p} align="start" wrap style={{ display: 'flex' }}>
                      <Form.Item name={[p, 'url']} label={t(`settings.${p}`)}>
                        <Input allowClear placeholder="https://" style={{ width: 320 }} />
                      </Form.Item>
                      <Form.Item name={[p, 'version']} label={t('settings.version')}>
                        <Input style={{ width: 100 }} />
                      </Form.Item>
                    </Space>
                  )),
                )}
              </Col>
            </Row>
          </Space>
        );
      }}
    </Loadable>
  );
}

/** Empty app-download rows mean "none" (null); the rest of a value is sent as the form holds it. */
function toValue(key: SettingKey, v: Record<string, unknown>): unknown {
  if (key === 'appDownload') {
    const release = (r: unknown) => {
      const x = r as { url?: string; version?: string } | undefined;
      return x?.url?.trim() ? { url: x.url.trim(), version: x.version?.trim() ?? '' } : null;
    };
    return { ios: release(v.ios), android: release(v.android) };
  }
  if (key === 'deposit') {
    const addresses = Object.fromEntries(
      Object.entries((v.addresses ?? {}) as Record<string, string | undefined>).filter(([, a]) => a?.trim()),
    );
    return { ...v, addresses };
  }
  return v;
}

/**
 * What a refused field must be, said on the field: the server names the field at fault (its path under `value`) and
 * the reason; the rule behind each field is the contract's schema and `@nexa/rules` (admin-config).
 */
function refusalMessage(t: TFunction, key: SettingKey, field: string, v: Record<string, unknown>): string {
  const path = field.split('.');
  const last = path[path.length - 1]!;
  if (key === 'withdrawal' && (last === 'minUsd' || last === 'maxUsd')) {
    const [min, max] = [Number(v.minUsd), Number(v.maxUsd)];
    if (Number.isFinite(min) && Number.isFinite(max) && max < min) {
      return t('settings.refused.minAboveMax', { min: v.minUsd, max: v.maxUsd });
    }
    return t(last === 'minUsd' ? 'settings.refused.positive' : 'settings.refused.decimal');
  }
  if (key === 'withdrawal' && last === 'feePercent') return t('settings.refused.feePercent');
  if (key === 'withdrawal' && last === 'dailyLimit') return t('settings.refused.dailyLimit');
  if (key === 'deposit' && path[0] === 'addresses' && path[1]) {
    return t('settings.refused.address', { chain: path[1], format: t(`settings.addressFormat.${path[1]}`) });
  }
  if (key === 'deposit' && last === 'currency') return t('settings.refused.duplicateCurrency');
  if (key === 'deposit' && last === 'chain') return t('settings.refused.duplicateChain');
  if (key === 'deposit' && last === 'minAmount') return t('settings.refused.positive');
  if (key === 'demo') return t('settings.refused.demoAmount');
  if (key === 'copy') return t('settings.refused.profitShareCap');
  if (key === 'appDownload' && last === 'url') return t('settings.refused.url');
  return t('settings.invalid');
}

function SettingCard({ setting, children }: { setting: Setting; children: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useAction('admin/updateSetting', {
    invalidate: ['admin/settings', 'admin/fundingStatus'],
    fieldsOnForm: true,
  });
  const editable = useMay()('admin/updateSetting');
  const onFinish = (v: Record<string, unknown>) =>
    save.mutate(
      { key: setting.key, value: toValue(setting.key, v), version: setting.version },
      {
        onSuccess: () => {
          // The saved values stand: no field keeps the mark of an earlier refusal.
          clearFieldErrors(form);
          void message.success(t('settings.saved'));
        },
        onError: (err) =>
          void markRefusedFields(form, err, (field) => refusalMessage(t, setting.key, field, v), 'value.'),
      },
    );
  return (
    <Card
      title={t(`settings.key.${setting.key}`)}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {setting.updatedBy
            ? t('settings.changed', {
                at: dateTime(setting.updatedAt),
                by: `${setting.updatedByName ?? ''} (#${setting.updatedBy})`,
              })
            : t('settings.fromEnvironment')}
        </Typography.Text>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={setting.value as Record<string, unknown>}
        onFinish={onFinish}
        // An edited field's mark is stale (the server is asked again on the next save); the limits are one pair.
        onValuesChange={(changed) => {
          const names = changedNames(changed);
          if (names.some(([n]) => n === 'minUsd' || n === 'maxUsd')) names.push(['minUsd'], ['maxUsd']);
          form.setFields(names.map((name) => ({ name: name as never, errors: [] })));
        }}
        disabled={!editable}
        data-testid={`setting-${setting.key}`}
      >
        <div>{children}</div>
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`setting-${setting.key}-save`}>
            {t('settings.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

/** The form names an `onValuesChange` change touches (nested values, list items included), leaves only. */
function changedNames(changed: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (changed === null || typeof changed !== 'object') return [prefix];
  return Object.entries(changed as Record<string, unknown>).flatMap(([k, v]) =>
    v === undefined && Array.isArray(changed)
      ? []
      : changedNames(v, [...prefix, Array.isArray(changed) ? Number(k) : k]),
  );
}
