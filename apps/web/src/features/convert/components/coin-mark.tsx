import type { Currency } from '@nexa/contract';

const COLOURS: Record<Currency, string> = {
  USDT: '#26a17b',
  USDC: '#2775ca',
  BTC: '#f7931a',
  ETH: '#627eea',
};

/** A round mark with the currency's first letter in its brand colour. */
export function CoinMark({ currency, large = false }: { currency: Currency; large?: boolean }) {
  return (
    <span
      className={`cv-coin${large ? ' cv-coin--large' : ''}`}
      style={{ background: COLOURS[currency] ?? 'var(--app-accent)' }}
      aria-hidden="true"
    >
      {currency.slice(0, 1)}
    </span>
  );
}
