import type { ReactNode } from 'react';
import { NavBar, type NavBarProps } from './nav-bar';

export interface PageProps extends NavBarProps {
  children?: ReactNode;
  /** Leave out the nav bar (a page that draws its own header). */
  bare?: boolean;
  className?: string;
  testId?: string;
}

/** A full-height page on the app background with the custom nav bar. */
export function Page({ children, bare = false, className, testId, ...nav }: PageProps) {
  return (
    <div className={`page${className ? ` ${className}` : ''}`} data-testid={testId}>
      {bare ? null : <NavBar {...nav} />}
      <div className="page__body">{children}</div>
    </div>
  );
}
