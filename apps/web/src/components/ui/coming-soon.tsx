import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RocketArt } from './icons';

export interface ComingSoonProps {
  title?: ReactNode;
  description?: ReactNode;
  compact?: boolean;
}

/** An honest "not built yet" state: says so plainly, never fakes data. */
export function ComingSoon({ title, description, compact = false }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <section className={`coming-soon${compact ? ' coming-soon--compact' : ''}`} data-testid="coming-soon">
      <RocketArt />
      <h2 className="coming-soon__title">{title ?? t('common.comingSoon')}</h2>
      <p className="coming-soon__text">{description ?? t('common.comingSoonDesc')}</p>
    </section>
  );
}

/** A small "Soon" tag for rows and tiles that lead nowhere yet. */
export function SoonTag() {
  const { t } = useTranslation();
  return <span className="badge badge--pill tone--warning">{t('common.soon')}</span>;
}
