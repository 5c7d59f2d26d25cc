import { FileOutline, HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PERP_PATHS, tradePath } from '../paths';

/** The Perpetual tab's header icons: the single-product trade screen (index1) and the rules. */
export function PerpHeaderActions({ symbol }: { symbol: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {symbol ? (
        <Link
          to={tradePath(symbol)}
          className="icon-button"
          aria-label={t('perpetual.tradeTitle')}
          data-testid="perp-trade-link"
        >
          <HistogramOutline />
        </Link>
      ) : null}
      <Link
        to={PERP_PATHS.rule}
        className="icon-button"
        aria-label={t('perpetual.ruleTitle')}
        data-testid="perp-rule-link"
      >
        <FileOutline />
      </Link>
    </>
  );
}
