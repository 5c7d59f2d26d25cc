import type { FieldSpec } from '@/components/ui/field-list';

/** The six-digit withdrawal password's input: masked, the numeric keyboard, digits only (a `FieldSpec` part). */
export const PIN_INPUT = {
  type: 'password',
  inputMode: 'numeric',
  autoComplete: 'off',
  maxLength: 6,
  clean: (typed: string) => typed.replace(/\D/g, '').slice(0, 6),
} as const satisfies Partial<FieldSpec<string>>;
