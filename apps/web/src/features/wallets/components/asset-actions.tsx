import { ICON, LineIcon } from '@/components/ui/line-icon';
import { ROUTES } from '@/lib/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

type ActionKey = 'deposit' | 'withdraw' | 'convert' | 'transfer' | 'demo';

const ACTIONS: readonly { key: ActionKey; to: string; icon: string }[] = [
  { key: 'deposit', to: ROUTES.recharge, icon: ICON.deposit },
  { key: 'withdraw', to: ROUTES.withdrawal, icon: ICON.withdraw },
  { key: 'convert', to: ROUTES.spotGoods, icon: ICON.convert },
  { key: 'transfer', to: ROUTES.fundTransfer, icon: ICON.transfer },
  { key: 'demo', to: ROUTES.getAssets, icon: ICON.gift },
];

/** Deposit, Withdraw, Instant swap, Transfer, Get demo assets (spec §2 Assets). */
export function AssetActions() {
  const { t } = useTranslation();
  return (
    <nav className="asset-actions" aria-label={t('assets.actionsLabel')}>
      {ACTIONS.map(({ key, to, icon }) => (
        <Link key={key} to={to} className="asset-actions__item" data-testid={`assets-action-${key}`}>
          <span className={`icon-bubble asset-actions__icon ${key === 'demo' ? 'tone--warning' : 'tone--accent'}`}>
            <LineIcon d={icon} />
          </span>
          <span className="asset-actions__label">{t(`assets.actions.${key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
