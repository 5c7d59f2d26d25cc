import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list with nothing in it: says so calmly (a record list before the first record, a filter that matches none). */
export function EmptyState({
  title,
  description,
  testId = 'empty-state',
}: {
  title?: ReactNode;
  description?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="empty-state" data-testid={testId}>
      <svg className="empty-state__art" width="96" height="80" viewBox="0 0 96 80" fill="none" aria-hidden="true">
        <ellipse cx="48" cy="72" rx="32" ry="5" fill="var(--app-accent)" opacity="0.1" />
        <rect x="22" y="12" width="52" height="52" rx="10" fill="var(--app-surface-2)" />
        <rect x="30" y="24" width="28" height="4" rx="2" fill="var(--app-text-3)" opacity="0.7" />
        <rect x="30" y="34" width="36" height="4" rx="2" fill="var(--app-text-3)" opacity="0.45" />
        <rect x="30" y="44" width="20" height="4" rx="2" fill="var(--app-text-3)" opacity="0.3" />
        <circle cx="70" cy="56" r="11" fill="var(--app-bg-elevated)" stroke="var(--app-accent)" strokeWidth="2.5" />
        <path d="m78 64 6 6" stroke="var(--app-accent)" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <h2 className="empty-state__title">{title ?? t('common.empty')}</h2>
      {description ? <p className="empty-state__text">{description}</p> : null}
    </section>
  );
}
