import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { useGoBack } from '@/components/ui/use-go-back';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { DEFAULT_LANG, LANG_BCP47 } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '../components/wallets.css';
import { Figure } from '@/components/ui/figure';
import { useDenominations } from '../hooks/use-wallet-queries';

/** The currency's name in the interface language (Intl knows them all), or nothing where Intl cannot say. */
function useCurrencyNames(): (code: string) => string | null {
  const lang = useSession((s) => s.lang) ?? DEFAULT_LANG;
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([LANG_BCP47[lang]], { type: 'currency' });
    } catch {
      names = null;
    }
    return (code: string) => {
      try {
        const name = names?.of(code);
        return name && name !== code ? name : null;
      } catch {
        return null;
      }
    };
  }, [lang]);
}

/** Denomination currency (spec §1/§2 Settings): totals are shown in the chosen one; stored on this device. */
export default function DenominationPage() {
  const { t } = useTranslation();
  const current = useSession((s) => s.denomination);
  const setDenomination = useSession((s) => s.setDenomination);
  const goBack = useGoBack(ROUTES.settings);
  const list = useDenominations();
  const nameOf = useCurrencyNames();

  return (
    <Page title={t('settings.currency')} back testId="denomination-page">
      <div className="stack">
        <p className="page-hint">{t('denomination.hint')}</p>
        {list.data ? (
          <div className="option-list" role="listbox" aria-label={t('settings.currency')}>
            {list.data.map((d) => {
              const selected = d.code === current;
              const name = nameOf(d.code);
              return (
                <button
                  key={d.code}
                  type="button"
                  role="option"
                  aria-selected={selected}
                  className={`option-list__item denomination-item${selected ? ' option-list__item--selected' : ''}`}
                  onClick={() => {
                    setDenomination(d.code);
                    goBack();
                  }}
                  data-testid={`denomination-${d.code}`}
                >
                  <span className="denomination-item__symbol" dir="ltr" aria-hidden="true">
                    {d.symbol}
                  </span>
                  <span className="denomination-item__names">
                    <span className="option-list__label">{d.code}</span>
                    {name ? <span className="denomination-item__name">{name}</span> : null}
                  </span>
                  <span className="denomination-item__end">
                    {d.code === 'USD' ? null : (
                      <Figure className="denomination-item__rate">
                        1 USD ≈ {formatDecimal(d.rate)} {d.code}
                      </Figure>
                    )}
                    {selected ? <CheckOutline className="option-list__check" /> : null}
                  </span>
                </button>
              );
            })}
          </div>
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} />
        ) : (
          <div className="option-list option-list--loading" role="status">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        )}
      </div>
    </Page>
  );
}
