import { formatRecordTime } from '@/lib/format';
/**
 * Small pieces the trading screens (delivery, perpetual) share: numbers on screen, the account-mode badge, a
 * product's name, list placeholders, the parts of a record row and the header's icon links.
 */
import type { AccountMode, ProductSummary } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { AddCircleOutline, RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A number on screen: left to right in every language, tabular digits. */
export function Figure({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span dir="ltr" className={`figure${className ? ` ${className}` : ''}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** An amount in USDT: the figure (already formatted; `--` when unknown) then the unit. */
export function Usdt({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <>
      <Figure testId={testId}>{children}</Figure> USDT
    </>
  );
}

/** Real or demo: everything on the screen acts on this account. */
export function ModeBadge({ mode, label, testId }: { mode: AccountMode; label: string; testId: string }) {
  return (
    <span
      className={`mode-badge badge ${mode === 'demo' ? 'tone--warning' : 'tone--accent'}`}
      data-testid={testId}
      data-mode={mode}
    >
      {label}
    </span>
  );
}

/** "BTC/USDT" from the catalogue, or split at the quote currency when the product is not listed any more. */
export function pairName(symbol: string, products: readonly ProductSummary[] | undefined): string {
  const product = products?.find((p) => p.symbol === symbol);
  if (product) return `${product.base}/${product.quote}`;
  const quote = ['USDT', 'USDC', 'USD'].find((q) => symbol.endsWith(q) && symbol.length > q.length);
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
}

/** Placeholder rows while a list loads: `list` and `row` are the list's and its rows' classes. */
export function ListSkeleton({ list, row }: { list: string; row: string }) {
  return (
    <div className={list} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${row} ${row}--skeleton`}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

/**
 * A labelled icon link: one of a trading tab's header (history, rules, the single-product screen; class
 * `icon-button`) unless `className` says otherwise.
 */
export function HeaderLink({
  to,
  label,
  testId,
  className = 'icon-button',
  children,
}: { to: string; label: string; testId: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={className} aria-label={label} data-testid={testId}>
      {children}
    </Link>
  );
}

/** The "Transfer" link beside an available balance: moves money in from the spot wallet. */
export function TransferLink(props: { to: string; className: string; label: string; testId: string }) {
  return (
    <HeaderLink {...props}>
      <AddCircleOutline />
      <span>{props.label}</span>
    </HeaderLink>
  );
}

/** One label-over-value cell of a record row; the value may carry a tone class and a test id. */
export interface RecordCell {
  label: string;
  value: ReactNode;
  className?: string;
  testId?: string;
}

/** The cells of a record row, from an array; the grid, cell, label and value classes are the screen's own. */
export function RecordCells({
  classes,
  cells,
}: {
  classes: { grid: string; cell: string; label: string; value: string };
  cells: readonly RecordCell[];
}) {
  return (
    <span className={classes.grid}>
      {cells.map((cell, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of cells
        <span key={i} className={classes.cell}>
          <span className={classes.label}>{cell.label}</span>
          <span
            className={cell.className ? `${classes.value} ${cell.className}` : classes.value}
            data-testid={cell.testId}
          >
            {cell.value}
          </span>
        </span>
      ))}
    </span>
  );
}

/**
 * A record row's head: the pair (left to right), its tags (`children`) and the chevron of a row that opens a
 * detail. A link when `to` is given. Classes: `<block>__head`, `__pair`, `__chevron`.
 */
export function RecordHead({
  block,
  pair,
  to,
  testId,
  children,
}: {
  block: string;
  pair: string;
  to?: string;
  testId?: string;
  children: ReactNode;
}) {
  const inner = (
    <>
      <span className={`${block}__pair`} dir="ltr">
        {pair}
      </span>
      {children}
      <RightOutline className={`${block}__chevron flip-rtl`} />
    </>
  );
  return to ? (
    <Link to={to} className={`${block}__head`} data-testid={testId}>
      {inner}
    </Link>
  ) : (
    <span className={`${block}__head`} data-testid={testId}>
      {inner}
    </span>
  );
}

/** A record row's foot line: what comes first (a fee, a label), then the record's time. */
export function RecordFoot({ className, time, children }: { className: string; time: number; children: ReactNode }) {
  return (
    <span className={className}>
      <span>{children}</span>
      <Figure>{formatRecordTime(time)}</Figure>
    </span>
  );
}

/** One option of a segmented switch. */
export interface SegmentOption<V> {
  value: V;
  label: ReactNode;
  testId: string;
  disabled?: boolean;
  /** `ltr` for a pair name. */
  dir?: 'ltr';
}

/**
 * A segmented switch (market / limit, all products / this one, a period): a fieldset of pressed-or-not buttons with
 * a legend for screen readers. `item` is the buttons' class, `<item>--on` the pressed one's; `srOnly` hides the
 * legend.
 */
export function Segmented<V>({
  className,
  item,
  srOnly,
  legend,
  value,
  options,
  onChange,
}: {
  className: string;
  item: string;
  srOnly: string;
  legend: string;
  /** The pressed option's value (none pressed: undefined). */
  value: V | undefined;
  options: readonly SegmentOption<V>[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className={className}>
      <legend className={srOnly}>{legend}</legend>
      {options.map((option) => (
        <button
          key={option.testId}
          type="button"
          aria-pressed={option.value === value}
          className={`${item}${option.value === value ? ` ${item}--on` : ''}`}
          onClick={() => onChange(option.value)}
          disabled={option.disabled}
          data-testid={option.testId}
          dir={option.dir}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The two buttons that end an order entry (rise / fall, long / short), each in its side's colour: classes
 * `<block> <block>--<side>`, test ids `<testIdPrefix><side>`.
 */
export function SideButtons<S extends string>({
  look,
  sides,
  disabled,
  onPick,
  children,
}: {
  /** The row's class, the buttons' block class and their test ids' prefix. */
  look: { row: string; block: string; testIdPrefix: string };
  sides: readonly S[];
  disabled: boolean;
  onPick: (side: S) => void;
  children: (side: S) => ReactNode;
}) {
  const { row, block, testIdPrefix } = look;
  return (
    <div className={row}>
      {sides.map((side) => (
        <button
          key={side}
          type="button"
          className={`${block} ${block}--${side}`}
          disabled={disabled}
          onClick={() => onPick(side)}
          data-testid={`${testIdPrefix}${side}`}
        >
          {children(side)}
        </button>
      ))}
    </div>
  );
}
