import type { DeliveryOrder, DeliveryOrderCopy } from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import type { MarketService } from '../market/index.js';
import type { OrderRecord } from './repository.js';
import { toOrderAt } from './rules.js';

/** The copy-trading plan of each of `orderIds` that belongs to one, read in `ex` (the caller's transaction). */
export type OrderCopies = (ex: Executor, orderIds: readonly string[]) => Promise<Map<string, DeliveryOrderCopy>>;

/**
 * Orders as the API shows them, in every list, detail and `delivery.order` event. Copy trading places orders of its
 * own and depends on this module, so it hands in how to find their plans when it registers (`copiesFrom`); until
 * then (or without it) every order reads as one's own.
 */
export class OrderViews {
  private copies: OrderCopies | undefined;

  constructor(private readonly market: Pick<MarketService, 'product'>) {}

  copiesFrom(source: OrderCopies): void {
    this.copies = source;
  }

  /** An order no plan placed (a user's own new order, a scheduled one opening): nothing to look up. */
  own(r: OrderRecord): DeliveryOrder {
    return toOrderAt(r, this.precision(r.symbol), null);
  }

  /** Orders of any origin: their plans looked up in one read. */
  async many(ex: Executor, rows: readonly OrderRecord[]): Promise<DeliveryOrder[]> {
    const copies =
      this.copies && rows.length > 0
        ? await this.copies(
            ex,
            rows.map((r) => r.id),
          )
        : undefined;
    return rows.map((r) => toOrderAt(r, this.precision(r.symbol), copies?.get(r.id) ?? null));
  }

  async one(ex: Executor, row: OrderRecord): Promise<DeliveryOrder> {
    return (await this.many(ex, [row]))[0]!;
  }

  private precision(symbol: string): number {
    return this.market.product(symbol)?.pricePrecision ?? 2;
  }
}
