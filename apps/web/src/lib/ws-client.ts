/**
 * The market WebSocket (`/api/ws`, ARCHITECTURE §4): one shared connection for the whole app.
 *
 * - Lazy: opened when the first subscriber comes, closed `idleCloseMs` (30 s) after the last one leaves.
 * - Ref-counted: many screens may listen to one channel; the server hears one subscribe and one unsubscribe.
 *   Changes within one tick are batched, so a component that unmounts and mounts again (React StrictMode, a
 *   route change between two pages that show the same prices) sends nothing.
 * - Reconnects with exponential back-off and jitter (0.5 s → 15 s) and subscribes everything again.
 * - Gap detection: `seq` rises by one per message on a channel; a jump means the server skipped messages (slow
 *   client), so the channel is re-subscribed (a fresh snapshot) and its handlers' `onResync` run (refetch REST).
 * - Heartbeat: a ping every 20 s; no message at all for 45 s means the connection is dead: reconnect.
 * - The `user` channel (the signed-in user's order events) is subscribed after `{op:'auth', token}` was answered
 *   `authed`, on every connection; `onLive` tells a view whether its channel is confirmed, so it can poll while not.
 *
 * Everything it touches outside itself (the WebSocket constructor, timers, the clock, randomness) is passed in,
 * so ws-client.test.ts drives it with a fake socket and a hand-moved clock.
 */
import {
  Candle,
  Depth,
  Ticker,
  Trade,
  WS_MAX_CHANNELS,
  type WsClientMessage,
  type WsFrame,
  type WsReply,
} from '@nexa/contract';
import { z } from 'zod';
import type { Cancel, Schedule } from './async';

/** One event of the signed-in user on the `user` channel, e.g. `{event: 'delivery', data: DeliveryOrder}`. */
export interface UserEvent {
  event: string;
  data: unknown;
}

/** The channels of the socket; `user` is authenticated with the session token first. */
export type MarketChannel = 'tickers' | 'user' | `kline:${string}:${string}` | `depth:${string}` | `trades:${string}`;

const USER_CHANNEL = 'user';

/** What each channel's messages carry. */
export type ChannelData<C extends string> = C extends 'tickers'
  ? Ticker[]
  : C extends 'user'
    ? UserEvent[]
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
  { prefix: USER_CHANNEL, schema: z.array(z.object({ event: z.string(), data: z.unknown() })) },
];

function schemaOf(channel: string): z.ZodType | undefined {
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

const OPEN = 1;

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

interface Listener {
  handler: (data: unknown, frame: WsFrame) => void;
  options: SubscribeOptions;
}

interface ChannelState {
  listeners: Set<Listener>;
  /**
   * `pending`: a subscribe is on its way, frames are ignored until the server confirms it (frames of an older
   * subscription may still be in flight); `live`: frames must follow `lastSeq`; `refused` by the server.
   */
  phase: 'pending' | 'live' | 'refused';
  lastSeq: number;
}

export interface WsClient {
  subscribe<C extends MarketChannel>(channel: C, handler: FrameHandler<C>, options?: SubscribeOptions): () => void;
  /** Reconnects at once if the connection is down and waiting to retry (the network came back, the tab shows). */
  reconnectNow(): void;
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Closes the connection and forgets every subscriber (tests, logout of a future `user` channel). */
  destroy(): void;
}

/** The wait before reconnect attempt `attempt` (0-based): base × 2^attempt capped at max, with 50–100 % jitter. */
export function backoffDelayMs(attempt: number, random: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling * (0.5 + random * 0.5));
}

