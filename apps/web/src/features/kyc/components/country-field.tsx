import { SearchSheet } from '@/components/ui/search-sheet';
import type { CountryListData } from '@nexa/contract';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../hooks/use-kyc-queries';

type Country = CountryListData['list'][number];

/** Search by name or the two-letter code. */
const matches = (c: Country, q: string) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q;

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
  // Loaded with the page when a country is already chosen (to name it), else when the sheet first opens.
  const countries = useCountries(open || value !== '');
  const chosen = countries.data?.find((c) => c.code === value);
  const label = chosen?.name ?? (value ? (fallbackName ?? value) : null);

  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <span className="field__label" id="kyc-country-label">
        {t('kyc.country')}
      </span>
      <button
        type="button"
        className={`select-button kyc-select${label ? '' : ' kyc-select--empty'}`}
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

      <SearchSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('kyc.countryPlaceholder')}
        closeLabel={t('common.close')}
        placeholder={t('kyc.searchCountry')}
        searchLabel={t('kyc.searchCountry')}
        searchTestId="kyc-country-search"
        list={countries}
        matches={matches}
        empty={t('kyc.noCountry')}
        keyOf={(c) => c.code}
        isSelected={(c) => c.code === value}
        onPick={(c) => onChange(c.code)}
        code={(c) => <span className="kyc-countries__code">{c.code}</span>}
        name={(c) => c.name}
        optionTestId={(c) => `kyc-country-option-${c.code}`}
      />
    </div>
  );
}
