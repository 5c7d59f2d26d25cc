/**
 * The bottom sheet of the trading screens (delivery and perpetual): a titled popup with a close button, label /
 * value facts from an array, and the row of two actions (a way out and the main one); the order draft an entry
 * hands its confirm sheet. Each screen keeps its own look through the class names it passes; the structure and
 * behaviour are this one copy.
 */
import { ApiError } from '@/lib/request';
import { Button, Popup } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export { SheetHeader };
import { SheetHeader } from '@/components/ui/select-sheet';
import { useBackCloses } from '@/components/ui/use-back-closes';
import { useSingleFlight } from '@/lib/use-single-flight';

export interface SheetProps {
  visible: boolean;
  title: ReactNode;
  pending?: boolean;
  onClose: () => void;
  testId: string;
  /** The popup body's class (its height, corners, padding). */
  popupClassName: string;
  className?: string;
  /** When given, the content sits in a `<div>` of this class (a screen's padding). */
  bodyClassName?: string;
  children: ReactNode;
}

/** A bottom sheet with a title and a close button; the mask does not close it while a call is pending. */
export function Sheet({
  visible,
  title,
  pending = false,
  onClose,
  testId,
  popupClassName,
  className,
  bodyClassName,
  children,
}: SheetProps) {
  // Back closes it like the close button (not while a call is pending: the mask does not close it then either).
  useBackCloses(visible, onClose, pending);
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
        {bodyClassName ? <div className={bodyClassName}>{children}</div> : children}
      </section>
    </Popup>
  );
}

/**
 * A sheet about one thing (an order draft, a position): open while `item` is not null, its content drawn from the
 * item.
 */
export function ItemSheet<T>({
  item,
  children,
  ...props
}: Omit<SheetProps, 'visible' | 'children'> & { item: T | null; children: (item: T) => ReactNode }) {
  return (
    <Sheet {...props} visible={item !== null}>
      {item !== null ? children(item) : null}
    </Sheet>
  );
}

/** One label / value row: the value may carry a tone class, the row a test id and a class of its own. */
export interface FactRow {
  label: string;
  value: ReactNode;
  testId?: string;
  valueClassName?: string;
  className?: string;
}

