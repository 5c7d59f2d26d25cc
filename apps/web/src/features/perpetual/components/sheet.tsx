import { Fact, Facts as SharedFacts, Sheet as SharedSheet, SheetActions as SharedSheetActions } from '@/shared/sheet';
import type { PerpPosition } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SideTag } from './bits';

export { Fact };

/** The Perpetual screens' bottom sheet: the shared sheet with its body padded. */
export function Sheet({
  children,
  ...props
}: Omit<ComponentProps<typeof SharedSheet>, 'popupClassName' | 'className'>) {
  return (
    <SharedSheet {...props} popupClassName="perp-sheet">
      <div className="perp-sheet__body">{children}</div>
    </SharedSheet>
  );
}

/** Label / value rows of a sheet or a detail card. */
export function Facts({ children, className }: { children: ReactNode; className?: string }) {
  return <SharedFacts className={`fact-list perp-summary${className ? ` ${className}` : ''}`}>{children}</SharedFacts>;
}

/** A sheet's cancel and main action. */
export function SheetActions(props: Omit<ComponentProps<typeof SharedSheetActions>, 'classes'>) {
  return <SharedSheetActions {...props} classes={{ row: 'perp-sheet__actions', button: 'perp-sheet-button' }} />;
}

/** A sheet about one position (close, TP/SL, add margin): its form is keyed by the position, fresh for each. */
export function PositionSheet({
  position,
  title,
  testId,
  onClose,
  children,
}: {
  position: PerpPosition | null;
  title: string;
  testId: string;
  onClose: () => void;
  children: (position: PerpPosition) => ReactNode;
}) {
  return (
    <Sheet visible={position !== null} title={title} onClose={onClose} testId={testId}>
      {position ? children(position) : null}
    </Sheet>
  );
}

/** What a position sheet is handed: the position (null: closed), its pair and price precision. */
export interface PositionSheetProps {
  position: PerpPosition | null;
  pair: string;
  precision: number;
  onClose: () => void;
}

/** What a position sheet's form is handed. */
export interface PositionFormProps {
  position: PerpPosition;
  pair: string;
  precision: number;
  onDone: () => void;
}

/** The first fact of a position sheet: the pair with its side and leverage. */
export function PairFact({ pair, position }: { pair: string; position: PerpPosition }) {
  const { t } = useTranslation();
  return (
    <Fact label={t('perpetual.pair')}>
      <span dir="ltr">{pair}</span> <SideTag side={position.side} leverage={position.leverage} />
    </Fact>
  );
}

/**
 * Runs a money call of a sheet; on success toasts `done` and closes. A failure was toasted by the request helper
 * (a retry after a network failure reuses the requestId).
 */
export async function callAndClose(call: () => Promise<unknown>, done: string, onDone?: () => void) {
  try {
    await call();
    Toast.show({ icon: 'success', content: done, duration: 2000 });
    onDone?.();
  } catch {
    // Toasted by the request helper.
  }
}
