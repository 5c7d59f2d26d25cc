import { Page } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { useGoBack } from '@/components/ui/use-go-back';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session-store';
import { DEFAULT_LANG, LANG_BCP47 } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '../components/wallets.css';
import { Figure } from '@/components/ui/figure';
import { OptionCheck, OptionItem, OptionList } from '@/components/ui/option-list';
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
  const choose = (code: string) => {
    setDenomination(code);
    goBack();
  };

  return (
    <Page title={t('settings.currency')} back testId="denomination-page">
      <div className="stack">
        <p className="page-hint">{t('denomination.hint')}</p>
        <QueryView
          query={list}
          loading={
            <div className="option-list option-list--loading" role="status">
              <Skeleton.Paragraph lineCount={6} animated />
            </div>
          }
        >
          {(data) => (
            <OptionList label={t('settings.currency')}>
              {data.map((d) => {
                const name = nameOf(d.code);
                return (
                  <OptionItem
                    key={d.code}
                    selected={d.code === current}
                    className="denomination-item"
                    onPick={() => choose(d.code)}
                    testId={`denomination-${d.code}`}
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
                      <OptionCheck selected={d.code === current} />
                    </span>
                  </OptionItem>
                );
              })}
            </OptionList>
          )}
        </QueryView>
      </div>
    </Page>
  );
}
