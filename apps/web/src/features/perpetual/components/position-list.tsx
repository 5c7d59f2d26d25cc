import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { useProducts } from '@/lib/use-market';
import { ListSkeleton } from '@/shared/trading-bits';
import type { PerpPosition, PositionOrdersData } from '@nexa/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddMarginSheet } from './add-margin-sheet';
import { pairName, precisionOf } from './bits';
import { CloseAllDialog, closeAllSkipsConfirm, useCloseAllNow } from './close-all-dialog';
import { CloseSheet } from './close-sheet';
import { type PositionAction, PositionCard } from './position-card';
import { TpSlSheet } from './tpsl-sheet';

/**
 * Open positions of the current mode with their live figures, the close-all button, and the TP/SL, add-margin
 * and close sheets. `symbol` narrows the list to one product (the single-product trade page).
 */
export function PositionList({
  positions,
  symbol,
}: {
  positions: UseQueryResult<PositionOrdersData>;
  symbol?: string;
}) {
  const { t } = useTranslation();
  const products = useProducts();
  const [acting, setActing] = useState<{ action: PositionAction; id: string } | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const closeAllNow = useCloseAllNow();

  const all = positions.data?.list ?? [];
  const list = symbol ? all.filter((p) => p.symbol === symbol) : all;
  // The sheet follows the position's live figures; it closes when the position is gone.
  const target = acting ? (all.find((p) => p.id === acting.id) ?? null) : null;
  const of = (action: PositionAction): PerpPosition | null => (acting?.action === action ? target : null);
  const pair = target ? pairName(target.symbol, products.data) : '';
  const precision = target ? precisionOf(target.symbol, products.data) : 2;
  const close = () => setActing(null);

  if (positions.isPending) return <ListSkeleton list="perp-list" row="perp-row" />;
  if (positions.isError && !positions.data) return <ErrorState onRetry={() => void positions.refetch()} />;
  if (list.length === 0) return <EmptyState title={t('perpetual.empty.positions')} testId="perp-positions-empty" />;

  return (
    <>
      <div className="perp-list-tools">
        <span className="perp-list-tools__count">{t('perpetual.positionCount', { n: list.length })}</span>
        <button
          type="button"
          className="perp-ghost perp-ghost--strong"
          disabled={closeAllNow.pending}
          onClick={() => {
            if (closeAllSkipsConfirm()) void closeAllNow.run();
            else setConfirmAll(true);
          }}
          data-testid="perp-close-all"
        >
          {t('perpetual.actions.closeAll')}
        </button>
      </div>
      <ul className="perp-list" aria-label={t('perpetual.tabs.positions')}>
        {list.map((position) => (
          <li key={position.id}>
            <PositionCard
              position={position}
              pair={pairName(position.symbol, products.data)}
              precision={precisionOf(position.symbol, products.data)}
              onAction={(action, p) => setActing({ action, id: p.id })}
            />
          </li>
        ))}
      </ul>
      <TpSlSheet position={of('tpsl')} pair={pair} precision={precision} onClose={close} />
      <AddMarginSheet
        position={of('margin')}
        pair={pair}
        precision={precision}
        available={positions.data?.account.available}
        onClose={close}
      />
      <CloseSheet position={of('close')} pair={pair} precision={precision} onClose={close} />
      <CloseAllDialog visible={confirmAll} count={all.length} onClose={() => setConfirmAll(false)} />
    </>
  );
}
