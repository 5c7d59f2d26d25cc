import type { LockedAddress } from '@nexa/contract';
import { Button, Card, Empty, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../components/states';
import { dateTime } from '../lib/format';
import { useAction, useCall } from '../lib/query';

/**
 * Addresses locked for failing sign-ins on many accounts (users' or the console's): every account is refused from
 * there until the lock ends. The admin lifts one with a reason (audited). Unlocking an operator leaves these: an
 * address lock is a guess spread over accounts, so lifting it is a decision of its own, on the address.
 */
export function LockedAddresses() {
  const { t } = useTranslation();
  const q = useCall('admin/lockedAddresses');
  const [target, setTarget] = useState<LockedAddress | null>(null);
  const unlock = useAction('admin/addressUnlock', {
    success: t('operators.unlocked'),
    invalidate: ['admin/lockedAddresses', 'admin/operators'],
  });
  return (
    <Card title={t('operators.addresses')} style={{ marginTop: 16 }} data-testid="locked-addresses">
      <Typography.Paragraph type="secondary">{t('operators.addressesNote')}</Typography.Paragraph>
      <Loadable query={q}>
        {() => (
          <Table<LockedAddress>
            rowKey={(r) => `${r.scope}-${r.ip}`}
            size="small"
            pagination={false}
            dataSource={q.data!.list}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operators.noLockedAddresses')} />,
            }}
            columns={[
              { title: t('audit.ip'), dataIndex: 'ip' },
              { title: t('operators.scope'), render: (_, r) => <Tag>{t(`operators.scopes.${r.scope}`)}</Tag> },
              { title: t('operators.failures'), align: 'right', dataIndex: 'failures' },
              {
                title: t('operators.login'),
                render: (_, r) => (
                  <Space size="small" wrap>
                    <Tag color="error">{t('operators.lockedUntil', { time: dateTime(r.lockedUntil) })}</Tag>
                    <Button
                      size="small"
                      onClick={() => setTarget(r)}
                      loading={unlock.isPending && unlock.variables?.ip === r.ip}
                      data-testid={`address-unlock-${r.ip}`}
                    >
                      {t('operators.unlock')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Loadable>
      <Modal
        open={target !== null}
        title={target ? t('operators.confirmAddressUnlock', { ip: target.ip }) : ''}
        footer={null}
        onCancel={() => setTarget(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('operators.addressUnlockNote')}</Typography.Paragraph>
        <Form<{ reason: string }>
          layout="vertical"
          onFinish={(v) => {
            if (!target) return;
            unlock.mutate(
              { scope: target.scope, ip: target.ip, reason: v.reason.trim() },
              { onSuccess: () => setTarget(null) },
            );
          }}
        >
          <Form.Item
            name="reason"
            label={t('operators.reason')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="address-unlock-reason" />
          </Form.Item>
          <Space>
            <Button onClick={() => setTarget(null)}>{t('operators.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={unlock.isPending} data-testid="address-unlock-confirm">
              {t('operators.confirm')}
            </Button>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
