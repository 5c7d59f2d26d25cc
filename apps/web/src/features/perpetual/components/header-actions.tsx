import { HeaderLink } from '@/shared/trading-bits';
import { FileOutline, HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PERP_PATHS, tradePath } from '../paths';

/** The Perpetual tab's header icons: the single-product trade screen (index1) and the rules. */
export function PerpHeaderActions({ symbol }: { symbol: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {symbol ? (
        <HeaderLink to={tradePath(symbol)} label={t('perpetual.tradeTitle')} testId="perp-trade-link">
          <HistogramOutline />
        </HeaderLink>
      ) : null}
      <HeaderLink to={PERP_PATHS.rule} label={t('perpetual.ruleTitle')} testId="perp-rule-link">
        <FileOutline />
      </HeaderLink>
    </>
  );
}
