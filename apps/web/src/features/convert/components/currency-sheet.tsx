import type { Currency } from '@nexa/contract';
import { Popup } from 'antd-mobile';
import { CheckOutline, CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinMark } from './coin-mark';

export interface CurrencyOption {
  currency: Currency;
  /** Shown at the end of the row (the available balance). */
  extra?: ReactNode;
}

/** A bottom sheet to pick a currency. Option ids: `<testId>-option-<CUR>`. */
export function CurrencySheet({
  visible,
  title,
  options,
  value,
  onSelect,
  onClose,
  testId,
}: {
  visible: boolean;
  title: string;
  options: readonly CurrencyOption[];
  value: Currency;
  onSelect: (value: Currency) => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="cv-sheet" destroyOnClose>
      <header className="sheet__header">
        <h2 className="sheet__title">{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
          <CloseOutline />
        </button>
      </header>
      <div className="option-list cv-sheet__list">
        {options.map((option) => {
          const selected = option.currency === value;
          return (
            <button
              key={option.currency}
              type="button"
              aria-pressed={selected}
              className={`option-list__item${selected ? ' option-list__item--selected' : ''}`}
              onClick={() => {
                onSelect(option.currency);
                onClose();
              }}
              data-testid={`${testId}-option-${option.currency}`}
            >
              <span className="cv-sheet__label">
                <CoinMark currency={option.currency} />
                <span className="option-list__label">{option.currency}</span>
              </span>
              <span className="cv-sheet__end">
                {option.extra}
                {selected ? <CheckOutline className="option-list__check" /> : null}
              </span>
            </button>
          );
        })}
      </div>
    </Popup>
  );
}
