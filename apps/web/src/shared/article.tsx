import type { ReactNode } from 'react';

/**
 * A text card (a rule, an announcement): its title in the text's own direction, then the body. `block` is the
 * card's class (with `className`, shared look classes, before it); the title's is `<block>__title`.
 */
export function Article({
  block,
  className,
  title,
  testId,
  id,
  children,
}: {
  block: string;
  className?: string;
  title: string;
  testId?: string;
  /** Set as `data-id` (which record it shows). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <article className={className ? `${className} ${block}` : block} data-testid={testId} data-id={id}>
      <h2 className={`${block}__title`} dir="auto">
        {title}
      </h2>
      {children}
    </article>
  );
}
