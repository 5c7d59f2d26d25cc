import { Figure, UnitFigure } from '@/components/ui/figure';
import { formatDecimal } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import type { PropertyData } from '@nexa/contract';
import { List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DenominationInfo } from '../hooks/use-wallet-queries';
import { withSymbol } from '../model';
import { WalletBadge } from './wallet-badge';

/** My account (the total) and each wallet with its value; a wallet opens its detail page. */
export function WalletSplit({
  data,
  denomination,
  hidden,
}: {
  data: PropertyData | undefined;
  denomination: DenominationInfo;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const value = (denominated: string, usdt: string) => (
    <span className="wallet-value">
      <Figure hidden={hidden} className="wallet-value__main">
        {withSymbol(denomination.symbol, formatDecimal(denominated))}
      </Figure>
      <span className="wallet-value__sub">
        <UnitFigure unit="USDT" approx hidden={hidden}>
          {formatDecimal(usdt)}
        </UnitFigure>
      </span>
    </span>
  );
  return (
    <List header={t('assets.walletSplit')} className="card-list wallet-split">
      {data ? (
        <>
          <List.Item
            arrowIcon={false}
            prefix={<WalletBadge wallet="account" />}
            extra={value(data.total, data.totalUsdt)}
            data-testid="assets-wallet-account"
          >
            <span className="wallet-split__name wallet-split__name--total">{t('assets.myAccount')}</span>
          </List.Item>
          {data.wallets.map((w) => (
            <List.Item
              key={w.wallet}
              prefix={<WalletBadge wallet={w.wallet} />}
              extra={value(w.value, w.valueUsdt)}
              onClick={() => navigate(`${ROUTES.assetsDetail}?wallet=${w.wallet}`)}
              data-testid={`assets-wallet-${w.wallet}`}
            >
              <span className="wallet-split__name">{t(`wallets.${w.wallet}`)}</span>
            </List.Item>
          ))}
        </>
      ) : (
        <List.Item arrowIcon={false}>
          <Skeleton.Paragraph lineCount={4} animated />
        </List.Item>
      )}
    </List>
  );
}
