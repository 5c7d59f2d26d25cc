import { isolateLtr } from '@/lib/format';
import { formatPrice } from '@/lib/market-format';
import { useProducts } from '@/lib/use-market';
import { Figure, ModeBadge as SharedModeBadge, pairName } from '@/shared/trading-bits';
import type { AccountMode, PerpOrder, PositionSide, ProductSummary } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValueProblem } from '../model/perp-model';

export { Figure, pairName } from '@/shared/trading-bits';

/** Opening or closing (reducing) a position. */
export type Intent = PerpOrder['intent'];

/**
 * Long (green) or short (red), with the leverage when given: "Long 10x". With `intent`, what an order or a fill does
 * to the position, as exchanges name it: "Open long 10x", "Close short" (never "Long · Close", which reads as opening).
 */
export function SideTag({ side, leverage, intent }: { side: PositionSide; leverage?: number; intent?: Intent }) {
  const { t } = useTranslation();
  return (
    <span className={`perp-side perp-side--${side}`} data-side={side} data-intent={intent}>
      {intent ? t(`perpetual.sideIntent.${intent}.${side}`) : t(`perpetual.${side}`)}
      {leverage ? <Figure>{`${leverage}x`}</Figure> : null}
    </span>
  );
}

/** Real or demo: everything on these screens acts on this account. */
export function ModeBadge({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  return <SharedModeBadge mode={mode} label={t(`perpetual.mode.${mode}`)} testId="perp-mode" />;
}

/** A product's price precision from the catalogue (2 when unknown). */
export function precisionOf(symbol: string, products: readonly ProductSummary[] | undefined): number {
  return products?.find((p) => p.symbol === symbol)?.pricePrecision ?? 2;
}

/** A product's pair name and price precision, from the catalogue. */
export function useProductOf(symbol: string): { pair: string; precision: number } {
  const products = useProducts();
  return { pair: pairName(symbol, products.data), precision: precisionOf(symbol, products.data) };
}

export type ProblemField = 'price' | 'lots' | 'amount' | 'tp' | 'sl';

const EMPTY = {
  price: 'perpetual.errors.priceEmpty',
  tp: 'perpetual.errors.priceEmpty',
  sl: 'perpetual.errors.priceEmpty',
  lots: 'perpetual.errors.lotsEmpty',
  amount: 'perpetual.errors.amountEmpty',
} as const;

const NOT_POSITIVE = {
  price: 'perpetual.errors.priceNotPositive',
  tp: 'perpetual.errors.priceNotPositive',
  sl: 'perpetual.errors.priceNotPositive',
  lots: 'perpetual.errors.lotsNotPositive',
  amount: 'perpetual.errors.amountNotPositive',
} as const;

/** An input problem in the user's language; prices in messages keep the product's precision. */
export function useProblemText() {
  const { t } = useTranslation();
  return (field: ProblemField, p: ValueProblem, precision = 2): string => {
    const price = 'price' in p ? isolateLtr(formatPrice(p.price, precision)) : '';
    switch (p.kind) {
      case 'empty':
        return t(EMPTY[field]);
      case 'notPositive':
        return t(NOT_POSITIVE[field]);
      case 'insufficient':
        return t(field === 'amount' ? 'perpetual.errors.amountInsufficient' : 'perpetual.errors.insufficient');
      case 'tooManyLots':
        return t('perpetual.errors.tooManyLots', { max: p.max });
      case 'tpAbove':
        return t('perpetual.errors.tpAbove', { price });
      case 'tpBelow':
        return t('perpetual.errors.tpBelow', { price });
      case 'slBelow':
        return t('perpetual.errors.slBelow', { price });
      case 'slAbove':
        return t('perpetual.errors.slAbove', { price });
      case 'slBeyondLiquidation':
        return t('perpetual.errors.slLiquidation', { price });
    }
  };
}

/** An input's error line under it: `<id>-error`. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="perp-field__error" id={`${id}-error`} data-testid={`${id}-error`} role="alert">
      {children}
    </p>
  );
}
