import { GlobeIcon } from '@/components/ui/icons';
import { NavBar } from '@/components/ui/nav-bar';
import { ROUTES } from '@/lib/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './auth.css';

/** The frame of the visitor pages: a light nav bar (language at the end), a headline, then the form. */
export function AuthScreen({
  title,
  subtitle,
  back = false,
  left,
  notice,
  children,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: boolean;
  left?: ReactNode;
  notice?: ReactNode;
  children: ReactNode;
  /** Prefix of the page's test ids: `<prefix>-page`, `<prefix>-lang`. */
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="page auth" data-testid={`${testId}-page`}>
      <NavBar
        transparent
        back={back}
        left={left}
        right={
          <Link
            to={ROUTES.lang}
            className="icon-button"
            aria-label={t('auth.login.language')}
            data-testid={`${testId}-lang`}
          >
            <GlobeIcon />
          </Link>
        }
      />
      <div className="page__body auth__body">
        <header className="auth__hero">
          <h1 className="auth__title">{title}</h1>
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
        </header>
        {notice ? (
          <p className="callout tone--accent auth__notice" role="status">
            {notice}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
