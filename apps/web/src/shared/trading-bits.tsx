/**
 * Small pieces the trading screens (delivery, perpetual) share: numbers on screen, the account-mode badge, a
 * product's name, list placeholders and the header's icon links.
 */
import type { AccountMode, ProductSummary } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A number on screen: left to right in every language, tabular digits. */
export function Figure({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span dir="ltr" className={`figure${className ? ` ${className}` : ''}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** Real or demo: everything on the screen acts on this account. */
export function ModeBadge({ mode, label, testId }: { mode: AccountMode; label: string; testId: string }) {
  return (
    <span
      className={`mode-badge badge ${mode === 'demo' ? 'tone--warning' : 'tone--accent'}`}
      data-testid={testId}
      data-mode={mode}
    >
      {label}
    </span>
  );
}

/** "BTC/USDT" from the catalogue, or split at the quote currency when the product is not listed any more. */
export function pairName(symbol: string, products: readonly ProductSummary[] | undefined): string {
  const product = products?.find((p) => p.symbol === symbol);
  if (product) return `${product.base}/${product.quote}`;
  const quote = ['USDT', 'USDC', 'USD'].find((q) => symbol.endsWith(q) && symbol.length > q.length);
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
}

/** Placeholder rows while a list loads: `list` and `row` are the list's and its rows' classes. */
export function ListSkeleton({ list, row }: { list: string; row: string }) {
  return (
    <div className={list} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${row} ${row}--skeleton`}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

/** An icon link of a trading tab's header (history, rules, the single-product screen). */
export function HeaderLink({
  to,
  label,
  testId,
  children,
}: { to: string; label: string; testId: string; children: ReactNode }) {
  return (
    <Link to={to} className="icon-button" aria-label={label} data-testid={testId}>
      {children}
    </Link>
  );
}
