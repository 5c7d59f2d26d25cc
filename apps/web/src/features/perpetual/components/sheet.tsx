import {
  FactList,
  type FactRow,
  ItemSheet,
  SheetActions as SharedSheetActions,
  type SheetAction,
  type SheetLook,
} from '@/shared/sheet';
import type { PerpPosition } from '@nexa/contract';
import { Toast } from 'antd-mobile';
import { type ComponentProps, type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValueProblem } from '../model/perp-model';
import { SideTag } from './bits';

export type { FactRow };

/** The classes of the Perpetual screens' bottom sheets: the popup and its padded body. */
export const PERP_SHEET = { popupClassName: 'perp-sheet', bodyClassName: 'perp-sheet__body' } as const;

/** The sheets' classes with their two actions. */
export const PERP_LOOK: SheetLook = {
  ...PERP_SHEET,
  actions: { row: 'perp-sheet__actions', button: 'perp-sheet-button' },
};

/** Label / value rows of a sheet or a detail card. */
export function Facts({ rows, className }: { rows: readonly (FactRow | false | null)[]; className?: string }) {
  return <FactList rows={rows} className={`fact-list perp-summary${className ? ` ${className}` : ''}`} />;
}

/** A sheet's cancel and main action. */
export function SheetActions(props: Omit<ComponentProps<typeof SharedSheetActions>, 'classes'>) {
  return <SharedSheetActions {...props} classes={PERP_LOOK.actions} />;
}

/** What a position sheet is handed: the position (null: closed), its pair and price precision. */
export interface PositionSheetProps {
  position: PerpPosition | null;
  pair: string;
  precision: number;
  onClose: () => void;
}

/** The position sheets: test ids `perp-<kind>-sheet` and `perp-<kind>-submit`, title `perpetual.<kind>Sheet.title`. */
export type PositionSheetKind = 'close' | 'tpsl' | 'margin';

/** What a position sheet's form is handed. */
export interface PositionFormProps {
  kind: PositionSheetKind;
  position: PerpPosition;
  pair: string;
  precision: number;
  onDone: () => void;
}

/**
 * A sheet about one position (close, TP/SL, add margin): its form is keyed by the position, fresh for each. `P`
 * are the form's own props, handed through.
 */
export function positionSheet<P extends object = object>(
  kind: PositionSheetKind,
  Form: ComponentType<PositionFormProps & P>,
) {
  return function PositionSheet(props: PositionSheetProps & P) {
    const { t } = useTranslation();
    return (
      <ItemSheet
        {...PERP_SHEET}
        item={props.position}
        title={t(`perpetual.${kind}Sheet.title`)}
        testId={`perp-${kind}-sheet`}
        onClose={props.onClose}
      >
        {(position) => <Form key={position.id} {...props} kind={kind} position={position} onDone={props.onClose} />}
      </ItemSheet>
    );
  };
}

/**
 * A position sheet's body: the pair with its side and leverage then `facts`, the form, the sheet's note (none for
 * adding margin), then the way out (Cancel unless `cancel` is given) and the main action (Confirm unless `submit`
 * names it).
 */
export function PositionForm({
  kind,
  pair,
  position,
  onDone,
  facts,
  pending,
  submit,
  cancel,
  children,
}: PositionFormProps & {
  facts: readonly FactRow[];
  pending: boolean;
  /** `disabled`: the value is wrong as it stands (said under it), so Confirm waits until it is changed. */
  submit: { label?: string; onClick: () => unknown; disabled?: boolean };
  cancel?: SheetAction;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pairRow = {
    label: t('perpetual.pair'),
    value: (
      <>
        <span dir="ltr">{pair}</span> <SideTag side={position.side} leverage={position.leverage} />
      </>
    ),
  };
  return (
    <>
      <Facts rows={[pairRow, ...facts]} />
      <div className="perp-sheet__form">{children}</div>
      {kind !== 'margin' ? (
        <p className="callout callout--small tone--warning perp-note">{t(`perpetual.${kind}Sheet.note`)}</p>
      ) : null}
      <SheetActions
        pending={pending}
        cancel={cancel ?? { label: t('common.cancel'), onClick: onDone }}
        confirm={{
          label: submit.label ?? t('common.confirm'),
          tone: 'primary',
          onClick: submit.onClick,
          disabled: submit.disabled,
          testId: `perp-${kind}-submit`,
        }}
      />
    </>
  );
}

/**
 * The one value a position sheet asks for (lots to close, margin to add): its text, its problem and `submit`, which
 * checks it, then runs the money call and closes on success. The problem `submit` found is cleared by any change;
 * what `live` finds is said as the user types.
 */
export function useSheetValue({
  initial,
  check,
  live,
  call,
  done,
  onDone,
}: {
  initial: string;
  check: (value: string) => ValueProblem | null;
  /** What is wrong already while typing (more than available); the rest waits for submit. */
  live?: (value: string) => ValueProblem | null;
  call: (value: string) => Promise<unknown>;
  /** The notice once done, or what it says for the value sent (a partial close names what is left). */
  done: string | ((value: string) => string);
  onDone: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<ValueProblem | null>(null);
  const change = (next: string) => {
    setValue(next);
    setProblem(null);
  };
  const submit = async () => {
    const found = check(value);
    setProblem(found);
    if (found) return;
    await callAndClose(() => call(value), typeof done === 'string' ? done : done(value), onDone);
  };
  return { value, problem: problem ?? live?.(value) ?? null, change, submit };
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
