import { Alert, Button, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../lib/query';
import { QrCode } from './qr-code';

/**
 * The operator's own authenticator: enrol by scanning the QR code of the server's otpauth URI (or typing the key),
 * confirm with a code; from then on login asks for one.
 */
export function TwoFactorButton({ enabled, testId = 'totp-enrol' }: { enabled: boolean; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const setup = useAction('admin/totpSetup');
  const enable = useAction('admin/totpEnable', { success: t('twoFactor.enabled'), invalidate: ['admin/me'] });
  if (enabled) return <Tag color="success">{t('twoFactor.on')}</Tag>;
  const start = () => {
    setOpen(true);
    setup.mutate({});
  };
  return (
    <>
      <Button onClick={start} data-testid={testId}>
        {t('twoFactor.enrol')}
      </Button>
      <Modal open={open} title={t('twoFactor.enrol')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {setup.data && (
          <>
            <Typography.Paragraph>{t('twoFactor.howTo')}</Typography.Paragraph>
            <QrCode text={setup.data.uri} label={t('twoFactor.qr')} testId="totp-qr" />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 4 }}>
              {t('twoFactor.keyByHand')}
            </Typography.Paragraph>
            <Typography.Paragraph copyable code data-testid="totp-secret">
              {setup.data.secret}
            </Typography.Paragraph>
            <Form
              layout="inline"
              onFinish={(v: { code: string }) => enable.mutate(v, { onSuccess: () => setOpen(false) })}
            >
              <Form.Item name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.totpFormat') }]}>
                <Input inputMode="numeric" maxLength={6} placeholder="123456" data-testid="totp-code" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={enable.isPending}>
                {t('twoFactor.confirm')}
              </Button>
            </Form>
          </>
        )}
        {setup.error && <Alert type="error" showIcon title={setup.error.message} />}
      </Modal>
    </>
  );
}
