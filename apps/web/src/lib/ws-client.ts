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
 * - Freshness: a channel silent for longer than its feed ever is (tickers: 3 s) is `stale`, and every channel is
 *   `reconnecting` while the connection is down, so a view greys what it shows instead of freezing silently.
 *
 * Four parts: this public API, the subscription state machine (market-ws-channels.ts), the socket with its
 * heartbeat and reconnects (market-ws-connection.ts) and freshness (market-ws-freshness.ts);
 * market-ws-protocol.ts holds the types they share.
 * Everything it touches outside itself (the WebSocket constructor, timers, the clock, randomness) is passed in,
 * so ws-client.test.ts drives it with a fake socket and a hand-moved clock.
 */
import { ChannelTable } from './market-ws-channels';
import { Connection } from './market-ws-connection';
import { FreshnessWatch } from './market-ws-freshness';
import {
  type ConnectionStatus,
  type FrameHandler,
  type Freshness,
  type Listener,
  type MarketChannel,
  type SubscribeOptions,
  WS_DEFAULTS,
  type WsClientOptions,
} from './market-ws-protocol';

export { backoffDelayMs } from './market-ws-connection';
export {
  type ChannelData,
  type ConnectionStatus,
  type FrameHandler,
  type Freshness,
  type MarketChannel,
  type SocketLike,
  type SubscribeOptions,
  type UserFrame,
  WS_DEFAULTS,
  type WsClientOptions,
} from './market-ws-protocol';

export interface WsClient {
  subscribe<C extends MarketChannel>(channel: C, handler: FrameHandler<C>, options?: SubscribeOptions): () => void;
  /** Reconnects at once if the connection is down and waiting to retry (the network came back, the tab shows). */
  reconnectNow(): void;
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Whether what `channel` shows is current (the same value until `onFreshness` says it may have changed). */
  freshness(channel: MarketChannel): Freshness;
  /** Called whenever the freshness of a channel read with `freshness` changed. */
  onFreshness(listener: () => void): () => void;
  /** Closes the connection and forgets every subscriber (tests, logout of a future `user` channel). */
  destroy(): void;
}

export function createWsClient(options: WsClientOptions): WsClient {
  const o = { ...WS_DEFAULTS, ...options };
  const defer = options.defer ?? ((fn: () => void) => queueMicrotask(fn));
  const log = options.log ?? ((message: string, detail?: unknown) => console.warn(`[ws] ${message}`, detail ?? ''));
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  let currentStatus: ConnectionStatus = 'idle';

  const channels = new ChannelTable({
    send: (message) => connection.send(message),
    isOpen: () => connection.isOpen(),
    defer,
    log,
    getToken: () => o.getToken?.() ?? null,
    userSince: () => o.userSince?.() ?? 0,
    now: o.now,
    framed: (channel) => freshness.framed(channel),
  });
  const freshness = new FreshnessWatch({
    schedule: o.schedule,
    now: o.now,
    status: () => currentStatus,
    lastFrameAt: (channel) => channels.lastFrameAt(channel),
  });
  const connection: Connection = new Connection(
    o,
    {
      opened: (reconnected) => channels.opened(reconnected),
      dropped: () => channels.dropped(),
      message: (raw) => channels.receive(raw),
      needed: () => channels.hasListeners(),
      status: (next) => {
        if (next === currentStatus) return;
        currentStatus = next;
        for (const l of statusListeners) l(next);
        freshness.check();
      },
    },
    log,
  );

  return {
    subscribe(channel, handler, subscribeOptions = {}) {
      if (connection.isDestroyed()) return () => undefined;
      const listener: Listener = { handler: handler as Listener['handler'], options: subscribeOptions };
      channels.add(channel, listener);
      if (!connection.wake()) channels.queueFlush();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        if (channels.remove(channel, listener)) {
          channels.queueFlush();
          connection.idle();
        }
      };
    },
    reconnectNow: () => connection.reconnectNow(),
    status: () => currentStatus,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    freshness: (channel) => freshness.of(channel),
    onFreshness: (listener) => freshness.watch(listener),
    destroy() {
      connection.destroy();
      freshness.stop();
      channels.clear();
      connection.close();
      statusListeners.clear();
    },
  };
}
