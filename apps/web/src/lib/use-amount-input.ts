import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalMarkOf, readAmountText, showAmountText } from './decimal';

/**
 * The value and change handler of an amount, price or lots `<input>` in the interface language: the field shows
 * its decimal string with the language's decimal mark ("1,5" in German, "1.5" in English) and reports what is typed
 * as a decimal string ("1.5"), which the form keeps, checks and sends. `onChange` still cuts it to the field's
 * scale (`sanitizeAmountInput`). Every amount field of the app goes through here: `AmountField` (transfer,
 * withdrawal, deposit, copy, limits), convert's amount and slippage, the delivery stake and perpetual's fields.
 *
 * A change whose text is not a number (a letter, a sign: `readAmountText`'s null), typed or pasted, is refused: the
 * field keeps its value, rather than dropping the character and showing another number ("1e3" as 13, "-5" as 5).
 */
export function useAmountInput(value: string, onChange: (value: string) => void) {
  const { i18n } = useTranslation();
  const mark = decimalMarkOf(i18n.language);
  return {
    value: showAmountText(value, mark),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const read = readAmountText(e.target.value, mark);
      if (read !== null) onChange(read);
    },
  };
}
