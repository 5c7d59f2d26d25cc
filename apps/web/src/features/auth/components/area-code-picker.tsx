import type { ControlProps } from '@/components/ui/control-props';
import { DownFill } from 'antd-mobile-icons';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

const RegionSheet = lazy(() => import('./region-sheet'));

/** The area-code button ("+86"); tapping it opens the searchable country sheet. */
export function AreaCodePicker({ value, onChange, testId }: ControlProps<string>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted on first open and kept, so reopening is instant and the close animation can play.
  const [mounted, setMounted] = useState(false);
  const [country, setCountry] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="area-code"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-label={t('auth.selectRegion')}
        data-testid={testId}
      >
        <span dir="ltr">+{value}</span>
        <DownFill className="area-code__caret" />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <RegionSheet
            open={open}
            value={value}
            country={country}
            onSelect={(region) => {
              setCountry(region.country);
              onChange(region.areaCode);
            }}
            onClose={() => setOpen(false)}
            testId={testId}
          />
        </Suspense>
      ) : null}
    </>
  );
}
