import { formatAmount, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import type { PerpPosition } from '@nexa/contract';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toneOf } from '../model/perp-model';
import { detailPath } from '../paths';
import { Figure, SideTag } from './bits';

export type PositionAction = 'tpsl' | 'margin' | 'close';

function Cell({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="perp-cell">
      <span className="perp-cell__label">{label}</span>
      <span className="perp-cell__value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/**
 * One open position (spec §3): side and leverage, lots, entry and mark price, margin, margin ratio, the estimated
 * liquidation price and the unrealised PnL (live: push events and polling), TP/SL, and its three actions.
 */
export function PositionCard({
  position,
  pair,
  precision,
  onAction,
}: {
  position: PerpPosition;
  pair: string;
  precision: number;
  onAction: (action: PositionAction, position: PerpPosition) => void;
}) {
  const { t } = useTranslation();
  const pnlTone = toneOf(position.unrealizedPnl);
  return (
    <article
      className="perp-position"
      data-testid="perp-position"
      data-id={position.id}
      data-side={position.side}
      data-symbol={position.symbol}
    >
      <Link to={detailPath('position', position.id)} className="perp-position__head" data-testid="perp-position-detail">
        <span className="perp-position__pair" dir="ltr">
          {pair}
        </span>
        <SideTag side={position.side} leverage={position.leverage} />
        <RightOutline className="perp-position__chevron flip-rtl" />
      </Link>
      <div className="perp-position__pnl">
        <span className="perp-cell__label">{t('perpetual.unrealizedPnl')}</span>
        <Figure className={`perp-position__pnl-value tone-${pnlTone}`} testId="perp-position-pnl">
          {formatSigned(formatAmount(position.unrealizedPnl, 2, false))}
        </Figure>
      </div>
      <div className="perp-grid">
        <Cell label={t('perpetual.lots')} testId="perp-position-lots">
          <Figure>{position.quantity}</Figure>
        </Cell>
        <Cell label={t('perpetual.entryPrice')} testId="perp-position-entry">
          <Figure>{formatPrice(position.entryPrice, precision)}</Figure>
        </Cell>
        <Cell label={t('perpetual.markPrice')} testId="perp-position-mark">
          <Figure>{formatPrice(position.markPrice, precision)}</Figure>
        </Cell>
        <Cell label={t('perpetual.margin')} testId="perp-position-margin">
          <Figure>{formatAmount(position.margin)}</Figure>
        </Cell>
        <Cell label={t('perpetual.marginRatio')} testId="perp-position-ratio">
          <Figure>{formatAmount(position.marginRatio)}%</Figure>
        </Cell>
        <Cell label={t('perpetual.liquidationPrice')} testId="perp-position-liq">
          <Figure className="tone-warn">{formatPrice(position.liquidationPrice, precision)}</Figure>
        </Cell>
      </div>
      <div className="perp-position__tpsl">
        <span>
          {t('perpetual.tpShort')}{' '}
          <Figure className={position.tpPrice ? 'tone-up' : undefined} testId="perp-position-tp">
            {position.tpPrice ? formatPrice(position.tpPrice, precision) : '--'}
          </Figure>
        </span>
        <span>
          {t('perpetual.slShort')}{' '}
          <Figure className={position.slPrice ? 'tone-down' : undefined} testId="perp-position-sl">
            {position.slPrice ? formatPrice(position.slPrice, precision) : '--'}
          </Figure>
        </span>
      </div>
      <PositionActions onAction={(action) => onAction(action, position)} />
    </article>
  );
}

/** What can be done to a position: set TP/SL, add margin, close (the card and the detail page). */
export function PositionActions({
  onAction,
  className,
}: {
  onAction: (action: PositionAction) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const actions: { action: PositionAction; label: string; testId: string; strong?: boolean }[] = [
    { action: 'tpsl', label: t('perpetual.actions.tpsl'), testId: 'perp-position-tpsl' },
    { action: 'margin', label: t('perpetual.actions.addMargin'), testId: 'perp-position-add-margin' },
    { action: 'close', label: t('perpetual.actions.close'), testId: 'perp-position-close', strong: true },
  ];
  return (
    <div className={`perp-position__actions${className ? ` ${className}` : ''}`}>
      {actions.map((a) => (
        <button
          key={a.action}
          type="button"
          className={a.strong ? 'perp-ghost perp-ghost--strong' : 'perp-ghost'}
          onClick={() => onAction(a.action)}
          data-testid={a.testId}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}
