import type { UserEvent, UserEventBatch } from '@nexa/contract';
import type { Bus } from './bus.js';

/** Bytes of events per bus message: under PostgreSQL's 8000-byte NOTIFY payload with room for the wrapper. */
const MESSAGE_BYTES = 7_000;

/**
 * Users' events for whichever node holds their sockets, packed into as few bus messages as fit, so settling ten
 * thousand orders sends hundreds of messages, not ten thousand. At most once, like the bus: a lost one is a resync.
 */
export async function publishUserEvents(bus: Pick<Bus, 'publish'>, items: { userId: string; event: UserEvent }[]) {
  let events: UserEventBatch['events'] = [];
  let size = 0;
  const send = async () => {
    if (events.length === 0) return;
    const message = { events };
    events = [];
    size = 0;
    await bus.publish('user-events', message).catch(() => {});
  };
  for (const item of items) {
    if (!item.userId) continue;
    const bytes = Buffer.byteLength(JSON.stringify(item));
    if (size + bytes > MESSAGE_BYTES) await send();
    events.push(item);
    size += bytes + 1;
  }
  await send();
}
