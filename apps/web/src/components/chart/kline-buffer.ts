/**
 * The candles one chart holds, oldest first, one per openTime: the latest page from REST, older pages put in
 * front as the user scrolls back, and the live candle from the socket updating the last bar or appending one.
 * Pure, so the merging rules are unit-tested (kline-buffer.test.ts) apart from the canvas.
 */
import type { Candle } from '@nexa/contract';

export type LiveResult = 'update' | 'append' | 'ignore';

export class KlineBuffer {
  private list: Candle[] = [];
  /** No older candles exist (the last page back came short). */
  exhausted = false;

  get candles(): readonly Candle[] {
    return this.list;
  }

  get size(): number {
    return this.list.length;
  }

  get oldestOpenTime(): number | undefined {
    return this.list[0]?.openTime;
  }

  get last(): Candle | undefined {
    return this.list[this.list.length - 1];
  }

  /** Starts over with the latest page (`requested` is the limit asked for). */
  reset(latest: readonly Candle[], requested: number): void {
    this.list = normalise(latest);
    this.exhausted = latest.length < requested;
  }

  /** Puts an older page in front; returns how many candles were new. */
  prependOlder(older: readonly Candle[], requested: number): number {
    const first = this.list[0]?.openTime ?? Number.POSITIVE_INFINITY;
    const fresh = normalise(older).filter((c) => c.openTime < first);
    this.list = [...fresh, ...this.list];
    if (older.length < requested || fresh.length === 0) this.exhausted = true;
    return fresh.length;
  }

  /** The live candle: the same openTime as the last bar updates it, a later one is a new bar, an older one is stale. */
  applyLive(candle: Candle): LiveResult {
    const last = this.last;
    if (!last || candle.openTime > last.openTime) {
      this.list.push(candle);
      return 'append';
    }
    if (candle.openTime === last.openTime) {
      this.list[this.list.length - 1] = candle;
      return 'update';
    }
    return 'ignore';
  }

  /**
   * After missed messages: the fresh latest page replaces everything from its first candle on, and the older
   * candles the user paged back to stay.
   */
  mergeLatest(latest: readonly Candle[]): void {
    const fresh = normalise(latest);
    const from = fresh[0]?.openTime;
    if (from === undefined) return;
    this.list = [...this.list.filter((c) => c.openTime < from), ...fresh];
  }
}

/** Oldest first, one candle per openTime (the later copy wins). */
function normalise(list: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of list) byTime.set(c.openTime, c);
  return [...byTime.values()].sort((a, b) => a.openTime - b.openTime);
}
