import { ROUTES } from '@/lib/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import './home.css';

type ActionKey = 'deposit' | 'withdraw' | 'convert' | 'more';

const ACTIONS: { key: ActionKey; path: string; to: string }[] = [
  { key: 'withdraw', path: 'M12 19V6m-5 5 5-5 5 5M5 20h14', to: ROUTES.withdrawal },
  { key: 'deposit', path: 'M12 5v13m-5-5 5 5 5-5M5 20h14', to: ROUTES.recharge },
  { key: 'convert', path: 'M6 9h12l-3-3M18 15H6l3 3', to: ROUTES.spotGoods },
  { key: 'more', path: 'M5 5h5v5H5zM14 5h5v5h-5zM5 14h5v5H5zM14 14h5v5h-5z', to: ROUTES.more },
];

/** The spec's home quick actions: Withdraw, Deposit, Convert (their pages say they are coming) and More. */
export function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ul className="quick-actions" aria-label={t('home.quickActions')}>
      {ACTIONS.map(({ key, path, to }) => (
        <li key={key}>
          <button
            type="button"
            className="quick-actions__item"
            onClick={() => navigate(to)}
            data-testid={`home-action-${key}`}
          >
            <span className="icon-bubble tone--accent">
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={path} />
              </svg>
            </span>
            <span className="quick-actions__label">{t(`home.actions.${key}`)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
