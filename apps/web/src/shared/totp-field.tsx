import { TextField } from '@/components/ui/text-field';
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
