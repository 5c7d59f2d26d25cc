import { useLivePriceGuard } from '@/components/ui/stale';
import { formatAmount } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import { ConfirmDraftSheet, type ConfirmSheetProps } from '@/shared/sheet';
import { useTranslation } from 'react-i18next';
import { quoteOrder } from '../model/perp-model';
import { Figure, SideTag } from './bits';
import type { OrderDraft } from './order-panel';
import { Facts, PERP_LOOK } from './sheet';

const CONFIRM_LOOK = { ...PERP_LOOK, testIdPrefix: 'perp' };

/**
 * A market order fills at the price when it is placed, not the one it was drafted at: while the sheet is open its
 * price follows the live ticker, and its margin, fee and liquidation estimates are quoted again at each tick (the
 * order entry's own rule). A limit order keeps the price the user entered.
 */
function useLiveDraft(draft: OrderDraft): OrderDraft {
  const market = draft.type === 'market';
  const live = useTicker(market ? draft.product.symbol : null)?.price;
  if (!market || !live || live === draft.reference) return draft;
  const { product } = draft;
  const quote = quoteOrder(draft.side, live, draft.lots, draft.leverage, product.perpetual, product.pricePrecision);
  return quote ? { ...draft, reference: live, ...quote } : draft;
}

/** The facts of an order draft: pair, side and leverage, type and price, lots, margin, fee, liquidation, TP/SL. */
function DraftFacts({ draft: drafted }: { draft: OrderDraft }) {
  const { t } = useTranslation();
  const draft = useLiveDraft(drafted);
  const precision = draft.product.pricePrecision;
  const price = (value: string | null) => <Figure>{formatPrice(value, precision)}</Figure>;
  const usdt = (value: string) => (
    <>
      <Figure>{formatAmount(value)}</Figure> USDT
    </>
  );
  const market = (
    <>
      {t('perpetual.marketPrice')} <Figure>≈ {formatPrice(draft.reference, precision)}</Figure>
    </>
  );
  const rows = [
    { label: t('perpetual.pair'), value: <span dir="ltr">{`${draft.product.base}/${draft.product.quote}`}</span> },
    { label: t('perpetual.direction'), value: <SideTag side={draft.side} leverage={draft.leverage} /> },
    { label: t('perpetual.orderType'), value: t(`perpetual.${draft.type}`) },
    {
      label: t('perpetual.orderPrice'),
      value: draft.type === 'market' ? market : price(draft.reference),
      testId: 'perp-confirm-price',
    },
    { label: t('perpetual.lots'), value: <Figure>{draft.lots}</Figure> },
    { label: t('perpetual.margin'), value: usdt(draft.preview.margin), testId: 'perp-confirm-margin' },
    { label: t('perpetual.fee'), value: usdt(draft.preview.fee), testId: 'perp-confirm-fee' },
    { label: t('perpetual.estLiquidation'), value: price(draft.liquidation), testId: 'perp-confirm-liquidation' },
    Boolean(draft.tpPrice) && { label: t('perpetual.tpPrice'), value: price(draft.tpPrice) },
    Boolean(draft.slPrice) && { label: t('perpetual.slPrice'), value: price(draft.slPrice) },
  ];
  return (
    <>
      <Facts rows={rows} />
      <p className="callout callout--small tone--warning perp-note">
        {draft.type === 'market' ? t('perpetual.confirm.noteMarket') : t('perpetual.confirm.noteLimit')}
      </p>
    </>
  );
}

/**
 * The last look before margin is taken: pair, side and leverage, type and price, lots, margin, fee, the estimated
 * liquidation price and TP/SL. Confirm places the order (a retry after a network failure reuses its requestId).
 */
export function ConfirmSheet(props: ConfirmSheetProps<OrderDraft>) {
  const { t } = useTranslation();
  const open = (d: OrderDraft) => t(d.side === 'long' ? 'perpetual.openLong' : 'perpetual.openShort');
  const { ensureLive } = useLivePriceGuard();
  // A market order fills at the live price: never confirmed on one that stopped moving.
  const onConfirm = () => (props.draft?.type === 'market' && !ensureLive() ? undefined : props.onConfirm());
  return (
    <ConfirmDraftSheet
      {...props}
      onConfirm={onConfirm}
      look={CONFIRM_LOOK}
      title={t('perpetual.confirm.title')}
      confirm={(d) => ({ label: open(d), tone: d.side })}
    >
      {(d) => <DraftFacts draft={d} />}
    </ConfirmDraftSheet>
  );
}
