import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionCheck, OptionItem, OptionList } from './option-list';
import { useBackCloses } from './use-back-closes';

export interface SelectOption<V extends string> {
  value: V;
  label: ReactNode;
  /** Shown at the end of the row (a balance, a rate). */
  extra?: ReactNode;
}

/** A sheet's title and its close button (disabled while a call is pending). */
export function SheetHeader({
  title,
  onClose,
  pending = false,
}: {
  title: ReactNode;
  onClose: () => void;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <header className="sheet__header">
      <h2 className="sheet__title">{title}</h2>
      <button type="button" className="icon-button" onClick={onClose} disabled={pending} aria-label={t('common.close')}>
        <CloseOutline />
      </button>
    </header>
  );
}

/** A bottom sheet to pick one of a few options (wallet, currency, filter). Option ids: `<testId>-option-<value>`. */
export function SelectSheet<V extends string>({
  visible,
  title,
  options,
  value,
  onSelect,
  onClose,
  testId,
}: {
  visible: boolean;
  title: ReactNode;
  options: readonly SelectOption<V>[];
  value: V | null;
  onSelect: (value: V) => void;
  onClose: () => void;
  testId: string;
}) {
  useBackCloses(visible, onClose);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="select-sheet" destroyOnClose>
      <SheetHeader title={title} onClose={onClose} />
      <OptionList className="select-sheet__list" label={typeof title === 'string' ? title : undefined}>
        {options.map((option) => (
          <OptionItem
            key={option.value}
            selected={option.value === value}
            onPick={() => {
              onSelect(option.value);
              onClose();
            }}
            testId={`${testId}-option-${option.value}`}
          >
            <span className="option-list__label">{option.label}</span>
            <span className="select-sheet__end">
              {option.extra}
              <OptionCheck selected={option.value === value} />
            </span>
          </OptionItem>
        ))}
      </OptionList>
    </Popup>
  );
}
