import { TextField } from '@/components/ui/text-field';
import { useSingleFlight } from '@/lib/use-single-flight';
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown';

/**
 * The verification code input with its Get-code button. `onSend` validates and sends, resolving with the seconds
 * to wait before the next code (then the button counts down, disabled), or null when nothing was sent. The wait is
 * for the recipient the code went to (`recipient`, as the server counts it): corrected after a typo, the address
 * can have its code at once; back to the first one, the wait goes on.
 */
export function CodeField({
  value,
  onChange,
  error,
  onSend,
  recipient,
  testIdPrefix,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  onSend: () => Promise<number | null>;
  recipient: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const { run: send, running: sending } = useSingleFlight(async () => {
    const to = recipient;
    const waitSec = await onSend();
    if (waitSec) countdown.start(to, waitSec);
  });
  const remainingSec = countdown.remainingSec(recipient);
  const counting = remainingSec > 0;
  return (
    <TextField
      label={t('auth.code')}
      placeholder={t('auth.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error}
      testId={`${testIdPrefix}-code`}
      suffix={
        <button
          type="button"
          className="action-button tone--accent code-button"
          disabled={sending || counting}
          onClick={() => void send()}
          data-testid={`${testIdPrefix}-get-code`}
        >
          {sending ? <SpinLoading color="currentColor" style={{ '--size': '16px' }} /> : null}
          {!sending && counting ? `${remainingSec}s` : null}
          {!sending && !counting ? t('auth.getCode') : null}
        </button>
      }
    />
  );
}
