import { type InputHTMLAttributes, type ReactNode, forwardRef, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label?: ReactNode;
  /** Shown beside the label, e.g. "Optional". */
  hint?: ReactNode;
  prefix?: ReactNode;
  suffix?: ReactNode;
  error?: string | null;
  testId?: string;
}

/**
 * A labelled input with room for a prefix (area code) and a suffix (eye, get-code button). A native <input>,
 * so the test id sits on the element an end-to-end test fills.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, prefix, suffix, error, testId, id, className, ...input },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      {label ? (
        <label className="field__label" htmlFor={inputId}>
          {label}
          {hint ? <span className="field__hint">{hint}</span> : null}
        </label>
      ) : null}
      <div className={`field__control${suffix ? '' : ' field__control--bare'}`}>
        {prefix ? <div className="field__prefix">{prefix}</div> : null}
        <input
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
          {...input}
        />
        {suffix ? <div className="field__suffix">{suffix}</div> : null}
      </div>
      {error ? (
        <p className="field__error" id={errorId} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
