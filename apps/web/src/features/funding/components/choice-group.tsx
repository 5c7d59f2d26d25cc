import type { ReactNode } from 'react';

/** How a group's choices look: the group's class and each choice's (a pressed one adds `--on`). */
const LOOKS = {
  coins: ['fd-coin-grid', 'fd-coin-card'],
  chains: ['fd-chain-list', 'fd-chain-row'],
  chips: ['fd-chip-group', 'fd-chip-button'],
} as const;

/**
 * A titled group of pressable choices, one of them pressed: the deposit's currency cards and chain rows, the
 * address's chain chips. `id` names the heading and prefixes each choice's test id (`<id>-<key>`); `children`
 * draws a choice (by default its key).
 */
export function ChoiceGroup<T>({
  id,
  title,
  look,
  choices,
  keyOf = String,
  chosen,
  onChoose,
  children = keyOf,
}: {
  id: string;
  title: ReactNode;
  look: keyof typeof LOOKS;
  choices: readonly T[];
  keyOf?: (choice: T) => string;
  chosen: string | undefined;
  onChoose: (choice: T) => void;
  children?: (choice: T) => ReactNode;
}) {
  const [groupClass, itemClass] = LOOKS[look];
  return (
    <section>
      <h2 className="funding-heading" id={id}>
        {title}
      </h2>
      <fieldset className={`fd-fieldset ${groupClass}`} aria-labelledby={id}>
        {choices.map((choice) => {
          const key = keyOf(choice);
          const selected = key === chosen;
          return (
            <button
              key={key}
              type="button"
              aria-pressed={selected}
              className={`${itemClass}${selected ? ` ${itemClass}--on` : ''}`}
              onClick={() => onChoose(choice)}
              data-testid={`${id}-${key}`}
            >
              {children(choice)}
            </button>
          );
        })}
      </fieldset>
    </section>
  );
}
