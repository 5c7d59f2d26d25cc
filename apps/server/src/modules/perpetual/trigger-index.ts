/**
 * The perpetual trigger engine's index (issue 7, ARCHITECTURE §4): every resting price trigger — a limit order
 * waiting for its price, a take-profit, a stop-loss, a liquidation price — kept per product in two sorted
 * arrays, so a tick costs O(log n + fired) instead of a scan over every position.
 *
 * A trigger fires `up` (when the price rises to or through its level: a short's liquidation, a long's
 * take-profit, a buy-short limit…) or `down` (when the price falls to or through it). Each side is an array
 * sorted so the next trigger to fire is at the END: a tick pops from the end while the end's level is crossed —
 * O(1) per fired trigger, and a tick that fires nothing reads one element per side.
 *
 * Levels are compared as JS numbers: parseFloat is monotonic, so a decimal level at or beyond the price never
 * compares as not crossed; two decimals that differ beyond a double's precision may compare equal, so the
 * engine's caller re-checks every fired trigger against the exact decimal price before acting (and re-adds one
 * that was not really crossed). Prices here never carry money: they only pick candidates.
 */

export type TriggerKind = 'limit' | 'tp' | 'sl' | 'liq';
export type TriggerSide = 'up' | 'down';

export interface Trigger {
  /** Unique across the index, e.g. `liq:123` or `limit:456`. */
  id: string;
  symbol: string;
  kind: TriggerKind;
  side: TriggerSide;
  /** The exact level, as stored (decimal string). */
  level: string;
  /** The position or order it acts on. */
  ref: string;
}

interface Entry {
  key: number;
  trigger: Trigger;
}

class Book {
  /** side 'up': descending by level (lowest at the end: the first to be reached by a rising price). */
  readonly up: Entry[] = [];
  /** side 'down': ascending by level (highest at the end: the first to be reached by a falling price). */
  readonly down: Entry[] = [];
  /** The ends' levels, kept beside the arrays: a tick that fires nothing compares two numbers and stops. */
  upNext = Number.POSITIVE_INFINITY;
  downNext = Number.NEGATIVE_INFINITY;

  refresh() {
    this.upNext = this.up.length > 0 ? this.up[this.up.length - 1]!.key : Number.POSITIVE_INFINITY;
    this.downNext = this.down.length > 0 ? this.down[this.down.length - 1]!.key : Number.NEGATIVE_INFINITY;
  }
}

const NONE: Trigger[] = [];

/** Where `key` belongs in `list` ordered by `before(a, b)` (a sorts before b), after any equal keys. */
function insertionPoint(list: Entry[], key: number, descending: boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const k = list[mid]!.key;
    const goesAfter = descending ? k >= key : k <= key;
    if (goesAfter) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class TriggerIndex {
  private readonly books = new Map<string, Book>();
  private readonly byId = new Map<string, Trigger>();

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): Trigger | undefined {
    return this.byId.get(id);
  }

  /** Adds (or replaces) a trigger. */
  add(trigger: Trigger): void {
    if (this.byId.has(trigger.id)) this.remove(trigger.id);
    const key = Number.parseFloat(trigger.level);
    if (!Number.isFinite(key)) throw new Error(`trigger ${trigger.id}: level ${trigger.level} is not a number`);
    const book = this.bookOf(trigger.symbol);
    const descending = trigger.side === 'up';
    const list = descending ? book.up : book.down;
    list.splice(insertionPoint(list, key, descending), 0, { key, trigger });
    book.refresh();
    this.byId.set(trigger.id, trigger);
  }

  /** Removes a trigger; false if it was not there (already fired or never added). */
  remove(id: string): boolean {
    const trigger = this.byId.get(id);
    if (!trigger) return false;
    this.byId.delete(id);
    const book = this.books.get(trigger.symbol)!;
    const descending = trigger.side === 'up';
    const list = descending ? book.up : book.down;
    const key = Number.parseFloat(trigger.level);
    // Equal keys sit together just before the insertion point: walk back over them to the one with this id.
    for (let i = insertionPoint(list, key, descending) - 1; i >= 0 && list[i]!.key === key; i--) {
      if (list[i]!.trigger.id === id) {
        list.splice(i, 1);
        book.refresh();
        return true;
      }
    }
    throw new Error(`trigger index out of order for ${id}`);
  }

  /**
   * Takes out and returns every trigger of `symbol` that `price` (the tick's price, parsed once by the caller
   * with parseFloat) reaches or passes: `up` triggers with level ≤ price and `down` triggers with level ≥ price.
   * Order: the levels nearest the previous price first.
   */
  fire(symbol: string, p: number): Trigger[] {
    const book = this.books.get(symbol);
    if (!book || (p < book.upNext && p > book.downNext)) return NONE;
    const fired: Trigger[] = [];
    const { up, down } = book;
    while (up.length > 0 && up[up.length - 1]!.key <= p) fired.push(up.pop()!.trigger);
    while (down.length > 0 && down[down.length - 1]!.key >= p) fired.push(down.pop()!.trigger);
    for (const t of fired) this.byId.delete(t.id);
    book.refresh();
    return fired;
  }

  /** Every trigger of a symbol (for tests and diagnostics). */
  list(symbol: string): Trigger[] {
    const book = this.books.get(symbol);
    return book ? [...book.up, ...book.down].map((e) => e.trigger) : [];
  }

  /** The products with at least one resting trigger. */
  symbols(): string[] {
    return [...this.books].filter(([, b]) => b.up.length > 0 || b.down.length > 0).map(([symbol]) => symbol);
  }

  clear(): void {
    this.books.clear();
    this.byId.clear();
  }

  /**
   * Replaces everything with `triggers` (a later one wins over an earlier one with the same id): one sort per
   * side, O(n log n), where adding 200 000 one by one into sorted arrays would move O(n²) elements.
   */
  replaceAll(triggers: Iterable<Trigger>): void {
    this.clear();
    for (const t of triggers) this.byId.set(t.id, t);
    for (const trigger of this.byId.values()) {
      const key = Number.parseFloat(trigger.level);
      if (!Number.isFinite(key)) throw new Error(`trigger ${trigger.id}: level ${trigger.level} is not a number`);
      const book = this.bookOf(trigger.symbol);
      (trigger.side === 'up' ? book.up : book.down).push({ key, trigger });
    }
    for (const book of this.books.values()) {
      book.up.sort((a, b) => b.key - a.key);
      book.down.sort((a, b) => a.key - b.key);
      book.refresh();
    }
  }

  private bookOf(symbol: string): Book {
    let book = this.books.get(symbol);
    if (!book) {
      book = new Book();
      this.books.set(symbol, book);
    }
    return book;
  }
}