export function createWsClient(options: WsClientOptions): WsClient {
  const o = { ...WS_DEFAULTS, ...options };
  const random = options.random ?? Math.random;
  const defer = options.defer ?? ((fn: () => void) => queueMicrotask(fn));
  const log = options.log ?? ((message: string, detail?: unknown) => console.warn(`[ws] ${message}`, detail ?? ''));

  /**
   * Every channel with listeners, and (until the next flush) those whose last listener just left: a listener that
   * comes back before the flush finds the state as it was (still live, same seq), so nothing is sent and nothing
   * freezes. The flush forgets the ones still empty and unsubscribes them.
   */
  const channels = new Map<string, ChannelState>();
  const hasListeners = () => [...channels.values()].some((state) => state.listeners.size > 0);
  /** Channels the server has been asked for on the current connection. */
  const requested = new Set<string>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();

  let socket: SocketLike | null = null;
  let currentStatus: ConnectionStatus = 'idle';
  let attempt = 0;
  /** The connection was up before: the next open is a reconnect (missed messages: resync everyone). */
  let wasOpen = false;
  let lastMessageAt = 0;
  let cancelReconnect: Cancel | null = null;
  let cancelIdle: Cancel | null = null;
  let cancelPing: Cancel | null = null;
  let cancelDead: Cancel | null = null;
  let flushQueued = false;
  let destroyed = false;
  /** The `auth` of the current connection: which token was sent and whether the server accepted it. */
  let auth: { token: string; state: 'pending' | 'authed' | 'refused' } | null = null;

  const setStatus = (next: ConnectionStatus) => {
    if (next === currentStatus) return;
    currentStatus = next;
    for (const l of statusListeners) l(next);
  };

  const send = (message: WsClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  /** Calls every listener's `onLive` of `state`. */
  const tellLive = (state: ChannelState, live: boolean) => {
    for (const l of [...state.listeners]) safely(() => l.options.onLive?.(live));
  };

  /**
   * Whether the `user` channel may be subscribed on this connection: only after the server accepted the current
   * token. Sends `auth` when it has not been sent with this token yet.
   */
  const userReady = (): boolean => {
    const token = o.getToken?.() ?? null;
    if (!token) return false;
    if (auth?.token === token) return auth.state === 'authed';
    // A new token (first time on this connection, or another user signed in): the server re-keys the socket.
    auth = { token, state: 'pending' };
    send({ op: 'auth', token });
    return false;
  };

  const sendChunked = (op: 'subscribe' | 'unsubscribe', list: string[]) => {
    for (let i = 0; i < list.length; i += WS_MAX_CHANNELS) {
      send({ op, channels: list.slice(i, i + WS_MAX_CHANNELS) });
    }
  };

  /** Brings the server's subscriptions in line with the channels that have listeners. */
  const flush = () => {
    flushQueued = false;
    for (const [channel, state] of channels) if (state.listeners.size === 0) channels.delete(channel);
    if (socket?.readyState !== OPEN) return;
    const add: string[] = [];
    const remove: string[] = [];
    for (const [channel, state] of channels) {
      if (!requested.has(channel)) {
        if (channel === USER_CHANNEL && !userReady()) continue;
        requested.add(channel);
        state.phase = 'pending';
        add.push(channel);
      }
    }
    for (const channel of requested) {
      if (!channels.has(channel)) {
        requested.delete(channel);
        remove.push(channel);
      }
    }
    if (remove.length > 0) sendChunked('unsubscribe', remove);
    if (add.length > 0) sendChunked('subscribe', add);
  };

  const queueFlush = () => {
    if (flushQueued) return;
    flushQueued = true;
    defer(flush);
  };

  const clearTimers = () => {
    cancelPing?.();
    cancelPing = null;
    cancelDead?.();
    cancelDead = null;
  };

  const armPing = () => {
    cancelPing = o.schedule(() => {
      send({ op: 'ping' });
      armPing();
    }, o.pingIntervalMs);
  };

  /** Fires `deadAfterMs` after the last message; re-arms for the remainder while messages keep coming. */
  const armDead = (waitMs: number) => {
    cancelDead = o.schedule(() => {
      const silentMs = o.now() - lastMessageAt;
      if (silentMs >= o.deadAfterMs) {
        log('no message for too long: reconnecting');
        dropSocket();
        scheduleReconnect();
      } else armDead(o.deadAfterMs - silentMs);
    }, waitMs);
  };

  /** Detaches and closes the socket without waiting for its close event (a dead one may never send it). */
  const dropSocket = () => {
    clearTimers();
    const s = socket;
    socket = null;
    requested.clear();
    auth = null;
    for (const state of channels.values()) {
      if (state.phase === 'live') tellLive(state, false);
      if (state.phase !== 'refused') state.phase = 'pending';
    }
    if (!s) return;
    s.onopen = null;
    s.onclose = null;
    s.onerror = null;
    s.onmessage = null;
    try {
      s.close(1000);
    } catch {
      // already closing
    }
  };

  const scheduleReconnect = () => {
    if (destroyed || !hasListeners()) {
      setStatus('idle');
      return;
    }
    setStatus('reconnecting');
    const delay = backoffDelayMs(attempt, random(), o.reconnectBaseMs, o.reconnectMaxMs);
    attempt += 1;
    cancelReconnect?.();
    cancelReconnect = o.schedule(() => {
      cancelReconnect = null;
      connect();
    }, delay);
  };

  const resync = (channel: string, state: ChannelState) => {
    // Frames of the old subscription may still be on their way: ignore them until the server confirms.
    state.phase = 'pending';
    send({ op: 'unsubscribe', channels: [channel] });
    send({ op: 'subscribe', channels: [channel] });
    requested.add(channel);
    for (const l of [...state.listeners]) safely(() => l.options.onResync?.());
  };

  const onFrame = (frame: WsFrame) => {
    const state = channels.get(frame.channel);
    if (!state || state.phase !== 'live') return;
    if (frame.seq !== state.lastSeq + 1) {
      log(`gap on ${frame.channel}: expected seq ${state.lastSeq + 1}, got ${frame.seq}: resyncing`);
      resync(frame.channel, state);
      return;
    }
    state.lastSeq = frame.seq;
    const schema = schemaOf(frame.channel);
    let data: unknown = frame.data;
    if (schema) {
      const parsed = schema.safeParse(frame.data);
      if (!parsed.success) {
        log(`${frame.channel}: message does not match the contract`, parsed.error.issues);
        return;
      }
      data = parsed.data;
    }
    const typed = { ...frame, data };
    for (const l of [...state.listeners]) safely(() => l.handler(data, typed));
  };

  /** The session behind the token is not (or no longer) valid: the user channel stays off until a new token. */
  const refuseUser = () => {
    if (auth) auth.state = 'refused';
    requested.delete(USER_CHANNEL);
    const state = channels.get(USER_CHANNEL);
    if (!state) return;
    state.phase = 'refused';
    for (const l of [...state.listeners]) safely(() => l.options.onError?.('unauthorized'));
    tellLive(state, false);
  };

  const onReply = (reply: WsReply) => {
    if (reply.op === 'revoked') {
      // The server ended the session's binding (logout elsewhere, password changed, expiry).
      refuseUser();
      return;
    }
    if (reply.op === 'subscribed') {
      for (const channel of reply.channels ?? []) {
        const state = channels.get(channel);
        if (state && requested.has(channel)) {
          state.phase = 'live';
          state.lastSeq = 0;
          tellLive(state, true);
        }
      }
    } else if (reply.op === 'authed') {
      if (auth?.state === 'pending') {
        auth.state = 'authed';
        flush();
      }
    } else if (reply.op === 'error') {
      log(`server error: ${reply.msg ?? ''}`, reply.channels);
      if (!reply.channels && auth?.state === 'pending' && reply.msg === 'unauthorized') {
        // The token was refused (expired session): the user channel stays off on this connection.
        refuseUser();
        return;
      }
      const refused = new Set(reply.channels ?? []);
      for (const channel of refused) {
        const state = channels.get(channel);
        if (!state) continue;
        state.phase = 'refused';
        for (const l of state.listeners) safely(() => l.options.onError?.(reply.msg ?? 'refused'));
        tellLive(state, false);
      }
      if (refused.size > 0) {
        // The server refuses a whole subscribe when one channel is refused: ask again for the others.
        const retry = [...channels].filter(([c, s]) => s.phase === 'pending' && requested.has(c)).map(([c]) => c);
        if (retry.length > 0) sendChunked('subscribe', retry);
      }
    }
  };

  const onMessage = (raw: unknown) => {
    lastMessageAt = o.now();
    if (typeof raw !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      log('a message that is not JSON');
      return;
    }
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    for (const m of messages) {
      if (typeof m !== 'object' || m === null) continue;
      if ('op' in m) onReply(m as WsReply);
      else if ('channel' in m && 'seq' in m && typeof m.channel === 'string' && typeof m.seq === 'number') {
        onFrame(m as WsFrame);
      }
    }
  };

  const connect = () => {
    if (destroyed || socket) return;
    cancelIdle?.();
    cancelIdle = null;
    setStatus(wasOpen || attempt > 0 ? 'reconnecting' : 'connecting');
    let s: SocketLike;
    try {
      s = o.createSocket(typeof o.url === 'function' ? o.url() : o.url);
    } catch (error) {
      log('could not create the socket', error);
      scheduleReconnect();
      return;
    }
    socket = s;
    s.onopen = () => {
      const reconnected = wasOpen;
      wasOpen = true;
      attempt = 0;
      lastMessageAt = o.now();
      setStatus('open');
      armPing();
      armDead(o.deadAfterMs);
      requested.clear();
      flush();
      if (reconnected) {
        // Whatever happened while the connection was down is lost: let every view refetch.
        for (const state of channels.values()) {
          for (const l of [...state.listeners]) safely(() => l.options.onResync?.());
        }
      }
    };
    s.onmessage = (event) => onMessage(event.data);
    s.onerror = () => {
      // A close event follows; reconnecting is decided there.
    };
    s.onclose = () => {
      if (socket !== s) return;
      dropSocket();
      scheduleReconnect();
    };
  };

  const close = () => {
    cancelReconnect?.();
    cancelReconnect = null;
    cancelIdle?.();
    cancelIdle = null;
    dropSocket();
    attempt = 0;
    wasOpen = false;
    setStatus('idle');
  };

  const onLastListenerGone = () => {
    if (hasListeners() || cancelIdle) return;
    if (!socket) {
      // Nothing to keep alive: stop retrying.
      close();
      return;
    }
    cancelIdle = o.schedule(() => {
      cancelIdle = null;
      if (!hasListeners()) close();
    }, o.idleCloseMs);
  };

  return {
    subscribe(channel, handler, subscribeOptions = {}) {
      if (destroyed) return () => undefined;
      const listener: Listener = {
        handler: handler as Listener['handler'],
        options: subscribeOptions,
      };
      let state = channels.get(channel);
      if (!state) {
        state = { listeners: new Set(), phase: 'pending', lastSeq: 0 };
        channels.set(channel, state);
      }
      state.listeners.add(listener);
      if (state.phase === 'live' && subscribeOptions.onLive) {
        // Joining a channel that is already confirmed: it is live for this listener too.
        const joined = state;
        defer(() => {
          if (joined.phase === 'live' && joined.listeners.has(listener)) safely(() => subscribeOptions.onLive?.(true));
        });
      }
      cancelIdle?.();
      cancelIdle = null;
      if (!socket && !cancelReconnect) connect();
      else queueFlush();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = channels.get(channel);
        if (!current) return;
        current.listeners.delete(listener);
        if (current.listeners.size === 0) {
          queueFlush();
          onLastListenerGone();
        }
      };
    },
    reconnectNow() {
      if (!cancelReconnect) return;
      cancelReconnect();
      cancelReconnect = null;
      connect();
    },
    status: () => currentStatus,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    destroy() {
      destroyed = true;
      channels.clear();
      close();
      statusListeners.clear();
    },
  };
}

function safely(fn: () => void) {
  try {
    fn();
  } catch (error) {
    console.error('[ws] a handler failed', error);
  }
}
