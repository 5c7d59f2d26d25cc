import { useState } from 'react';

/**
 * A form's text values by field and the errors under its inputs (`Errors`: each field's i18n key, and those of
 * inputs that are not text, a photo, a choice). Typing in a field (`set`) clears its error; `clear` clears any.
 */
export function useFormFields<F extends string, Errors extends Partial<Record<F, unknown>>>(
  initial: Record<F, string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({} as Errors);
  const clear = (field: keyof Errors) => setErrors(({ [field]: _, ...rest }) => rest as Errors);
  const set = (field: F, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };
  return { values, errors, setErrors, set, clear };
}
