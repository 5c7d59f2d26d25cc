import { type BalanceRead, balancesAsOf, useUserChannelState } from '@/lib/balances-freshness';
import { isolateLtr } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import './stale.css';

function hoursMinutes(epochMs: number): string {
  const d = new Date(epochMs);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * A line under the balances of an Assets or wallet screen while they may be out of date (lib/balances-freshness.ts):
 * "Reconnecting… balances as of 14:05"; nothing while they are current.
 */
export function BalancesAsOf({ read, testId = 'balances-as-of' }: { read: BalanceRead; testId?: string }) {
  const { t } = useTranslation();
  const channel = useUserChannelState();
  const asOf = balancesAsOf(channel, read);
  if (asOf === null) return null;
  return (
    <output className="stale-badge stale-badge--reconnecting balances-as-of" data-testid={testId}>
      <span className="stale-badge__dot" aria-hidden="true" />
      {t('assets.balancesAsOf', { time: isolateLtr(hoursMinutes(asOf)) })}
    </output>
  );
}
