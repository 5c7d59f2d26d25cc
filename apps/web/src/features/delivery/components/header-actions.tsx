import { FileOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FUTURES_PATHS } from '../paths';

/** The Futures tab's header icons: history orders and the trading rules (spec §2 futures/history, futures/rule). */
export function FuturesHeaderActions() {
  const { t } = useTranslation();
  return (
    <>
      <Link
        to={FUTURES_PATHS.history}
        className="icon-button"
        aria-label={t('delivery.historyTitle')}
        data-testid="futures-history-link"
      >
        <UnorderedListOutline />
      </Link>
      <Link
        to={FUTURES_PATHS.rule}
        className="icon-button"
        aria-label={t('delivery.ruleTitle')}
        data-testid="futures-rule-link"
      >
        <FileOutline />
      </Link>
    </>
  );
}
