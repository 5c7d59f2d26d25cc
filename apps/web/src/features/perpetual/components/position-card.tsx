import { formatAmount, formatSigned } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { RecordHead } from '@/shared/trading-bits';
import type { PerpPosition } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import { toneOf } from '../model/perp-model';
import { detailPath } from '../paths';
import { Figure, SideTag, useProductOf } from './bits';
import { Cells } from './record-rows';

export type PositionAction = 'tpsl' | 'margin' | 'close';

/**
 * One open position (spec §3): side and leverage, lots, entry and mark price, margin, margin ratio, the estimated
 * liquidation price and the unrealised PnL (live: push events and polling), TP/SL, and its three actions.
 */
export function PositionCard({
  position,
  onAction,
}: {
  position: PerpPosition;
  onAction: (action: PositionAction, position: PerpPosition) => void;
}) {
  const { t } = useTranslation();
  const { pair, precision } = useProductOf(position.symbol);
  const pnlTone = toneOf(position.unrealizedPnl);
  const price = (value: string) => <Figure>{formatPrice(value, precision)}</Figure>;
  const cells = [
    { label: t('perpetual.lots'), value: <Figure>{position.quantity}</Figure>, testId: 'perp-position-lots' },
    { label: t('perpetual.entryPrice'), value: price(position.entryPrice), testId: 'perp-position-entry' },
    { label: t('perpetual.markPrice'), value: price(position.markPrice), testId: 'perp-position-mark' },
    {
      label: t('perpetual.margin'),
      value: <Figure>{formatAmount(position.margin)}</Figure>,
      testId: 'perp-position-margin',
    },
    {
      label: t('perpetual.marginRatio'),
      value: <Figure>{formatAmount(position.marginRatio)}%</Figure>,
      testId: 'perp-position-ratio',
    },
    {
      label: t('perpetual.liquidationPrice'),
      value: <Figure className="tone-warn">{formatPrice(position.liquidationPrice, precision)}</Figure>,
      testId: 'perp-position-liq',
    },
  ];
  const target = (k: 'tp' | 'sl', value: string | null, tone: string) => (
    <span>
      {t(`perpetual.${k}Short`)}{' '}
      <Figure className={value ? tone : undefined} testId={`perp-position-${k}`}>
        {formatPrice(value, precision)}
      </Figure>
    </span>
  );
  return (
    <article
      className="perp-position"
      data-testid="perp-position"
      data-id={position.id}
      data-side={position.side}
      data-symbol={position.symbol}
    >
      <RecordHead
        block="perp-position"
        pair={pair}
        to={detailPath('position', position.id)}
        testId="perp-position-detail"
      >
        <SideTag side={position.side} leverage={position.leverage} />
      </RecordHead>
      <div className="perp-position__pnl">
        <span className="perp-cell__label">{t('perpetual.unrealizedPnl')}</span>
        <Figure className={`perp-position__pnl-value tone-${pnlTone}`} testId="perp-position-pnl">
          {formatSigned(formatAmount(position.unrealizedPnl, 2, false))}
        </Figure>
      </div>
      <Cells cells={cells} />
      <div className="perp-position__tpsl">
        {target('tp', position.tpPrice, 'tone-up')}
        {target('sl', position.slPrice, 'tone-down')}
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
