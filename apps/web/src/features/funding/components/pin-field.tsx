import type { FieldSpec } from '@/components/ui/field-list';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/** The six-digit withdrawal password: masked, the numeric keyboard, digits only. */
export const PIN_INPUT = {
  type: 'password',
  inputMode: 'numeric',
  autoComplete: 'off',
  maxLength: 6,
  clean: (typed: string) => typed.replace(/\D/g, '').slice(0, 6),
} as const satisfies Partial<FieldSpec<string>>;

/** One six-digit withdrawal password input (see `PIN_INPUT`). */
export function PinField({
  onValue,
  ...field
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'onChange'> & {
  onValue: (value: string) => void;
}) {
  const { clean, ...pin } = PIN_INPUT;
  return <TextField {...pin} onChange={(e) => onValue(clean(e.target.value))} {...field} />;
}
