import { CHAINS, CURRENCY_CODES, type Setting, type SettingKey } from '@nexa/contract';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
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

/** The labels of a setting's fields, for the stored value shown beside a form edited against an older one. */
const FIELD_LABELS: Record<string, string> = {
  minUsd: 'settings.minUsd',
  maxUsd: 'settings.maxUsd',
  feePercent: 'settings.feePercent',
  dailyLimit: 'settings.dailyLimit',
  inviteCodeRequired: 'settings.inviteCodeRequired',
  amount: 'settings.demoAmount',
  profitShareCapPct: 'settings.profitShareCap',
  options: 'settings.depositOptions',
  currency: 'col.currency',
  chain: 'col.chain',
  minAmount: 'settings.minAmount',
  addresses: 'settings.addresses',
  ios: 'settings.ios',
  android: 'settings.android',
  url: 'settings.url',
  version: 'settings.version',
};

/** A stored setting value as lines "field: value" (nested fields and list items named by their path). */
function valueLines(t: TFunction, value: unknown, path: string[] = []): string[] {
  const label = () => path.join(' › ');
  if (value === null || value === undefined) return [`${label()}: ${t('common.none')}`];
  if (typeof value === 'boolean') return [`${label()}: ${t(value ? 'common.on' : 'common.off')}`];
  if (typeof value !== 'object') return [`${label()}: ${String(value)}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    valueLines(t, v, [...path, /^\d+$/.test(k) ? `#${Number(k) + 1}` : FIELD_LABELS[k] ? t(FIELD_LABELS[k]) : k]),
  );
}

/**
 * One setting's form. It is saved against the version its values were loaded from (`base`): a save after someone
 * else changed the setting is refused, the settings are refetched (useAction refreshes on a refusal too), and the card
 * then shows the value now stored, by whom and when, above the operator's edit, which stays in the form. Saving again
 * is then deliberate and goes against the version shown; "Load the current value" puts the stored value in the form.
 */
function SettingCard({ setting, children }: { setting: Setting; children: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useAction('admin/updateSetting', {
    invalidate: ['admin/settings', 'admin/fundingStatus'],
    fieldsOnForm: true,
  });
  const editable = useMay()('admin/updateSetting');
  // What the form was filled from (a new one refills it), and the stored version the form's values stand against.
  const [loaded, setLoaded] = useState(setting);
  const [base, setBase] = useState(setting.version);
  // The stored value changed since the form's values were loaded: the card shows it above the form (and Save).
  const stale = setting.version !== base;
  const onFinish = (v: Record<string, unknown>) =>
    save.mutate(
      // Against the version shown: the one loaded, or once the card shows a newer one, that one (seen, saved over).
      { key: setting.key, value: toValue(setting.key, v), version: stale ? setting.version : base },
      {
        onSuccess: (saved) => {
          // The saved values stand: no field keeps the mark of an earlier refusal.
          clearFieldErrors(form);
          setBase(saved.version);
          void message.success(t('settings.saved'));
        },
        onError: (err) =>
          void markRefusedFields(form, err, (field) => refusalMessage(t, setting.key, field, v), 'value.'),
      },
    );
  const loadCurrent = () => {
    // The form takes the stored value as its initial values (rendered now), then is reset to them.
    flushSync(() => setLoaded(setting));
    form.resetFields();
    setBase(setting.version);
  };
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
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid={`setting-${setting.key}-changed-meanwhile`}
          title={t('settings.changedMeanwhile', {
            at: dateTime(setting.updatedAt),
            by: setting.updatedBy ? `${setting.updatedByName ?? ''} (#${setting.updatedBy})` : '—',
          })}
          description={
            <>
              <Typography.Text strong>{t('settings.currentValue')}</Typography.Text>
              <ul
                style={{ margin: '4px 0 8px', paddingInlineStart: 20 }}
                data-testid={`setting-${setting.key}-current`}
              >
                {valueLines(t, setting.value).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <Typography.Paragraph style={{ marginBottom: 8 }}>{t('settings.editKept')}</Typography.Paragraph>
              <Button size="small" onClick={loadCurrent} data-testid={`setting-${setting.key}-load-current`}>
                {t('settings.loadCurrent')}
              </Button>
            </>
          }
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={loaded.value as Record<string, unknown>}
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
