import type { ReactNode } from 'react';

/** A form that submits by its button or the keyboard's Enter, checked by our own code (no browser bubbles). */
export function SubmitForm({
  onSubmit,
  className = 'stack',
  onEngage,
  children,
}: {
  onSubmit: () => unknown;
  className?: string;
  /** The user starts on the form: a field takes focus or a pointer goes down on it (e.g. to load what submit needs). */
  onEngage?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      noValidate
      onFocus={onEngage}
      onPointerDown={onEngage}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
