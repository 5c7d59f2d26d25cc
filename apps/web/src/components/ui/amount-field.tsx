import { sanitizeAmountInput } from '@/lib/decimal';
import { useAmountInput } from '@/lib/use-amount-input';
import { TextField, type TextFieldProps } from './text-field';
import './account.css';

/** The "All" button at the end of an amount: fills in the most that can be used. */
export interface FillAll {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}

/**
 * An amount typed in a currency: decimal keyboard, at most `scale` decimals (what cannot be sent is never typed),
 * shown with the language's decimal mark (`useAmountInput`), the currency at the end and, when `all` is given, the
 * button that fills in the most that can be used. `value` and `onValue` are decimal strings ("1.5").
 */
export function AmountField({
  unit,
  scale,
  value,
  onValue,
  all,
  ...field
}: Omit<TextFieldProps, 'value' | 'onChange' | 'suffix'> & {
  unit: string | undefined;
  scale: number;
  value: string;
  onValue: (value: string) => void;
  all?: FillAll;
}) {
  const text = useAmountInput(value, (v) => onValue(sanitizeAmountInput(v, scale)));
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      {...field}
      {...text}
      suffix={
        all ? (
          <span className="amount-suffix">
            <span className="amount-unit">{unit}</span>
            <button
              type="button"
              className="amount-suffix__all"
              onClick={all.onClick}
              disabled={all.disabled}
              data-testid={all.testId}
            >
              {all.label}
            </button>
          </span>
        ) : (
          <span className="amount-unit">{unit}</span>
        )
      }
    />
  );
}
