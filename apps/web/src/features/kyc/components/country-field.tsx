import { ErrorState } from '@/components/ui/error-state';
import { Popup, SpinLoading } from 'antd-mobile';
import { CheckOutline, CloseOutline, DownOutline, SearchOutline } from 'antd-mobile-icons';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../hooks/use-kyc-queries';

/**
 * Country or region (user_verification/getCountryList): a field that opens a searchable sheet. Search matches the
 * name or the two-letter code. Options: `kyc-country-option-<CODE>`.
 */
export function CountryField({
  value,
  fallbackName,
  onChange,
  error,
}: {
  value: string;
  /** The name to show before the list has loaded (from the verification state). */
  fallbackName?: string | null;
  onChange: (code: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  // Loaded with the page when a country is already chosen (to name it), else when the sheet first opens.
  const countries = useCountries(open || value !== '');
  const bodyRef = useRef<HTMLDivElement>(null);

  const filtered = useMemo(() => {
    const list = countries.data ?? [];
    const q = deferred.trim().toLowerCase();
    if (!q) return list;
    return list.filter((c) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q);
  }, [countries.data, deferred]);

  const chosen = countries.data?.find((c) => c.code === value);
  const label = chosen?.name ?? (value ? (fallbackName ?? value) : null);

  const hasList = Boolean(countries.data);
  useEffect(() => {
    if (!open || !hasList) return;
    const id = requestAnimationFrame(() => {
      bodyRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(id);
  }, [open, hasList]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <span className="field__label" id="kyc-country-label">
        {t('kyc.country')}
      </span>
      <button
        type="button"
        className={`kyc-select${label ? '' : ' kyc-select--empty'}`}
        onClick={() => setOpen(true)}
        aria-labelledby="kyc-country-label"
        aria-describedby={error ? 'kyc-country-error' : undefined}
        aria-invalid={error ? true : undefined}
        data-testid="kyc-country"
        data-value={value}
      >
        <span className="kyc-select__value">{label ?? t('kyc.countryPlaceholder')}</span>
        <DownOutline className="kyc-select__chevron" />
      </button>
      {error ? (
        <p className="field__error" id="kyc-country-error" data-testid="kyc-country-error">
          {error}
        </p>
      ) : null}

      <Popup visible={open} onMaskClick={close} onClose={close} position="bottom" bodyClassName="sheet">
        <div className="sheet__header">
          <h2 className="sheet__title">{t('kyc.countryPlaceholder')}</h2>
          <button type="button" className="icon-button" onClick={close} aria-label={t('common.close')}>
            <CloseOutline />
          </button>
        </div>
        <div className="sheet__search">
          <SearchOutline className="sheet__search-icon" />
          <input
            className="sheet__search-input"
            placeholder={t('kyc.searchCountry')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-label={t('kyc.searchCountry')}
            data-testid="kyc-country-search"
          />
        </div>
        <div className="sheet__body" ref={bodyRef}>
          {countries.isPending ? (
            <div className="sheet__state">
              <SpinLoading color="primary" />
            </div>
          ) : countries.isError ? (
            <ErrorState onRetry={() => void countries.refetch()} />
          ) : filtered.length === 0 ? (
            <p className="sheet__state">{t('kyc.noCountry')}</p>
          ) : (
            <ul className="kyc-countries">
              {filtered.map((c) => {
                const selected = c.code === value;
                return (
                  <li key={c.code}>
                    <button
                      type="button"
                      className={`kyc-countries__item${selected ? ' kyc-countries__item--selected' : ''}`}
                      aria-current={selected ? 'true' : undefined}
                      onClick={() => {
                        onChange(c.code);
                        close();
                      }}
                      data-testid={`kyc-country-option-${c.code}`}
                    >
                      <span className="kyc-countries__code">{c.code}</span>
                      <span className="kyc-countries__name">{c.name}</span>
                      {selected ? <CheckOutline className="kyc-countries__check" /> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </Popup>
    </div>
  );
}
