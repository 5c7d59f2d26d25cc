import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/** The six-digit withdrawal password: masked, the numeric keyboard, digits only. */
export function PinField({
  onValue,
  ...field
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'onChange'> & {
  onValue: (value: string) => void;
}) {
  return (
    <TextField
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      onChange={(e) => onValue(e.target.value.replace(/\D/g, '').slice(0, 6))}
      {...field}
    />
  );
}
