import { ICON, LineIcon } from '@/components/ui/line-icon';
import { ROUTES } from '@/lib/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import './home.css';

type ActionKey = 'deposit' | 'withdraw' | 'convert' | 'more';

const ACTIONS: { key: ActionKey; to: string }[] = [
  { key: 'withdraw', to: ROUTES.withdrawal },
  { key: 'deposit', to: ROUTES.recharge },
  { key: 'convert', to: ROUTES.spotGoods },
  { key: 'more', to: ROUTES.more },
];

/** The spec's home quick actions: Withdraw, Deposit, Convert (their pages say they are coming) and More. */
export function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ul className="quick-actions" aria-label={t('home.quickActions')}>
      {ACTIONS.map(({ key, to }) => (
        <li key={key}>
          <button
            type="button"
            className="quick-actions__item"
            onClick={() => navigate(to)}
            data-testid={`home-action-${key}`}
          >
            <span className="icon-bubble tone--accent">
              <LineIcon d={ICON[key]} />
            </span>
            <span className="quick-actions__label">{t(`home.actions.${key}`)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
