import { Fact, Facts as SharedFacts, Sheet as SharedSheet, SheetActions as SharedSheetActions } from '@/shared/sheet';
import type { ComponentProps, ReactNode } from 'react';

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
  return <SharedFacts className={`perp-summary${className ? ` ${className}` : ''}`}>{children}</SharedFacts>;
}

/** A sheet's cancel and main action. */
export function SheetActions(props: Omit<ComponentProps<typeof SharedSheetActions>, 'classes'>) {
  return <SharedSheetActions {...props} classes={{ row: 'perp-sheet__actions', button: 'perp-sheet-button' }} />;
}
