import { ICON, LineIcon } from './line-icon';

/** The button that swaps the two sides of a move (from/to wallets, pay/receive currencies). */
export function SwapButton({
  onClick,
  label,
  className,
  testId,
}: {
  onClick: () => void;
  label: string;
  className: string;
  testId: string;
}) {
  return (
    <button type="button" className={className} onClick={onClick} aria-label={label} data-testid={testId}>
      <LineIcon d={ICON.transfer} size={20} />
    </button>
  );
}
