import type { ReactNode } from 'react';

/** A form that submits by its button or the keyboard's Enter, checked by our own code (no browser bubbles). */
export function SubmitForm({
  onSubmit,
  className = 'stack',
  children,
}: {
  onSubmit: () => unknown;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
