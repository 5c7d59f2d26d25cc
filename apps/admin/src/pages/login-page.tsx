import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch';
import { ApiError, api, session } from '../lib/api';
import { queryClient } from '../lib/query';

interface LoginForm {
  username: string;
  password: string;
  totpCode?: string;
}

/** Username and password; the authenticator code once the server asks for it (the operator enrolled one). */
export function LoginPage() {
  const { t } = useTranslation();
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (v: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      const s = await api('admin/login', v);
      queryClient.clear();
      session.set(s.token);
    } catch (err) {
      if (err instanceof ApiError && err.fields.some((f) => f.field === 'totpCode')) {
        setNeedsCode(true);
        setError(t('login.codeNeeded'));
      } else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="login">
      <Card style={{ width: 400 }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('app.title')}
        </Typography.Title>
        <Form<LoginForm> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input autoComplete="username" autoFocus data-testid="login-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          {needsCode && (
            <Form.Item
              name="totpCode"
              label={t('login.totpCode')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.totpFormat') }]}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="login-totp" />
            </Form.Item>
          )}
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <LanguageSwitch />
        </div>
      </Card>
    </div>
  );
}
