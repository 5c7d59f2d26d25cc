import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

/** A list to pick one entry from (currencies, wallets, languages): a listbox of `OptionItem`s. */
export function OptionList({
  label,
  className,
  children,
}: { label?: string; className?: string; children: ReactNode }) {
  return (
    <div className={`option-list${className ? ` ${className}` : ''}`} role="listbox" aria-label={label}>
      {children}
    </div>
  );
}

/** One entry of an option list; `children` lay it out (label, extras, `OptionCheck`). */
export function OptionItem({
  selected,
  onPick,
  testId,
  className,
  children,
}: {
  selected: boolean;
  onPick: () => void;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      className={`option-list__item${className ? ` ${className}` : ''}${selected ? ' option-list__item--selected' : ''}`}
      onClick={onPick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** The tick at the end of the chosen entry. */
export function OptionCheck({ selected }: { selected: boolean }) {
  return selected ? <CheckOutline className="option-list__check" /> : null;
}
