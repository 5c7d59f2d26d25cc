import { Page } from '@/components/ui/page';
import { DangerButton } from '@/components/ui/primary-button';
import { QueryView } from '@/components/ui/query-view';
import { formatDateTime, isolateLtr } from '@/lib/format';
import { useSingleFlight } from '@/lib/use-single-flight';
import { securityKeys } from '@/shared/api/security';
import { Dialog } from '@/shared/dialog';
import type { SessionInfo } from '@nexa/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { securityApi } from '../api/security-api';
import { useDeviceLabel } from '../components/device-label';
import '../components/security.css';

/** Sessions and devices: every live session (this one marked), end one or all the others. */
export default function SessionsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: securityKeys.sessions, queryFn: ({ signal }) => securityApi.sessions(signal) });
  const refresh = () => client.invalidateQueries({ queryKey: securityKeys.sessions });
  const revokeOthers = useSingleFlight(async () => {
    if (!(await Dialog.confirm({ content: t('security.sessions.revokeOthersConfirm') }))) return;
    const { revoked } = await securityApi.revokeOthers();
    Toast.show({ icon: 'success', content: t('security.sessions.revokedCount', { count: revoked }) });
    await refresh();
  });
  const list = sessions.data?.list ?? [];
  return (
    <Page title={t('security.sessions.title')} back testId="sessions-page">
      <div className="stack">
        <QueryView query={sessions} loading={null}>
          {() => (
            <ul className="record-list" aria-label={t('security.sessions.title')}>
              {list.map((s) => (
                <li key={s.id}>
                  <SessionRow session={s} onRevoked={refresh} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        {list.length > 1 ? (
          <DangerButton
            loading={revokeOthers.running}
            onClick={() => void revokeOthers.run()}
            testId="sessions-revoke-others"
          >
            {t('security.sessions.revokeOthers')}
          </DangerButton>
        ) : null}
      </div>
    </Page>
  );
}

function SessionRow({ session: s, onRevoked }: { session: SessionInfo; onRevoked: () => Promise<void> }) {
  const { t } = useTranslation();
  const label = useDeviceLabel();
  const revoke = useSingleFlight(async () => {
    await securityApi.revokeSession(s.id);
    Toast.show({ icon: 'success', content: t('security.sessions.revoked') });
    await onRevoked();
  });
  return (
    <div className="record-card sec-row" data-testid={`session-${s.id}`} data-current={s.current}>
      <div className="sec-row__top">
        <strong>{label(s.device)}</strong>
        {s.current ? (
          <span className="badge tone--up" data-testid="session-current">
            {t('security.sessions.current')}
          </span>
        ) : (
          <Button size="mini" loading={revoke.running} onClick={() => void revoke.run()} data-testid="session-revoke">
            {t('security.sessions.revoke')}
          </Button>
        )}
      </div>
      <span className="sec-row__meta">
        {t('security.address')}: {isolateLtr(s.ip ?? '—')}
      </span>
      <span className="sec-row__meta">
        {t('security.sessions.lastSeen')}: {isolateLtr(formatDateTime(s.lastSeenAt))}
      </span>
    </div>
  );
}
