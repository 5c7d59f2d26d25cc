import type { PositionOrdersData } from '@nexa/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseAllDialog, closeAllSkipsConfirm, useCloseAllNow } from './close-all-dialog';
import { TabList } from './order-lists';
import { type PositionAction, PositionCard } from './position-card';
import { PositionSheets } from './position-sheets';

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
  const [acting, setActing] = useState<{ action: PositionAction; id: string } | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const closeAllNow = useCloseAllNow(() => setConfirmAll(false));

  const all = positions.data?.list ?? [];
  const list = symbol ? all.filter((p) => p.symbol === symbol) : all;
  // The sheet follows the position's live figures; it closes when the position is gone.
  const target = acting ? (all.find((p) => p.id === acting.id) ?? null) : null;

  const tools = (
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
  );

  return (
    <>
      <TabList tab="positions" source={{ query: positions, items: list }} head={tools}>
        {(position) => <PositionCard position={position} onAction={(action, p) => setActing({ action, id: p.id })} />}
      </TabList>
      <PositionSheets
        position={target}
        acting={acting?.action ?? null}
        available={positions.data?.account.available}
        onClose={() => setActing(null)}
      />
      <CloseAllDialog positions={confirmAll ? all : null} onClose={() => setConfirmAll(false)} />
    </>
  );
}