/** Label / value rows of a sheet or a detail card, from an array (a false or null entry is left out). */
export function FactList({ rows, className }: { rows: readonly (FactRow | false | null)[]; className: string }) {
  return (
    <dl className={className}>
      {rows.map((row, i) =>
        row ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of rows (a left-out one keeps its place)
          <div key={i} className={row.className} data-testid={row.testId}>
            <dt>{row.label}</dt>
            <dd className={row.valueClassName}>{row.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** One of a sheet's two buttons. */
export interface SheetAction {
  label: ReactNode;
  /** A call's promise, when it makes one: the confirm button takes no second tap until it settles. */
  onClick: () => unknown;
  testId?: string;
}

/**
 * The two buttons at the foot of a sheet: `cancel` (disabled while pending) and `confirm` (coloured by `tone`,
 * spinning while pending, off while `disabled`). `classes` names the row and the buttons: the button's tone is
 * `<button>--<tone>`.
 * A second tap on confirm while the first one's call is on its way does nothing: a double tap sends one request
 * (the re-render that disables the button comes a frame after the first tap, too late for a fast second one).
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
  confirm: SheetAction & { tone: string; disabled?: boolean };
}) {
  const once = useSingleFlight(async () => {
    await confirm.onClick();
  });
  return (
    <div className={classes.row}>
      <Button
        className={classes.button}
        onClick={() => void cancel.onClick()}
        disabled={pending}
        data-testid={cancel.testId}
      >
        {cancel.label}
      </Button>
      <Button
        className={`${classes.button} ${classes.button}--${confirm.tone}`}
        loading={pending}
        disabled={pending || confirm.disabled}
        onClick={() => void once.run()}
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
  /** Settles once the draft was placed or refused. */
  onConfirm: () => unknown;
  onClose: () => void;
}

/** How long a call may be outstanding before a sheet says it is still waiting for the answer. */
export const STILL_WAITING_AFTER_MS = 3_000;

/** Whether `pending` has lasted longer than `afterMs` (false again once it is not pending). */
export function useLongPending(pending: boolean, afterMs = STILL_WAITING_AFTER_MS): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    setLong(false);
    if (!pending) return;
    const timer = setTimeout(() => setLong(true), afterMs);
    return () => clearTimeout(timer);
  }, [pending, afterMs]);
  return long;
}

/**
 * An order entry's draft awaiting confirmation. `sheet` is what its confirm sheet is handed: confirming places the
 * draft once (`place`, not while `pending`); on success the sheet closes and `onPlaced` has the answer;
 * a refusal was toasted by the request helper and the sheet stays open. When the answer was lost and its outcome is
 * still unknown (a timeout, a dropped connection, and the lookup failed too), the sheet stays open unless
 * `closeWhenUnknown`: then it closes, and the pending money calls (lib/pending-money-calls.ts) look the outcome up
 * when the connection is back and tell the user (confirming the same draft again meanwhile reuses the requestId).
 */
export function useDraft<D, O>(
  place: (draft: D) => Promise<O>,
  pending: boolean,
  onPlaced: (placed: O) => void,
  { closeWhenUnknown = false }: { closeWhenUnknown?: boolean } = {},
) {
  const [draft, setDraft] = useState<D | null>(null);
  const confirm = async () => {
    if (!draft || pending) return;
    try {
      const placed = await place(draft);
      setDraft(null);
      onPlaced(placed);
    } catch (error) {
      // Toasted by the request helper (or the money call's lookup).
      if (closeWhenUnknown && error instanceof ApiError && error.isTransport) setDraft(null);
    }
  };
  const sheet: ConfirmSheetProps<D> = {
    draft,
    pending,
    onConfirm: confirm,
    onClose: () => setDraft(null),
  };
  return { setDraft, sheet };
}

/** A screen's sheet classes: the popup, the section, the padded body and the row of two actions. */
export interface SheetLook {
  popupClassName: string;
  className?: string;
  bodyClassName?: string;
  actions: { row: string; button: string };
}

/**
 * The last look at an order draft before it is placed: `children` draws the draft's facts (and a note), then come
 * cancel and confirm (labelled and coloured by `confirm`). Test ids: `<testIdPrefix>-confirm-sheet`, `-confirm-cancel`
 * and `-confirm`.
 */
export function ConfirmDraftSheet<D>({
  draft,
  pending,
  onConfirm,
  onClose,
  look,
  title,
  confirm,
  waiting,
  children,
}: ConfirmSheetProps<D> & {
  look: SheetLook & { testIdPrefix: string };
  title: string;
  /** Said above the buttons while the call has been outstanding for more than a few seconds. */
  waiting?: ReactNode;
  /** The confirm button of a draft: its label, its tone, and whether it waits (the draft cannot be placed as it is). */
  confirm: (draft: D) => { label: string; tone: string; disabled?: boolean };
  children: (draft: D) => ReactNode;
}) {
  const { t } = useTranslation();
  const { actions, testIdPrefix: prefix, ...frame } = look;
  const long = useLongPending(pending);
  return (
    <ItemSheet
      {...frame}
      item={draft}
      title={title}
      pending={pending}
      onClose={onClose}
      testId={`${prefix}-confirm-sheet`}
    >
      {(d) => (
        <>
          {children(d)}
          {long && waiting ? (
            <output
              className="callout callout--small tone--warning sheet-waiting"
              data-testid={`${prefix}-confirm-waiting`}
            >
              {waiting}
            </output>
          ) : null}
          <SheetActions
            classes={actions}
            pending={pending}
            cancel={{ label: t('common.cancel'), onClick: onClose, testId: `${prefix}-confirm-cancel` }}
            confirm={{ ...confirm(d), onClick: onConfirm, testId: `${prefix}-confirm` }}
          />
        </>
      )}
    </ItemSheet>
  );
}
