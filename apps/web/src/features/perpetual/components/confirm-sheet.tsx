import { useLivePriceGuard } from '@/components/ui/stale';
import { formatAmount } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useTicker } from '@/lib/use-market';
import { ConfirmDraftSheet, type ConfirmSheetProps } from '@/shared/sheet';
import { useTranslation } from 'react-i18next';
import { orderReference, quoteOrder, quotedOrderProblems } from '../model/perp-model';
import { Figure, SideTag, useProblemText } from './bits';
import type { OrderDraft } from './order-panel';
import { Facts, PERP_LOOK } from './sheet';

const CONFIRM_LOOK = { ...PERP_LOOK, testIdPrefix: 'perp' };

/**
 * A market order, and a limit the market has already crossed, fill at the price when it is placed, not the one it
 * was drafted at: while the sheet is open their price follows the live ticker, and their margin, fee and liquidation
 * estimates are quoted again at each tick (the order entry's own rule). A limit that rests keeps the price the user
 * entered; one the market crosses (or leaves) while the sheet is open is quoted where it will fill.
 */
function useLiveDraft(draft: OrderDraft | null): OrderDraft | null {
  const live = useTicker(draft?.product.symbol ?? null)?.price;
  if (!draft || !live) return draft;
  const { reference: ref, atMarket } = orderReference(draft.type, draft.side, draft.price, live);
  if (!ref || (ref === draft.reference && atMarket === draft.atMarket)) return draft;
  const { product } = draft;
  const quote = quoteOrder(draft.side, ref, draft.lots, draft.leverage, product.perpetual, product.pricePrecision);
  return quote ? { ...draft, reference: ref, atMarket, ...quote } : draft;
}

/** What the server would refuse in the draft as it stands now (its live price, the margin available now). */
function useDraftProblems(draft: OrderDraft | null, available: string | undefined): string[] {
  const problemText = useProblemText();
  if (!draft) return [];
  const found = quotedOrderProblems({
    side: draft.side,
    reference: draft.reference,
    cost: draft.preview.cost,
    liquidation: draft.liquidation,
    tp: draft.tpPrice,
    sl: draft.slPrice,
    available,
  });
  const precision = draft.product.pricePrecision;
  return (['lots', 'tp', 'sl'] as const).flatMap((field) => {
    const problem = found[field];
    return problem ? [problemText(field, problem, precision)] : [];
  });
}

/** The facts of an order draft: pair, side and leverage, type and price, lots, margin, fee, liquidation, TP/SL. */
function DraftFacts({ draft, problems }: { draft: OrderDraft; problems: string[] }) {
  const { t } = useTranslation();
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
      value: draft.type === 'market' ? market : price(draft.price ?? draft.reference),
      testId: 'perp-confirm-price',
    },
    // A limit the market is through fills now, at about the market price: what the estimates below are quoted at.
    draft.type === 'limit' &&
      draft.atMarket && { label: t('perpetual.confirm.fillsAt'), value: market, testId: 'perp-confirm-fill-price' },
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
      {problems.length > 0 && (
        <div className="callout callout--small tone--danger perp-note" role="alert" data-testid="perp-confirm-problem">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      <p className="callout callout--small tone--warning perp-note">
        {t(
          `perpetual.confirm.${draft.type === 'market' ? 'noteMarket' : draft.atMarket ? 'noteLimitNow' : 'noteLimit'}`,
        )}
      </p>
    </>
  );
}

/**
 * The last look before margin is taken: pair, side and leverage, type and price, lots, margin, fee, the estimated
 * liquidation price and TP/SL. Confirm places the order (a retry after a network failure reuses its requestId).
 * While it is open the draft is checked again as the price and the available margin move: what the server would
 * refuse is said above the buttons, and Confirm waits until it is right again.
 */
export function ConfirmSheet({ available, ...props }: ConfirmSheetProps<OrderDraft> & { available?: string }) {
  const { t } = useTranslation();
  const open = (d: OrderDraft) => t(d.side === 'long' ? 'perpetual.openLong' : 'perpetual.openShort');
  const draft = useLiveDraft(props.draft);
  const problems = useDraftProblems(draft, available);
  const { ensureLive } = useLivePriceGuard();
  // What fills at the live price is never confirmed on one that stopped moving.
  const onConfirm = () => (draft?.atMarket && !ensureLive() ? undefined : props.onConfirm());
  return (
    <ConfirmDraftSheet
      {...props}
      draft={draft}
      onConfirm={onConfirm}
      look={CONFIRM_LOOK}
      title={t('perpetual.confirm.title')}
      waiting={t('perpetual.confirm.waiting')}
      confirm={(d) => ({ label: open(d), tone: d.side, disabled: problems.length > 0 })}
    >
      {(d) => <DraftFacts draft={d} problems={problems} />}
    </ConfirmDraftSheet>
  );
}
