import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/request';
import { useTwoFactorOn } from '@/shared/api/security';
import type { FieldReason } from '@nexa/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The six-digit code of the authenticator app; `recovery` also takes a recovery code (XXXXX-XXXXX). */
export function TotpField({
  value,
  onChange,
  error,
  recovery = false,
  testId = 'totp-code',
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  recovery?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('security.totp.label')}
      placeholder={t(recovery ? 'security.totp.placeholderRecovery' : 'security.totp.placeholder')}
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      maxLength={recovery ? 11 : 6}
      value={value}
      onChange={(e) => onChange(recovery ? e.target.value.toUpperCase() : e.target.value.replace(/\D/g, ''))}
      error={error}
      testId={testId}
    />
  );
}

/** What the field holds is worth sending: six digits, or (with `recovery`) a whole recovery code. */
export function totpComplete(v: string, recovery = false): boolean {
  const s = v.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(s) || (recovery && /^[A-HJ-NP-Z2-9]{10}$/.test(s));
}

/**
 * The authenticator code of a form the server guards with 2FA (withdrawal, address, bank card, withdrawal password):
 * asked for while the user has 2FA on, or once the server said it is required (2FA turned on elsewhere). The server
 * is the one rule: its refusal of `totpCode` shows under the field (`fromRefusal`), typing clears it.
 */
export function useSecondFactor() {
  const on = useTwoFactorOn();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState<FieldReason | null>(null);
  return {
    asked: on || reason !== null,
    code,
    reason,
    change(v: string) {
      setCode(v);
      setReason(null);
    },
    /** The body's `totpCode`: what was typed, or nothing. */
    body: (): string | undefined => code || undefined,
    /** Shows the refusal of `totpCode` in `error` under the field; true when there was one. */
    fromRefusal(error: unknown): boolean {
      const refused = error instanceof ApiError ? error.fields.find((f) => f.field === 'totpCode') : undefined;
      setReason(refused?.reason ?? null);
      return refused !== undefined;
    },
  };
}

export type SecondFactor = ReturnType<typeof useSecondFactor>;

/** The code field of `useSecondFactor`, nothing while it is not asked for. */
export function SecondFactorField({ factor, testId }: { factor: SecondFactor; testId: string }) {
  const { t } = useTranslation();
  if (!factor.asked) return null;
  const error = factor.reason
    ? t(factor.reason === 'required' ? 'security.totp.required' : 'security.totp.invalid')
    : null;
  return <TotpField value={factor.code} onChange={factor.change} error={error} testId={testId} />;
}
