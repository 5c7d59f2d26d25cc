import { ErrorState } from '@/components/ui/error-state';
import { Popup, SpinLoading } from 'antd-mobile';
import { CheckOutline, CloseOutline, SearchOutline } from 'antd-mobile-icons';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
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
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const regions = useRegions(true);

  const filtered = useMemo(() => {
    const list = regions.data ?? [];
    const q = deferredQuery.trim().toLowerCase().replace(/^\+/, '');
    if (!q) return list;
    return list.filter(
      (r) => r.name.toLowerCase().includes(q) || r.areaCode.startsWith(q) || r.country.toLowerCase() === q,
    );
  }, [regions.data, deferredQuery]);

  const selectedCountry = useMemo(() => {
    if (country) return country;
    const sharing = (regions.data ?? []).filter((r) => r.areaCode === value);
    return sharing.find((r) => r.country === MAIN_COUNTRY_OF_CODE[value])?.country ?? sharing[0]?.country ?? null;
  }, [country, regions.data, value]);

  // Opening the sheet shows the current choice, not the top of a 240-country list.
  const bodyRef = useRef<HTMLDivElement>(null);
  const hasList = Boolean(regions.data);
  useEffect(() => {
    if (!open || !hasList) return;
    const id = requestAnimationFrame(() => {
      bodyRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(id);
  }, [open, hasList]);

  const close = () => {
    onClose();
    setQuery('');
  };

  return (
    <Popup visible={open} onMaskClick={close} onClose={close} position="bottom" bodyClassName="sheet">
      <div className="sheet__header">
        <h2 className="sheet__title">{t('auth.selectRegion')}</h2>
        <button type="button" className="icon-button" onClick={close} aria-label={t('common.cancel')}>
          <CloseOutline />
        </button>
      </div>
      <div className="sheet__search">
        <SearchOutline className="sheet__search-icon" />
        <input
          className="sheet__search-input"
          placeholder={t('auth.searchRegion')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid={`${testId}-search`}
        />
      </div>
      <div className="sheet__body" ref={bodyRef}>
        {regions.isPending ? (
          <div className="sheet__state">
            <SpinLoading color="primary" />
          </div>
        ) : regions.isError ? (
          <ErrorState onRetry={() => void regions.refetch()} />
        ) : filtered.length === 0 ? (
          <p className="sheet__state">{t('auth.noRegion')}</p>
        ) : (
          <ul className="region-list">
            {filtered.map((r) => {
              const selected = r.country === selectedCountry;
              return (
                <li key={r.country}>
                  <button
                    type="button"
                    className={`region-list__item${selected ? ' region-list__item--selected' : ''}`}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => {
                      onSelect(r);
                      close();
                    }}
                    data-testid={`area-code-option-${r.country}`}
                  >
                    <span className="region-list__code" dir="ltr">
                      +{r.areaCode}
                    </span>
                    <span className="region-list__name">{r.name}</span>
                    {selected ? <CheckOutline className="region-list__check" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Popup>
  );
}
