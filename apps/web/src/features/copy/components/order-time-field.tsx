import { formatDateTime, isolateLtr } from '@/lib/format';
import { DatePicker } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderTimeWindow } from '../model';

/** The order time as chosen: minutes from when the plan is sent, or a moment picked on the calendar. */
export type OrderTimeChoice = { kind: 'in'; minutes: number } | { kind: 'at'; at: number };

const QUICK_MINUTES = [2, 5, 15, 60] as const;

/** The epoch ms a choice means when the plan is sent at `now`. */
export function orderTimeOf(choice: OrderTimeChoice | undefined, now: number): number | undefined {
  if (!choice) return undefined;
  return choice.kind === 'in' ? now + choice.minutes * 60_000 : choice.at;
}

/**
 * The order time: a few "in N minutes" chips (counted from when the plan is sent) and a picker to the minute, from
 * 2 minutes to 7 days ahead (the server's rule: at least 60 s and at most 7 days). Test ids: `copy-time-in-<n>`,
 * `copy-time-pick`.
 */
export function OrderTimeField({
  value,
  onChange,
  error,
}: {
  value: OrderTimeChoice | undefined;
  onChange: (choice: OrderTimeChoice) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [opened, setOpened] = useState(() => Date.now());
  const range = orderTimeWindow(opened);
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <span className="field__label">{t('copy.form.orderTime')}</span>
      <div className="copy-chip-row">
        {QUICK_MINUTES.map((m) => (
          <button
            key={m}
            type="button"
            className={`quick-chip${value?.kind === 'in' && value.minutes === m ? ' quick-chip--on' : ''}`}
            aria-pressed={value?.kind === 'in' && value.minutes === m}
            onClick={() => onChange({ kind: 'in', minutes: m })}
            data-testid={`copy-time-in-${m}`}
          >
            {m < 60 ? t('copy.form.inMinutes', { n: m }) : t('copy.form.inHours', { n: m / 60 })}
          </button>
        ))}
        <button
          type="button"
          className={`quick-chip${value?.kind === 'at' ? ' quick-chip--on' : ''}`}
          aria-pressed={value?.kind === 'at'}
          onClick={() => {
            setOpened(Date.now());
            setPicking(true);
          }}
          data-testid="copy-time-pick"
        >
          {value?.kind === 'at' ? isolateLtr(formatDateTime(value.at)) : t('copy.form.pickTime')}
        </button>
      </div>
      <p className="field__hint copy-hint">{t('copy.form.orderTimeHint')}</p>
      {error ? (
        <p className="field__error" data-testid="copy-time-error">
          {error}
        </p>
      ) : null}
      <DatePicker
        visible={picking}
        precision="minute"
        min={new Date(range.min)}
        max={new Date(range.max)}
        defaultValue={new Date(value?.kind === 'at' ? value.at : range.min)}
        title={t('copy.form.orderTime')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setPicking(false)}
        onConfirm={(date) => onChange({ kind: 'at', at: date.getTime() })}
      />
    </div>
  );
}
