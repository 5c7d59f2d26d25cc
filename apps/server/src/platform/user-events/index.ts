import type { UserEvent, UserEventBatch } from '@nexa/contract';
import type { Bus } from '../bus.js';
import type { Executor } from '../db.js';
import { currentTxScope } from '../tx-scope.js';
import { journalRepository as repo } from './repository.js';

/** Bytes of events per bus message: under PostgreSQL's 8000-byte NOTIFY payload with room for the wrapper. */
const MESSAGE_BYTES = 7_000;

/** How far back a reconnecting client is replayed; further back, it reads its lists again (`resync`). */
export const USER_EVENT_REPLAY = { windowMs: 15 * 60_000, maxEvents: 500 };

type Item = UserEventBatch['events'][number];

/**
 * The `user` channel's events (ARCHITECTURE §4), at least once. An event is raised inside the transaction that
 * caused it and journaled with it, numbered per user (1, 2, 3…); once the transaction commits it goes to the user's
 * sockets on every node. A socket that reconnects asks for what came after the last number it saw and is replayed
 * from the journal, or told to resync when the journal no longer has it all.
 */
export class UserEvents {
  constructor(private readonly d: { db: Executor; bus: Pick<Bus, 'publishMany'>; now: () => Date }) {}

  /**
   * Journals `event` with the transaction this runs in (in its last statement, with the others it raised) and
   * sends it when that commits; a rolled-back transaction sends nothing. Outside a transaction nothing is journaled
   * (only tests call the ledger so).
   */
  raise(userId: string | bigint, event: UserEvent) {
    const scope = currentTxScope();
    if (!scope) return;
    const items = scope.bag<Item[]>(
      this,
      () => [],
      async (tx, list) => {
        if (list.length === 0) return;
        // The transaction's deferred writes (its stored answer) ride along: one round trip fewer.
        const stored = await repo.append(tx, list, scope.takeWrites());
        scope.afterCommit(() => void publishUserEvents(this.d.bus, stored));
      },
    );
    items.push({ userId: String(userId), event });
  }

  /** Figures that are stale a second later (positions at the mark price): sent now, not numbered, never replayed. */
  live(items: Item[]) {
    return publishUserEvents(this.d.bus, items);
  }

  /** What the user's sockets missed after event `since`, oldest first; `resync` when it cannot all be replayed. */
  async replay(userId: string, since: number): Promise<{ seq: number; event: UserEvent }[] | 'resync'> {
    const head = await repo.head(this.d.db, userId);
    if (since === head) return [];
    if (since > head || head - since > USER_EVENT_REPLAY.maxEvents) return 'resync';
    const events = await repo.after(this.d.db, userId, since, USER_EVENT_REPLAY.maxEvents);
    // Pruned (older than the window): the first one missed is gone.
    if (events[0]?.seq !== since + 1) return 'resync';
    return events;
  }

  /** Drops journaled events older than the replay window (each node runs it now and then; it is idempotent). */
  prune() {
    return repo.prune(this.d.db, new Date(this.d.now().getTime() - USER_EVENT_REPLAY.windowMs));
  }
}

/**
 * Users' events for whichever node holds their sockets, packed into as few bus messages as fit, so settling ten
 * thousand orders sends hundreds of messages, not ten thousand, in one publish call. The bus is at most once: what it loses, the journal
 * replays to a client that notices the gap in the numbers.
 */
export async function publishUserEvents(bus: Pick<Bus, 'publishMany'>, items: Item[]) {
  const messages: UserEventBatch[] = [];
  let events: Item[] = [];
  let size = 0;
  for (const item of items) {
    if (!item.userId) continue;
    const bytes = Buffer.byteLength(JSON.stringify(item));
    if (size + bytes > MESSAGE_BYTES && events.length > 0) {
      messages.push({ events });
      events = [];
      size = 0;
    }
    events.push(item);
    size += bytes + 1;
  }
  if (events.length > 0) messages.push({ events });
  // All of them in one call: a round trip per message kept settlement's event loop busy (see PgNotifyBus).
  await bus.publishMany('user-events', messages).catch(() => {});
}
