import type { PerpPosition } from '@nexa/contract';
import { AddMarginSheet } from './add-margin-sheet';
import { useProductOf } from './bits';
import { CloseSheet } from './close-sheet';
import type { PositionAction } from './position-card';
import { TpSlSheet } from './tpsl-sheet';

/**
 * The TP/SL, add-margin and close sheets of one position (the list and the detail page); `acting` says which one
 * is open, none while null.
 */
export function PositionSheets({
  position,
  acting,
  available,
  onClose,
}: {
  position: PerpPosition | null;
  acting: PositionAction | null;
  available: string | undefined;
  onClose: () => void;
}) {
  const { pair, precision } = useProductOf(position?.symbol ?? '');
  const of = (action: PositionAction) => (acting === action ? position : null);
  return (
    <>
      <TpSlSheet position={of('tpsl')} pair={pair} precision={precision} onClose={onClose} />
      <AddMarginSheet
        position={of('margin')}
        pair={pair}
        precision={precision}
        available={available}
        onClose={onClose}
      />
      <CloseSheet position={of('close')} pair={pair} precision={precision} onClose={onClose} />
    </>
  );
}
