/** A currency's round initial, as on the Assets screens. */
export function CoinMark({ currency, large = false }: { currency: string; large?: boolean }) {
  return (
    <span
      className={`funding-coin funding-coin--${currency.toLowerCase()}${large ? ' funding-coin--large' : ''}`}
      aria-hidden="true"
    >
      {currency.slice(0, 1)}
    </span>
  );
}
