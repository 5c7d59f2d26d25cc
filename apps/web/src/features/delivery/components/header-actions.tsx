import { HeaderLink } from '@/shared/trading-bits';
import { FileOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FUTURES_PATHS } from '../paths';

/** The Futures tab's header icons: history orders and the trading rules (spec §2 futures/history, futures/rule). */
export function FuturesHeaderActions() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderLink to={FUTURES_PATHS.history} label={t('delivery.historyTitle')} testId="futures-history-link">
        <UnorderedListOutline />
      </HeaderLink>
      <HeaderLink to={FUTURES_PATHS.rule} label={t('delivery.ruleTitle')} testId="futures-rule-link">
        <FileOutline />
      </HeaderLink>
    </>
  );
}
