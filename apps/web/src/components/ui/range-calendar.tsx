import { CalendarPicker } from 'antd-mobile';
import { useMemo } from 'react';

/** How far back a record list's date filter reaches. */
export const PICKER_MONTHS_BACK = 12;

/** The first day the date filter offers (the first of the month a year back) and the last (today). */
export function pickerWindow(today: Date): { min: Date; max: Date } {
  return { min: new Date(today.getFullYear(), today.getMonth() - PICKER_MONTHS_BACK, 1), max: today };
}

/** The calendar sheet of a record list's date filter: picks a range of days up to today. */
export function RangeCalendar({
  visible,
  title,
  value,
  onPick,
  onClose,
}: {
  visible: boolean;
  title: string;
  value: [Date, Date] | null;
  onPick: (range: [Date, Date] | null) => void;
  onClose: () => void;
}) {
  const window = useMemo(() => pickerWindow(new Date()), []);
  return (
    <CalendarPicker
      {...window}
      visible={visible}
      selectionMode="range"
      title={title}
      defaultValue={value}
      onClose={onClose}
      onMaskClick={onClose}
      onConfirm={onPick}
      popupClassName="calendar-sheet"
    />
  );
}
