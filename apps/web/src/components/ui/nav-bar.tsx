import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from './use-go-back';

export interface NavBarProps {
  title?: ReactNode;
  /** true: a back button that goes back (or to the natural parent); a function: a back button that calls it. */
  back?: boolean | (() => void);
  left?: ReactNode;
  right?: ReactNode;
  /** Blend into the page instead of a solid bar (auth pages). */
  transparent?: boolean;
}

/** The custom navigation bar every page has (spec §2): back button, centred title, optional right actions. */
export function NavBar({ title, back = false, left, right, transparent = false }: NavBarProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const onBack = typeof back === 'function' ? back : goBack;
  return (
    <header className={`nav-bar${transparent ? ' nav-bar--transparent' : ''}`}>
      <div className="nav-bar__inner">
        <div className="nav-bar__side nav-bar__side--start">
          {back ? (
            <button
              type="button"
              className="icon-button nav-bar__back"
              onClick={onBack}
              aria-label={t('common.back')}
              data-testid="nav-back"
            >
              <LeftOutline />
            </button>
          ) : null}
          {left}
        </div>
        <h1 className="nav-bar__title">{title}</h1>
        <div className="nav-bar__side nav-bar__side--end">{right}</div>
      </div>
    </header>
  );
}
