import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';
import { TextField, type TextFieldProps } from './text-field';

type Key = ParseKeys;
/** An i18n key that labels a field whose placeholder is the same key + `Placeholder` (`kyc.city`, `kyc.cityPlaceholder`). */
export type FieldTextKey = { [K in Key]: `${K}Placeholder` extends Key ? K : never }[Key];

/** One input of a form, as data: which value it edits, its texts, the input's own attributes. */
export interface FieldSpec<F extends string> extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> {
  name: F;
  /** The label's key; the placeholder is its `…Placeholder` sibling. Or set `label` and `placeholder` yourself. */
  text?: FieldTextKey;
  /** What may be kept of what was typed (digits only, no spaces…); by default all of it. */
  clean?: (typed: string) => string;
}

/**
 * The inputs of a form, one per spec, in order (a `false` spec is left out): each shows `values[name]` and reports a
 * change as `onChange(name, value)`, already cleaned. Under an input its error: `errors[name]`, an i18n key, or the
 * sentence `errorText(name)` gives. `password`: every input is masked, with the show/hide eye.
 */
export function FieldList<F extends string>({
  fields,
  values,
  onChange,
  errors = {},
  errorText,
  password = false,
}: {
  fields: readonly (FieldSpec<F> | false)[];
  values: Record<F, string>;
  onChange: (name: F, value: string) => void;
  errors?: Partial<Record<F, Key>>;
  errorText?: (name: F) => string | null;
  password?: boolean;
}) {
  const { t } = useTranslation();
  const error =
    errorText ??
    ((name: F) => {
      const key: Key | undefined = errors[name];
      return key ? t(key) : null;
    });
  return fields.map((spec) => {
    if (!spec) return null;
    const { name, text, clean, ...input } = spec;
    const Field = password ? PasswordField : TextField;
    return (
      <Field
        key={name}
        label={text ? t(text) : undefined}
        placeholder={text ? t(`${text}Placeholder` as Key) : undefined}
        {...input}
        value={values[name]}
        onChange={(e) => onChange(name, clean ? clean(e.target.value) : e.target.value)}
        error={error(name)}
      />
    );
  });
}
