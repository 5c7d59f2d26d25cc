import { RecordListPage } from '@/components/ui/paged-list';
import { formatDateTime, isolateLtr } from '@/lib/format';
import { securityKeys } from '@/shared/api/security';
import type { LoginEvent } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { securityApi } from '../api/security-api';
import { useDeviceLabel } from '../components/device-label';
import '../components/security.css';

/** The login history of the last 90 days: time, address, device, success or failure; newest first, page by page. */
export default function LoginHistoryPage() {
  const { t } = useTranslation();
  const label = useDeviceLabel();
  return (
    <RecordListPage<LoginEvent>
      title={t('security.history.title')}
      testId="login-history-page"
      queryKey={securityKeys.history}
      fetchPage={(page, pageSize, signal) => securityApi.loginHistory(page, pageSize, signal)}
      empty={t('security.history.empty')}
      skeletonLines={2}
      renderItem={(e) => (
        <div className="record-card sec-row" data-testid="login-event" data-success={e.success}>
          <div className="sec-row__top">
            <strong>{label(e.device)}</strong>
            <span className={e.success ? 'sec-ok' : 'sec-fail'}>
              {t(e.success ? 'security.history.success' : 'security.history.failure')}
            </span>
          </div>
          <span className="sec-row__meta">
            {isolateLtr(formatDateTime(e.at))} · {isolateLtr(e.ip)}
          </span>
        </div>
      )}
    />
  );
}
