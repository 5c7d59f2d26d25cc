import type { Depth, Trade } from '@nexa/contract';

/** Trades kept for the table. */
export const TRADES_KEPT = 30;

/** The newer of two books (REST and the socket race at start). */
export function newerDepth(held: Depth | null, next: Depth): Depth {
  return held && held.ts > next.ts ? held : next;
}

/**
 * Trades from REST (newest first), a socket snapshot (newest first) or socket updates (oldest first) merged into
 * one list, newest first, one row per trade id.
 */
export function mergeTrades(held: readonly Trade[], incoming: readonly Trade[], keep = TRADES_KEPT): Trade[] {
  const byId = new Map<string, Trade>();
  for (const t of held) byId.set(t.id, t);
  for (const t of incoming) byId.set(t.id, t);
  return [...byId.values()].sort((a, b) => b.ts - a.ts || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, keep);
}

export interface BookRow {
  price: string;
  size: string;
  /** Share of the deepest cumulative size shown, 0–1, for the depth bar. */
  depth: number;
}

/** The best `levels` of one side with cumulative depth shares (bids best = highest first, asks best = lowest). */
export function bookRows(levels: readonly { price: string; size: string }[], count: number): BookRow[] {
  const top = levels.slice(0, count);
  let total = 0;
  const cumulative = top.map((l) => {
    total += Number(l.size) || 0;
    return total;
  });
  return top.map((l, i) => ({ price: l.price, size: l.size, depth: total > 0 ? (cumulative[i] ?? 0) / total : 0 }));
}
