/**
 * The socket's life for the market WebSocket (ws-client.ts): opening it lazily, the heartbeat (a ping every
 * `pingIntervalMs`; silence for `deadAfterMs` means it is dead), reconnecting with exponential back-off and
 * jitter, and closing it `idleCloseMs` after the last listener left. What the socket carries is the subscription
 * state machine's business (market-ws-channels.ts): the connection tells it through `ConnectionEvents`.
 */
import type { WsClientMessage } from '@nexa/contract';
import type { Cancel } from './async';
import {
  type ConnectionStatus,
  type Log,
  OPEN,
  type SocketLike,
  type WS_DEFAULTS,
  type WsClientOptions,
} from './market-ws-protocol';

/** The wait before reconnect attempt `attempt` (0-based): base × 2^attempt capped at max, with 50–100 % jitter. */
export function backoffDelayMs(attempt: number, random: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling * (0.5 + random * 0.5));
}

export interface ConnectionEvents {
  /** The socket opened; `reconnected` when an earlier one had been open (messages were missed). */
  opened: (reconnected: boolean) => void;
  dropped: () => void;
  message: (raw: unknown) => void;
  /** Whether anyone still listens: a connection nobody needs is not retried. */
  needed: () => boolean;
  status: (status: ConnectionStatus) => void;
}

/** The options with every default filled in. */
type Resolved = WsClientOptions & { [K in keyof typeof WS_DEFAULTS]: number };

export class Connection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  /** The connection was up before: the next open is a reconnect (missed messages: resync everyone). */
  private wasOpen = false;
  private lastMessageAt = 0;
  private cancelReconnect: Cancel | null = null;
  private cancelIdle: Cancel | null = null;
  private cancelPing: Cancel | null = null;
  private cancelDead: Cancel | null = null;
  private destroyed = false;
  private readonly o: Resolved;
  private readonly events: ConnectionEvents;
  private readonly log: Log;
  private readonly random: () => number;

  constructor(o: Resolved, events: ConnectionEvents, log: Log) {
    this.o = o;
    this.events = events;
    this.log = log;
    this.random = o.random ?? Math.random;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  send(message: WsClientMessage) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Someone listens: keep the connection (cancel the idle close); false when it is already there or coming. */
  wake(): boolean {
    this.cancelIdle?.();
    this.cancelIdle = null;
    if (this.socket || this.cancelReconnect) return false;
    this.connect();
    return true;
  }

  /** Reconnects at once if the connection is down and waiting to retry. */
  reconnectNow() {
    if (!this.cancelReconnect) return;
    this.cancelReconnect();
    this.cancelReconnect = null;
    this.connect();
  }

  /** The last listener left: close now when there is no socket, else after `idleCloseMs`. */
  idle() {
    if (this.events.needed() || this.cancelIdle) return;
    if (!this.socket) {
      // Nothing to keep alive: stop retrying.
      this.close();
      return;
    }
    this.cancelIdle = this.o.schedule(() => {
      this.cancelIdle = null;
      if (!this.events.needed()) this.close();
    }, this.o.idleCloseMs);
  }

  destroy() {
    this.destroyed = true;
  }

  close() {
    this.cancelReconnect?.();
    this.cancelReconnect = null;
    this.cancelIdle?.();
    this.cancelIdle = null;
    this.dropSocket();
    this.attempt = 0;
    this.wasOpen = false;
    this.events.status('idle');
  }

  private connect() {
    if (this.destroyed || this.socket) return;
    this.cancelIdle?.();
    this.cancelIdle = null;
    this.events.status(this.wasOpen || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let s: SocketLike;
    try {
      s = this.o.createSocket(typeof this.o.url === 'function' ? this.o.url() : this.o.url);
    } catch (error) {
      this.log('could not create the socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = s;
    s.onopen = () => this.onOpen();
    s.onmessage = (event) => {
      this.lastMessageAt = this.o.now();
      this.events.message(event.data);
    };
    s.onerror = () => {
      // A close event follows; reconnecting is decided there.
    };
    s.onclose = () => {
      if (this.socket !== s) return;
      this.dropSocket();
      this.scheduleReconnect();
    };
  }

  private onOpen() {
    const reconnected = this.wasOpen;
    this.wasOpen = true;
    this.attempt = 0;
    this.lastMessageAt = this.o.now();
    this.events.status('open');
    this.armPing();
    this.armDead(this.o.deadAfterMs);
    this.events.opened(reconnected);
  }

  private clearTimers() {
    this.cancelPing?.();
    this.cancelPing = null;
    this.cancelDead?.();
    this.cancelDead = null;
  }

  private armPing() {
    this.cancelPing = this.o.schedule(() => {
      this.send({ op: 'ping' });
      this.armPing();
    }, this.o.pingIntervalMs);
  }

  /** Fires `deadAfterMs` after the last message; re-arms for the remainder while messages keep coming. */
  private armDead(waitMs: number) {
    this.cancelDead = this.o.schedule(() => {
      const silentMs = this.o.now() - this.lastMessageAt;
      if (silentMs >= this.o.deadAfterMs) {
        this.log('no message for too long: reconnecting');
        this.dropSocket();
        this.scheduleReconnect();
      } else this.armDead(this.o.deadAfterMs - silentMs);
    }, waitMs);
  }

  /** Detaches and closes the socket without waiting for its close event (a dead one may never send it). */
  private dropSocket() {
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    this.events.dropped();
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
  }

  private scheduleReconnect() {
    if (this.destroyed || !this.events.needed()) {
      this.events.status('idle');
      return;
    }
    this.events.status('reconnecting');
    const delay = backoffDelayMs(this.attempt, this.random(), this.o.reconnectBaseMs, this.o.reconnectMaxMs);
    this.attempt += 1;
    this.cancelReconnect?.();
    this.cancelReconnect = this.o.schedule(() => {
      this.cancelReconnect = null;
      this.connect();
    }, delay);
  }
}
