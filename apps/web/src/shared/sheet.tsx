/**
 * The bottom sheet of the trading screens (delivery and perpetual): a titled popup with a close button, label /
 * value facts, and the row of two actions (a way out and the main one). Each screen keeps its own look through
 * the class names it passes; the structure and behaviour are this one copy.
 */
import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';

export { SheetHeader };
import { SheetHeader } from '@/components/ui/select-sheet';

/** A bottom sheet with a title and a close button; the mask does not close it while a call is pending. */
export function Sheet({
  visible,
  title,
  pending = false,
  onClose,
  testId,
  popupClassName,
  className,
  children,
}: {
  visible: boolean;
  title: ReactNode;
  pending?: boolean;
  onClose: () => void;
  testId: string;
  /** The popup body's class (its height, corners, padding). */
  popupClassName: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={pending ? undefined : onClose}
      onClose={onClose}
      bodyClassName={popupClassName}
      destroyOnClose
    >
      <section className={className} data-testid={testId} aria-label={typeof title === 'string' ? title : undefined}>
        <SheetHeader title={title} onClose={onClose} pending={pending} />
        {children}
      </section>
    </Popup>
  );
}

/** Label / value rows of a sheet or a detail card. */
export function Facts({ children, className }: { children: ReactNode; className: string }) {
  return <dl className={className}>{children}</dl>;
}

export function Fact({
  label,
  children,
  testId,
  valueClassName,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
  /** A class of the value (a tone). */
  valueClassName?: string;
}) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

interface SheetAction {
  label: ReactNode;
  onClick: () => void;
  testId?: string;
}

/**
 * The two buttons at the foot of a sheet: `cancel` (disabled while pending) and `confirm` (coloured by `tone`,
 * spinning while pending). `classes` names the row and the buttons: the button's tone is `<button>--<tone>`.
 */
export function SheetActions({
  classes,
  pending = false,
  cancel,
  confirm,
}: {
  classes: { row: string; button: string };
  pending?: boolean;
  cancel: SheetAction;
  confirm: SheetAction & { tone: string };
}) {
  return (
    <div className={classes.row}>
      <Button className={classes.button} onClick={cancel.onClick} disabled={pending} data-testid={cancel.testId}>
        {cancel.label}
      </Button>
      <Button
        className={`${classes.button} ${classes.button}--${confirm.tone}`}
        loading={pending}
        disabled={pending}
        onClick={confirm.onClick}
        data-testid={confirm.testId}
      >
        {confirm.label}
      </Button>
    </div>
  );
}

/** A confirm sheet's props: the draft to confirm (null: closed), whether the call is on its way, the answers. */
export interface ConfirmSheetProps<D> {
  draft: D | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}
