import type { ReactNode } from 'react';

export interface ChoiceButtonsProps<K extends string> {
  choices: readonly K[];
  value: K;
  onChange: (choice: K) => void;
  label: (choice: K) => ReactNode;
  testId: string;
  /** Each button's class. */
  className: string;
  tabs?: boolean;
}

/**
 * A row of buttons that pick one of `choices` (chips, intervals, segmented tabs): ids `<testId>-<choice>`. The
 * chosen one is pressed, or, with `tabs`, the selected tab.
 */
export function ChoiceButtons<K extends string>({
  choices,
  value,
  onChange,
  label,
  testId,
  className,
  tabs = false,
}: ChoiceButtonsProps<K>) {
  return (
    <>
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          role={tabs ? 'tab' : undefined}
          aria-selected={tabs ? value === choice : undefined}
          aria-pressed={tabs ? undefined : value === choice}
          className={className}
          onClick={() => onChange(choice)}
          data-testid={`${testId}-${choice}`}
        >
          {label(choice)}
        </button>
      ))}
    </>
  );
}
