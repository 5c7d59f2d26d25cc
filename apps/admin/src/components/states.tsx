import { Alert, Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';

/** Loading, error (a 403 says the role may not see it) or the content. */
export function Loadable({
  query,
  children,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.error) {
    const forbidden = query.error instanceof ApiError && query.error.status === 403;
    return forbidden ? (
      <Result status="403" title={t('state.forbidden')} subTitle={query.error.message} />
    ) : (
      <Alert
        type="error"
        showIcon
        title={query.error.message}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            {t('state.retry')}
          </Button>
        }
      />
    );
  }
  if (query.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <>{children()}</>;
}
