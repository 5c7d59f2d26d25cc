import { useLivePriceGuard } from '@/components/ui/stale';
import { sanitizeAmountInput } from '@/lib/decimal';
import { useTicker } from '@/lib/use-market';
import { DEFAULT_LEVERAGE, type PerpOrderType, type PositionSide, type ProductInfo } from '@nexa/contract';
import { useEffect, useRef, useState } from 'react';
import {
  type OrderPreview,
  type ValueProblem,
  checkLots,
  checkPositive,
  limitFillsNow,
  maxLots,
  orderPreview,
  orderReference,
  quoteOrder,
  quotedOrderProblems,
} from '../model/perp-model';

export interface OrderDraft {
  product: ProductInfo;
  side: PositionSide;
  type: PerpOrderType;
  /** The limit price; undefined for a market order. */
  price?: string;
  /** What the preview was computed at: the limit price or the market price then. */
  reference: string;
  /** Fills at once at the market price: a market order, or a limit the market has already crossed. */
  atMarket: boolean;
  lots: string;
  leverage: number;
  tpPrice: string;
  slPrice: string;
  preview: OrderPreview;
  liquidation: string | null;
}

const SIDES: readonly PositionSide[] = ['long', 'short'];

export type Problems = Partial<Record<'price' | 'lots' | 'tp' | 'sl', ValueProblem>>;

/**
 * The order entry's state: type, price, lots, leverage, TP/SL and each field's problem; the preview at the limit
 * or market price; `submit` checks everything and hands a draft on, or shows the problems.
 */
export function useOrderForm({
  info,
  available,
  pickedPrice,
  onOrder,
}: {
  info: ProductInfo | undefined;
  available: string | undefined;
  pickedPrice?: { price: string; at: number };
  onOrder: (draft: OrderDraft) => void;
}) {
  const ticker = useTicker(info?.symbol);
  const { freshness, ensureLive } = useLivePriceGuard();
  const [type, setType] = useState<PerpOrderType>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('');
  const [leverage, setLeverage] = useState(DEFAULT_LEVERAGE);
  const [withTpSl, setWithTpSl] = useState(false);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const symbol = info?.symbol;
  const maxLeverage = info?.perpetual.maxLeverage ?? DEFAULT_LEVERAGE;
  const precision = info?.pricePrecision ?? 2;

  // Another product: its own prices; the leverage stays unless the new product does not allow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the product changes
  useEffect(() => {
    setPrice('');
    setTp('');
    setSl('');
    setProblems({});
    setLeverage((l) => Math.min(l, maxLeverage));
  }, [symbol]);

  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!pickedPrice) return;
    setType('limit');
    setPrice(pickedPrice.price);
    setProblems((p) => ({ ...p, price: undefined }));
    // The book sits below the panel: bring the filled price into view.
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [pickedPrice]);

  const reference = type === 'limit' ? price : ticker?.price;
  const spec = info?.perpetual;
  // A fraction of a lot (kept in the field for its check to refuse) previews nothing.
  const preview = spec && /^\d+$/.test(lots) ? orderPreview(reference, lots, leverage, spec) : null;
  const max = spec ? maxLots(available, reference, leverage, spec) : 0n;
  // The sides a typed limit fills at once for (the market is already at or through it): said under the price.
  const fillsNow = type === 'limit' ? SIDES.filter((s) => limitFillsNow(s, price, ticker?.price)) : [];

  const clear = (field: keyof Problems) => setProblems((p) => (p[field] ? { ...p, [field]: undefined } : p));
  const priceInput = (raw: string) => sanitizeAmountInput(raw, precision);

  const submit = (side: PositionSide) => {
    if (!info || !spec) return;
    const found: Problems = {};
    if (type === 'limit') found.price = checkPositive(price) ?? undefined;
    found.lots = checkLots(lots) ?? undefined;
    // A limit the market has crossed fills at once at the market price, as the server fills it: quoted there.
    const { reference: ref, atMarket } = orderReference(type, side, found.price ? undefined : price, ticker?.price);
    // What fills at the live price is quoted at it: never at one that stopped moving.
    if (atMarket && !ensureLive()) return;
    const quote = quoteOrder(side, ref, lots, leverage, spec, precision);
    const draftPreview = quote?.preview ?? null;
    const liquidation = quote?.liquidation ?? null;
    if (ref) {
      const cost = draftPreview?.cost ?? null;
      const quoted = {
        side,
        reference: ref,
        cost,
        liquidation,
        available,
        tp: withTpSl ? tp : '',
        sl: withTpSl ? sl : '',
      };
      const { lots: unaffordable, ...tpSl } = quotedOrderProblems(quoted);
      Object.assign(found, tpSl, { lots: found.lots ?? unaffordable });
    }
    setProblems(found);
    if (Object.values(found).some(Boolean) || !ref || !draftPreview) return;
    onOrder({
      product: info,
      side,
      type,
      price: type === 'limit' ? price : undefined,
      reference: ref,
      atMarket,
      lots,
      leverage,
      tpPrice: withTpSl ? tp : '',
      slPrice: withTpSl ? sl : '',
      preview: draftPreview,
      liquidation,
    });
  };

  return {
    ticker,
    freshness,
    type,
    price,
    lots,
    leverage,
    withTpSl,
    tp,
    sl,
    problems,
    maxLeverage,
    precision,
    preview,
    max,
    fillsNow,
    setType,
    setPrice,
    setLots,
    setLeverage,
    setWithTpSl,
    setTp,
    setSl,
    setProblems,
    panelRef,
    clear,
    priceInput,
    submit,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
