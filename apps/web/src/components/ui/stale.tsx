import { showToast } from '@/lib/toast';
import { type Freshness, priceFreshnessNow, usePriceFreshness } from '@/lib/use-freshness';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import './stale.css';

export { usePriceFreshness } from '@/lib/use-freshness';

/**
 * The class a live figure adds while what it shows is not current (greyed, lib/use-freshness.ts), with a leading
 * space, or nothing while it is live.
 */
export function staleClass(freshness: Freshness): string {
  return freshness === 'live' ? '' : ' is-stale';
}

/** A small pill beside live prices while they are not current: "Reconnecting…" or "Delayed"; nothing while live. */
export function StaleBadge({ freshness, testId = 'stale-badge' }: { freshness: Freshness; testId?: string }) {
  const { t } = useTranslation();
  if (freshness === 'live') return null;
  return (
    <output className={`stale-badge stale-badge--${freshness}`} data-testid={testId}>
      <span className="stale-badge__dot" aria-hidden="true" />
      {t(freshness === 'reconnecting' ? 'market.live.reconnecting' : 'market.live.stale')}
    </output>
  );
}

/**
 * For money actions that quote a live price (market orders, close, convert): `ensureLive()` is true while prices
 * are current; otherwise it says so (a toast) and is false, so the action does not confirm on an old price. It
 * reads the freshness when called, so an action that awaited a dialog checks what holds then. Offline it lets the
 * action through: its call fails at once with the network's message, the cause the user can act on.
 */
export function useLivePriceGuard(): { freshness: Freshness; ensureLive: () => boolean } {
  const { t } = useTranslation();
  const freshness = usePriceFreshness();
  const ensureLive = useCallback(() => {
    if (priceFreshnessNow() === 'live') return true;
    // Offline, prices stop because the phone's connection did: the call goes ahead and fails at once with the
    // network's own message, which names the cause and keeps the form (nothing can be placed on an old price).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
    showToast(<span data-testid="stale-blocked">{t('market.live.blocked')}</span>, 3000);
    return false;
  }, [t]);
  return { freshness, ensureLive };
}
