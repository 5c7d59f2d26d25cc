/**
 * What the market WebSocket client (ws-client.ts) speaks: its channels and what they carry, the socket it drives,
 * its options and the listener shapes. The subscription state machine (market-ws-channels.ts) and the connection
 * (market-ws-connection.ts) share these.
 */
import { Candle, Depth, Ticker, Trade, type WsFrame } from '@nexa/contract';
import { z } from 'zod';
import type { Schedule } from './async';

/**
 * One frame of the signed-in user's `user` channel, as received: lib/user-events.ts parses it against the
 * contract's `UserEvent` union (by `type`), so nothing here trusts its shape.
 */
export type UserFrame = unknown;

/** The channels of the socket; `user` is authenticated with the session token first. */
export type MarketChannel = 'tickers' | 'user' | `kline:${string}:${string}` | `depth:${string}` | `trades:${string}`;

export const USER_CHANNEL = 'user';

/** What each channel's messages carry. */
export type ChannelData<C extends string> = C extends 'tickers'
  ? Ticker[]
  : C extends 'user'
    ? UserFrame[]
    : C extends `kline:${string}`
      ? Candle
      : C extends `depth:${string}`
        ? Depth
        : C extends `trades:${string}`
          ? Trade[]
          : unknown;

const SCHEMAS: { prefix: string; schema: z.ZodType }[] = [
  { prefix: 'tickers', schema: z.array(Ticker) },
  { prefix: 'kline:', schema: Candle },
  { prefix: 'depth:', schema: Depth },
  { prefix: 'trades:', schema: z.array(Trade) },
  // Frames are `{seq?, event: {type, …}}`; lib/user-events.ts parses each against the contract's `UserFrame`.
  { prefix: USER_CHANNEL, schema: z.array(z.unknown()) },
];

export function schemaOf(channel: string): z.ZodType | undefined {
  return SCHEMAS.find((s) => channel === s.prefix || (s.prefix.endsWith(':') && channel.startsWith(s.prefix)))?.schema;
}

/** The part of the browser's WebSocket the client uses; tests hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // The client never reads these events: `never` lets the browser's handler types (Event, CloseEvent) fit.
  onopen: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export const OPEN = 1;

export interface WsClientOptions {
  url: string | (() => string);
  createSocket: (url: string) => SocketLike;
  schedule: Schedule;
  now: () => number;
  /** [0, 1); jitter of the reconnect delay. */
  random?: () => number;
  /** Runs a batch of subscription changes after the current tick. */
  defer?: (fn: () => void) => void;
  /** Where the client reports what it drops (a malformed message, a refused channel). */
  log?: (message: string, detail?: unknown) => void;
  /** The session token the `user` channel is authenticated with; null when signed out (no `user` channel). */
  getToken?: () => string | null;
  /** The last user-event number seen: a `user` subscription asks for what came after it (0: nothing to replay). */
  userSince?: () => number;
  idleCloseMs?: number;
  pingIntervalMs?: number;
  deadAfterMs?: number;
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
}

export const WS_DEFAULTS = {
  idleCloseMs: 30_000,
  pingIntervalMs: 20_000,
  deadAfterMs: 45_000,
  reconnectBaseMs: 500,
  reconnectMaxMs: 15_000,
} as const;

export interface SubscribeOptions {
  /**
   * Messages were missed (a `seq` gap, or the connection dropped and came back): the channel has been
   * re-subscribed and its next message is a fresh snapshot; refetch whatever REST data this view built on.
   */
  onResync?: () => void;
  /** The server refused the channel (an unknown symbol). */
  onError?: (msg: string) => void;
  /**
   * true once the server confirmed the channel (again after every reconnect), false when the connection dropped
   * or the channel was refused: a view polls REST while it is false.
   */
  onLive?: (live: boolean) => void;
}

export type FrameHandler<C extends string> = (data: ChannelData<C>, frame: WsFrame<ChannelData<C>>) => void;

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/**
 * Whether what a channel brought can be trusted as current: `live`; `stale` when it has been silent for longer
 * than it should be (market-ws-freshness.ts); `reconnecting` while the connection is down and coming back.
 */
export type Freshness = 'live' | 'stale' | 'reconnecting';

export interface Listener {
  handler: (data: unknown, frame: WsFrame) => void;
  options: SubscribeOptions;
}

export type Log = (message: string, detail?: unknown) => void;

/** Runs a listener's callback; one failing view must not stop the others. */
export function safely(fn: () => void) {
  try {
    fn();
  } catch (error) {
    console.error('[ws] a handler failed', error);
  }
}
