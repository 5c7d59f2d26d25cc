import { ClearButton } from '@/components/ui/clear-button';
import { RangeCalendar } from '@/components/ui/range-calendar';
import { SelectSheet } from '@/components/ui/select-sheet';
import { formatDateRange } from '@/lib/format';
import { CalendarOutline, DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type All = 'all';

const TEXTS = {
  type: { title: 'changeRecord.type', all: 'changeRecord.allTypes' },
  wallet: { title: 'changeRecord.wallet', all: 'changeRecord.allWallets' },
} as const;

/**
 * A filter of the change log (by type, by wallet): the chip shows the choice (or "all …") and opens a sheet of the
 * values, "all" first. Ids: `change-filter-<name>`, its options `change-filter-<name>-option-<value>`.
 */
export function SelectFilter<V extends string>({
  name,
  value,
  onChange,
  values,
  labelOf,
}: {
  name: keyof typeof TEXTS;
  value: V | All;
  onChange: (value: V | All) => void;
  values: readonly V[];
  labelOf: (value: V) => string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const all = t(TEXTS[name].all);
  const testId = `change-filter-${name}`;
  return (
    <>
      <button
        type="button"
        className={`filter-chip${value === 'all' ? '' : ' filter-chip--on'}`}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <span className="filter-chip__text">{value === 'all' ? all : labelOf(value)}</span>
        <DownOutline className="filter-chip__chevron" />
      </button>
      <SelectSheet<V | All>
        visible={open}
        title={t(TEXTS[name].title)}
        options={[{ value: 'all', label: all }, ...values.map((v) => ({ value: v, label: labelOf(v) }))]}
        value={value}
        onSelect={onChange}
        onClose={() => setOpen(false)}
        testId={testId}
      />
    </>
  );
}

/** The date filter: the picked range (or "all dates") opens the calendar; the × clears it. */
export function DateRangeFilter({
  range,
  onChange,
}: {
  range: [Date, Date] | null;
  onChange: (range: [Date, Date] | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <span className={`filter-chip filter-chip--date${range ? ' filter-chip--on' : ''}`}>
      <button
        type="button"
        className="filter-chip__button"
        onClick={() => setOpen(true)}
        data-testid="change-filter-date"
      >
        <CalendarOutline className="filter-chip__icon" />
        <span className="filter-chip__text" dir={range ? 'ltr' : undefined}>
          {range ? formatDateRange(range) : t('changeRecord.allDates')}
        </span>
      </button>
      {range ? (
        <ClearButton
          label={t('changeRecord.clearDates')}
          onClick={() => onChange(null)}
          className="filter-chip__clear"
          testId="change-filter-date-clear"
        />
      ) : null}
      <RangeCalendar
        visible={open}
        title={t('changeRecord.selectDates')}
        value={range}
        onPick={onChange}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}
