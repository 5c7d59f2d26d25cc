import { DownOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import './account.css';

/** A labelled field that opens a picker: the current value, a chevron; `className` sets the screen's spacing. */
export function SelectButton({
  label,
  onClick,
  disabled,
  testId,
  className,
  children,
}: {
  label: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <button
        type="button"
        className={`select-button ${className}`}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      >
        <span className="select-button__value">{children}</span>
        <DownOutline className="select-button__chevron" />
      </button>
    </div>
  );
}
