import type { ReactNode } from 'react';
import './account.css';

/** What a hidden amount shows (the eye on the Assets tab). */
export const MASK = '******';

/**
 * A number or an address on screen: laid out left to right in every language (also Arabic and Persian), tabular
 * digits, masked when the user hid amounts.
 */
export function Figure({
  children,
  hidden = false,
  className,
  testId,
}: {
  children: ReactNode;
  hidden?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <span dir="ltr" className={`figure${className ? ` ${className}` : ''}`} data-testid={testId}>
      {hidden ? MASK : children}
    </span>
  );
}

/**
 * A figure and its unit after it (`12.50 USDT`); `approx` puts `≈` in front. The three read left to right as one in
 * every language: in Arabic, unisolated, the line read "USDT 9,900.00 ≈".
 */
export function UnitFigure({
  children,
  unit,
  approx = false,
  hidden,
  testId,
}: {
  children: ReactNode;
  unit: ReactNode;
  approx?: boolean;
  hidden?: boolean;
  testId?: string;
}) {
  return (
    <bdi dir="ltr" className="unit-figure">
      {approx ? '≈ ' : null}
      <Figure hidden={hidden} testId={testId}>
        {children}
      </Figure>{' '}
      {unit}
    </bdi>
  );
}
