import { z } from 'zod';
import { SessionRevocation } from './auth.js';
import { AccountMode, EpochMs } from './common.js';
import { UserEvent } from './events.js';
import { PerpOrderStatus, PerpOrderType, PerpPositionStatus, PositionSide } from './perpetual.js';

/**
 * The messages nodes send each other (ARCHITECTURE §4): one schema per bus topic. The server's bus parses every
 * message it receives with its topic's schema and drops (and counts) what does not match, so a node of another
 * build, or a corrupted payload, never reaches a consumer as an unchecked shape. `user-events` is checked as an
 * envelope; its events are parsed with `UserEvent` by the hub, for the users whose sockets it holds (see
 * `UserEventEnvelope`).
 */
const Id = z.string().regex(/^\d{1,20}$/);
/** A timestamp as a database driver hands it over: a Date in process, its ISO string once it crossed the bus. */
const DbTime = z.union([z.date(), z.string().max(40)]);
const Decimal = z.string().max(60);
const DecimalOrNull = Decimal.nullable();

/** Users' events for whichever node holds their sockets; settlement packs many into one message. */
export const UserEventBatch = z.object({
  events: z
    .array(z.object({ userId: Id, seq: z.number().int().positive().optional(), event: UserEvent }))
    .min(1)
    .max(10_000),
});
export type UserEventBatch = z.infer<typeof UserEventBatch>;

/**
 * What the bus checks of a user-event batch on arrival: who each event is for, and that it names a type. Every node
 * hears every batch, but holds the sockets of few of its users; the hub parses an event with `UserEvent` only when
 * it holds a socket of that event's user, and drops (and counts) one that does not match, without dropping the
 * others of its batch. Parsing all of them on every node cost settling 10,000 orders ~120 ms of a node's thread.
 */
export const UserEventEnvelope = z.object({
  events: z
    .array(
      z.object({
        userId: Id,
        seq: z.number().int().positive().optional(),
        event: z.looseObject({ type: z.string().max(60) }),
      }),
    )
    .min(1)
    .max(10_000),
});

export const FeedTick = z.object({
  symbol: z.string().max(20),
  ts: EpochMs,
  price: Decimal,
  /** Traded size in base units since the previous tick, for volume and turnover. */
  size: Decimal,
  /** Where the price came from, kept with the tick for audit: 'sim' or 'okx'. */
  source: z.string().max(20),
});
export type FeedTick = z.infer<typeof FeedTick>;
const FeedLevel = z.object({ price: Decimal, size: Decimal });
export const FeedDepth = z.object({
  symbol: z.string().max(20),
  ts: EpochMs,
  bids: z.array(FeedLevel).max(400),
  asks: z.array(FeedLevel).max(400),
});
export type FeedDepth = z.infer<typeof FeedDepth>;
export const FeedTrade = z.object({
  symbol: z.string().max(20),
  id: z.string().max(60),
  ts: EpochMs,
  price: Decimal,
  size: Decimal,
  side: z.enum(['buy', 'sell']),
});
export type FeedTrade = z.infer<typeof FeedTrade>;

/** What the feed leader sends every other node; `origin` is the leader's node id (it applied it already). */
export const FeedMessage = z.intersection(
  z.object({ origin: z.string().max(80).optional() }),
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ticks'), ticks: z.array(FeedTick).max(1000) }),
    z.object({ kind: z.literal('depth'), depth: FeedDepth }),
    z.object({ kind: z.literal('trades'), trades: z.array(FeedTrade).max(1000) }),
  ]),
);
export type FeedMessage = z.infer<typeof FeedMessage>;

/** A perpetual position as stored, as the trigger engine follows it. */
export const PerpPositionRecord = z.object({
  id: Id,
  userId: Id,
  mode: AccountMode,
  symbol: z.string().max(20),
  side: PositionSide,
  quantity: Decimal,
  contractSize: Decimal,
  leverage: z.number().int(),
  entryPrice: Decimal,
  margin: Decimal,
  /** The ledger holds backing the margin. */
  holdIds: z.array(Id).max(1000),
  tpPrice: DecimalOrNull,
  slPrice: DecimalOrNull,
  realizedPnl: Decimal,
  status: PerpPositionStatus,
  version: z.number().int(),
  openedAt: DbTime,
  closedAt: DbTime.nullable(),
  /** When this state was written: a stored tick from before it cannot fire its TP, SL or liquidation. */
  updatedAt: DbTime.optional(),
});
export type PerpPositionRecord = z.infer<typeof PerpPositionRecord>;

/** A perpetual order as stored, as the trigger engine follows it. */
export const PerpOrderRecord = z.object({
  id: Id,
  userId: Id,
  mode: AccountMode,
  symbol: z.string().max(20),
  side: PositionSide,
  type: PerpOrderType,
  intent: z.enum(['open', 'close']),
  price: DecimalOrNull,
  quantity: Decimal,
  filledQuantity: Decimal,
  leverage: z.number().int(),
  contractSize: Decimal,
  margin: Decimal,
  fee: Decimal,
  marginHoldId: Id.nullable(),
  feeHoldId: Id.nullable(),
  fillPrice: DecimalOrNull,
  tpPrice: DecimalOrNull,
  slPrice: DecimalOrNull,
  status: PerpOrderStatus,
  positionId: Id.nullable(),
  version: z.number().int(),
  createdAt: DbTime,
  updatedAt: DbTime,
});
export type PerpOrderRecord = z.infer<typeof PerpOrderRecord>;

/** News of a position or order a node just committed, for the node that runs the perpetual trigger engine. */
export const PerpTriggerNews = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('position'), row: PerpPositionRecord }),
  z.object({ kind: z.literal('order'), row: PerpOrderRecord }),
]);
export type PerpTriggerNews = z.infer<typeof PerpTriggerNews>;

/** Every bus topic and the schema of its messages. */
export const busTopics = {
  'user-events': UserEventEnvelope,
  sessions: SessionRevocation,
  market: FeedMessage,
  'perp-triggers': PerpTriggerNews,
  /** Users watching their positions on some node: live figures are computed only for them. */
  'perp-watchers': z.object({ users: z.array(Id).max(100_000) }),
  /** The readiness probe: a node checks that what it publishes comes back. */
  'ops-probe': z.object({ nonce: z.string().max(80) }),
  /** Settings or products changed: every node reloads them (and checks the revision on a timer, in case it missed this). */
  config: z.object({ revision: z.number().int().nonnegative() }),
} as const;
export type BusTopic = keyof typeof busTopics;
/** What a publisher hands over on `T`. */
export type BusMessage<T extends BusTopic> = z.input<(typeof busTopics)[T]>;
/** What a subscriber of `T` receives, parsed. */
export type BusData<T extends BusTopic> = z.output<(typeof busTopics)[T]>;
