/**
 * The latest ticker of every product, kept outside React and keyed by symbol, so a price change re-renders the
 * one row that shows it (useSyncExternalStore per row), never a whole list. Fed by REST lists (seed) and the
 * `tickers` WebSocket channel; whichever is newer (by `ts`) wins, so a late REST answer never rolls a price back.
 */
import type { Ticker } from '@nexa/contract';

export class TickerStore {
  private readonly tickers = new Map<string, Ticker>();
  private readonly listeners = new Map<string, Set<() => void>>();

  get(symbol: string): Ticker | undefined {
    return this.tickers.get(symbol);
  }

  /** Calls `listener` whenever `symbol`'s ticker changes. */
  subscribe(symbol: string, listener: () => void): () => void {
    let set = this.listeners.get(symbol);
    if (!set) {
      set = new Set();
      this.listeners.set(symbol, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(symbol);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(symbol);
    };
  }

  /** Stores what is newer than what is held and tells the listeners of those symbols only. */
  put(tickers: readonly Ticker[]): void {
    const changed: string[] = [];
    for (const t of tickers) {
      const held = this.tickers.get(t.symbol);
      if (held && (held.ts > t.ts || sameFigures(held, t))) continue;
      // Only the ticker's own fields: a product summary passed in keeps its catalogue fields out of the store.
      this.tickers.set(t.symbol, {
        symbol: t.symbol,
        price: t.price,
        open: t.open,
        high: t.high,
        low: t.low,
        change: t.change,
        volume: t.volume,
        turnover: t.turnover,
        ts: t.ts,
      });
      changed.push(t.symbol);
    }
    for (const symbol of changed) {
      for (const listener of [...(this.listeners.get(symbol) ?? [])]) listener();
    }
  }

  listenerCount(symbol: string): number {
    return this.listeners.get(symbol)?.size ?? 0;
  }
}

function sameFigures(a: Ticker, b: Ticker): boolean {
  return (
    a.price === b.price &&
    a.change === b.change &&
    a.high === b.high &&
    a.low === b.low &&
    a.open === b.open &&
    a.turnover === b.turnover &&
    a.volume === b.volume
  );
}

/** The app's one store. */
export const tickerStore = new TickerStore();
