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
  /** Masked, with the show/hide eye. */
  password?: boolean;
}

/**
 * The inputs of a form, one per spec, in order: each shows `values[name]`, reports a change as `onChange(name, value)`
 * (already cleaned) and shows `error(name)` under it. The forms differ in data, not in markup.
 */
export function FieldList<F extends string>({
  fields,
  values,
  error,
  onChange,
}: {
  fields: readonly (FieldSpec<F> | false)[];
  values: Record<F, string>;
  error: (name: F) => string | null | undefined;
  onChange: (name: F, value: string) => void;
}) {
  const { t } = useTranslation();
  return fields.map((spec) => {
    if (!spec) return null;
    const { name, text, clean, password, ...input } = spec;
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
