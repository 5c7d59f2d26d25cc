import { SearchSheet } from '@/components/ui/search-sheet';
import type { Region } from '@nexa/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../hooks/use-regions';

/** Calling codes several countries share: which one a bare code means until the user picks. */
const MAIN_COUNTRY_OF_CODE: Record<string, string> = {
  '1': 'US',
  '7': 'RU',
  '39': 'IT',
  '44': 'GB',
  '47': 'NO',
  '61': 'AU',
  '212': 'MA',
  '262': 'RE',
  '290': 'SH',
  '358': 'FI',
  '590': 'GP',
  '599': 'CW',
};

/** Search by name, calling code (with or without its +) or the two-letter country code. */
function matches(r: Region, query: string): boolean {
  const q = query.replace(/^\+/, '');
  return !q || r.name.toLowerCase().includes(q) || r.areaCode.startsWith(q) || r.country.toLowerCase() === q;
}

/**
 * The searchable sheet of countries ("+86  China"), fed by index/regions. Its own chunk: the popup and its
 * gesture code load the first time someone opens it, not with the login page.
 */
export default function RegionSheet({
  open,
  value,
  country,
  onSelect,
  onClose,
  testId,
}: {
  open: boolean;
  value: string;
  /** The country the user picked, when they did (several share a code). */
  country: string | null;
  onSelect: (region: { country: string; areaCode: string }) => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const regions = useRegions(true);

  const selectedCountry = useMemo(() => {
    if (country) return country;
    const sharing = (regions.data ?? []).filter((r) => r.areaCode === value);
    return sharing.find((r) => r.country === MAIN_COUNTRY_OF_CODE[value])?.country ?? sharing[0]?.country ?? null;
  }, [country, regions.data, value]);

  return (
    <SearchSheet
      open={open}
      onClose={onClose}
      title={t('auth.selectRegion')}
      closeLabel={t('common.cancel')}
      placeholder={t('auth.searchRegion')}
      searchTestId={`${testId}-search`}
      list={regions}
      matches={matches}
      empty={t('auth.noRegion')}
      keyOf={(r) => r.country}
      isSelected={(r) => r.country === selectedCountry}
      onPick={onSelect}
      code={(r) => (
        <span className="region-list__code" dir="ltr">
          +{r.areaCode}
        </span>
      )}
      name={(r) => r.name}
      optionTestId={(r) => `area-code-option-${r.country}`}
    />
  );
}
