import type { DomainEvent } from '@nexa/contract';

type Handler<T extends DomainEvent['type']> = (event: Extract<DomainEvent, { type: T }>) => void;
type AnyHandler = (event: DomainEvent) => void;

/**
 * Domain events on this node, delivered after the transaction that caused them committed (never for a rolled-back
 * or replayed call). A consumer that must not miss one re-derives from the ledger on start; these are the prompt
 * path. A throwing handler is logged, never the caller's failure.
 */
export class DomainEvents {
  private readonly handlers = new Map<DomainEvent['type'], AnyHandler[]>();

  constructor(private readonly onError: (err: unknown, event: DomainEvent) => void = () => {}) {}

  on<T extends DomainEvent['type']>(type: T, handler: Handler<T>): () => void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as unknown as AnyHandler);
    this.handlers.set(type, list);
    return () => {
      const i = list.indexOf(handler as unknown as AnyHandler);
      if (i >= 0) list.splice(i, 1);
    };
  }

  emit(events: readonly DomainEvent[]): void {
    for (const event of events) {
      for (const handler of this.handlers.get(event.type) ?? []) {
        try {
          handler(event);
        } catch (err) {
          this.onError(err, event);
        }
      }
    }
  }
}
