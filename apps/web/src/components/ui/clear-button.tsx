import { CloseCircleFill } from 'antd-mobile-icons';

/** The round × at the end of a field or chip that empties it (a search, a date range). */
export function ClearButton({
  label,
  onClick,
  className,
  testId,
}: {
  label: string;
  onClick: () => void;
  className: string;
  testId: string;
}) {
  return (
    <button type="button" className={className} onClick={onClick} aria-label={label} data-testid={testId}>
      <CloseCircleFill />
    </button>
  );
}
