import websocket from '@fastify/websocket';
import {
  type SessionRevocation,
  UserEvent,
  type UserFrame,
  WS_MAX_CHANNELS,
  WsClientMessage,
  type WsFrame,
  type WsReply,
} from '@nexa/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from './bus.js';

/** How a channel's updates combine between two flushes. */
export type MergeMode =
  /** Keep the latest value per key (tickers: per symbol); the frame carries the changed values as an array. */
  | { kind: 'keyed'; key: (data: unknown) => string }
  /** Keep every item, newest last, at most `max` (trades). */
  | { kind: 'append'; max: number }
  /** Keep only the latest value (a candle, a book). */
  | { kind: 'latest' };

export interface HubOptions {
  /** Flush period: each client gets at most one frame per period (100 ms: ≤ 10 frames a second). */
  flushMs: number;
  /**
   * How long an idle hub waits before it flushes what just arrived, so a burst (a feed's second of ticks comes
   * as several bus messages) leaves in one frame instead of its first part now and the rest a period later.
   */
  burstMs: number;
  /** Above this many buffered bytes a client's updates are skipped (its `seq` jumps: it must resync). */
  softCapBytes: number;
  /** Above this, a client that stopped reading is cut off at once. */
  hardCapBytes: number;
  /** A client whose buffer stays above the soft cap this long has stopped reading: it is cut off. */
  slowCutoffMs: number;
  heartbeatMs: number;
  /** Largest message a client may send. */
  maxClientMessageBytes: number;
}

/** How often sockets are checked for expired sessions. */
const SESSION_SWEEP_MS = 5_000;
/** How often the sessions bound here are re-checked in the database (a revocation whose bus message was lost). */
const REVOCATION_CHECK_MS = 15_000;

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  flushMs: 100,
  burstMs: 5,
  softCapBytes: 256 * 1024,
  hardCapBytes: 1024 * 1024,
  slowCutoffMs: 10_000,
  heartbeatMs: 20_000,
  maxClientMessageBytes: 4096,
};

interface Client {
  ws: WebSocket;
  channels: Set<string>;
  seq: Map<string, number>;
  pending: Map<string, unknown>;
  userId?: string;
  /** The login session the socket authenticated with: revoking or expiring it unbinds the socket. */
  session?: WsSession;
  /** Ops run one after another, so `auth` then `subscribe user` sent together work in that order. */
  ops: Promise<void>;
  alive: boolean;
  /** When its buffer went above the soft cap (0: it is keeping up). */
  slowSinceMs: number;
}

export interface ChannelPolicy {
  /** Whether `channel` exists (e.g. a known symbol). */
  accepts(channel: string): boolean;
  merge(channel: string): MergeMode;
  /** The first frame after subscribing: the channel's current state, so a (re)subscriber starts whole. */
  snapshot(channel: string, userId: string | undefined): unknown | undefined;
  authenticate(token: string): Promise<WsSession | null>;
  /** The user's journaled events after `since` (a reconnecting client's last), or `resync` when they are gone. */
  replay?(userId: string, since: number): Promise<{ seq: number; event: UserEvent }[] | 'resync'>;
  /** Which of these sessions are still live: the periodic re-check behind the bus's revocation messages. */
  liveSessions?(sessionIds: string[]): Promise<Set<string>>;
}

/** Who a socket acts for, and until when. */
export interface WsSession {
  userId: string;
  sessionId: string;
  expiresAtMs: number;
}

/**
 * WebSocket /api/ws (ARCHITECTURE §4). Updates published on a channel are merged per client and flushed at
 * most every `flushMs` as one frame: one message, or an array of messages when several channels changed. Each
 * message is {channel, seq, ts, data}; seq rises by one per message on a channel of one connection, and jumps
 * when the server skipped a slow client's updates, so the client knows to resync.
 */
export class WsHub {
  private readonly clients = new Set<Client>();
  private readonly byChannel = new Map<string, Set<Client>>();
  /** The `user` channel's subscribers by user: an event goes to its user's sockets without a look at the others'. */
  private readonly userSockets = new Map<string, Set<Client>>();
  /** Clients with messages of their own (snapshots, user events) waiting. */
  private readonly dirty = new Set<Client>();
  /** Each channel's updates since the last flush, merged once for all its subscribers. */
  private readonly channelPending = new Map<string, unknown>();
  private readonly timers: NodeJS.Timeout[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private checkingRevocations = false;
  private lastFlushAt = 0;
  readonly stats = { framesSent: 0, cutOff: 0, skipped: 0 };

  constructor(
    private readonly policy: ChannelPolicy,
    private readonly opts: HubOptions = DEFAULT_HUB_OPTIONS,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async register(app: FastifyInstance) {
    await app.register(websocket, { options: { maxPayload: this.opts.maxClientMessageBytes } });
    app.get('/api/ws', { websocket: true }, (socket) => this.attach(socket));
    this.timers.push(setInterval(() => this.heartbeat(), this.opts.heartbeatMs));
    this.timers.push(setInterval(() => this.expireSessions(), SESSION_SWEEP_MS));
    this.timers.push(setInterval(() => void this.checkRevocations(), REVOCATION_CHECK_MS));
    app.addHook('onClose', async () => this.close());
  }

  get connections(): number {
    return this.clients.size;
  }

  hasSubscribers(channel: string): boolean {
    return (this.byChannel.get(channel)?.size ?? 0) > 0;
  }

  /** The users subscribed to `channel` on this node (the perpetual engine sends live figures only to watchers). */
  usersOn(channel: string): Set<string> {
    const users = new Set<string>();
    for (const c of this.byChannel.get(channel) ?? []) if (c.userId) users.add(c.userId);
    return users;
  }

  /** Queues `data` for every client subscribed to `channel`: merged once, serialised once per flush. */
  publish(channel: string, data: unknown) {
    if (!this.hasSubscribers(channel)) return;
    this.channelPending.set(channel, merge(this.channelPending.get(channel), data, this.policy.merge(channel)));
    this.scheduleFlush();
  }

  /** Queues an event on the `user` channel of one user's connections (on this node). */
  publishToUser(userId: string, data: UserFrame) {
    const subs = this.userSockets.get(userId);
    if (!subs) return;
    const mode = this.policy.merge('user');
    for (const c of subs) if (c.userId === userId) this.queue(c, 'user', data, mode);
  }

  /**
   * Puts what a reconnecting client missed ahead of whatever arrived meanwhile (by number, once each), all of it:
   * the channel's cap on queued events does not cut a replay short.
   */
  private queueReplay(c: Client, replayed: { seq: number; event: UserEvent }[]) {
    const queued = (c.pending.get('user') as UserFrame[] | undefined) ?? [];
    const last = replayed.at(-1)?.seq ?? 0;
    const later = queued.filter((f) => f.seq === undefined || f.seq > last);
    c.pending.set('user', [...replayed, ...later]);
    this.dirty.add(c);
    this.scheduleFlush();
  }

  /**
   * Unbinds every socket of the revoked sessions on this node (every node gets the revocation over the bus):
   * its `user` subscription ends at once and it is told so; market channels stay.
   */
  revoke(r: SessionRevocation) {
    const sessions = new Set(r.sessionIds ?? []);
    for (const c of this.clients) {
      const s = c.session;
      if (!s) continue;
      const byUser = r.userId === s.userId && r.exceptSessionId !== s.sessionId;
      if (sessions.has(s.sessionId) || byUser) this.unbind(c);
    }
  }

  /**
   * What reaches this node's sockets from every node over the bus: users' events for the sockets of those users held
   * here (the bus checked the envelope; each event is parsed by the contract here, for those users only), and revoked
   * sessions, whose sockets stop receiving their user's events.
   */
  async follow(bus: Pick<Bus, 'subscribe' | 'reportInvalid'>) {
    await bus.subscribe('user-events', ({ events }) => {
      for (const { userId, seq, event } of events) {
        // The bus checked the envelope; the event itself is parsed only where one of its user's sockets is.
        if (!this.userSockets.has(userId)) continue;
        const parsed = UserEvent.safeParse(event);
        if (!parsed.success) {
          bus.reportInvalid('user-events', parsed.error.issues.slice(0, 5));
          continue;
        }
        this.publishToUser(userId, seq === undefined ? { event: parsed.data } : { seq, event: parsed.data });
      }
    });
    await bus.subscribe('sessions', (r) => this.revoke(r));
  }

  /** Sockets whose session expired lose their user binding (checked every few seconds). */
  expireSessions() {
    const now = this.nowMs();
    for (const c of this.clients) if (c.session && c.session.expiresAtMs <= now) this.unbind(c);
  }

  /**
   * Sockets whose session was revoked lose their user binding even when the revocation's bus message was lost (the
   * bus was down after the revoking commit): the sessions bound on this node are re-checked in one call. A database
   * that does not answer leaves them to the next check.
   */
  async checkRevocations(): Promise<void> {
    const { liveSessions } = this.policy;
    if (!liveSessions || this.checkingRevocations) return;
    const bound = new Set<string>();
    for (const c of this.clients) if (c.session) bound.add(c.session.sessionId);
    if (bound.size === 0) return;
    this.checkingRevocations = true;
    try {
      const live = await liveSessions([...bound]);
      // Only sessions asked about: a socket that authenticated meanwhile is checked next time.
      for (const c of this.clients) {
        const id = c.session?.sessionId;
        if (id !== undefined && bound.has(id) && !live.has(id)) this.unbind(c);
      }
    } catch {
      // the database is away: the next check
    } finally {
      this.checkingRevocations = false;
    }
  }

  private unbind(c: Client) {
    this.unsubscribe(c, 'user');
    c.userId = undefined;
    c.session = undefined;
    this.reply(c, { op: 'revoked', channels: ['user'] });
  }

  private queue(c: Client, channel: string, data: unknown, mode: MergeMode) {
    c.pending.set(channel, merge(c.pending.get(channel), data, mode));
    this.dirty.add(c);
    this.scheduleFlush();
  }

  /**
   * Flushes as soon as something is queued (after `burstMs`, for the rest of a burst), but never sooner than
   * `flushMs` after the previous flush: an idle hub answers at once, a busy one batches, and no client gets more
   * than one frame per `flushMs`.
   */
  private scheduleFlush() {
    if (this.flushTimer) return;
    const delay = Math.max(this.opts.burstMs, this.lastFlushAt + this.opts.flushMs - Date.now());
    this.flushTimer = setTimeout(() => this.flush(), delay);
  }

  /** Takes over a connected socket (the route does this; tests hand in their own). */
  attach(ws: WebSocket) {
    const c: Client = {
      ws,
      channels: new Set(),
      seq: new Map(),
      pending: new Map(),
      ops: Promise.resolve(),
      alive: true,
      slowSinceMs: 0,
    };
    this.clients.add(c);
    ws.on('pong', () => {
      c.alive = true;
    });
    ws.on('message', (raw) => {
      const text = raw.toString();
      c.ops = c.ops.then(() => this.onMessage(c, text)).catch(() => this.reply(c, { op: 'error', msg: 'failed' }));
    });
    ws.on('close', () => this.drop(c));
    ws.on('error', () => this.drop(c));
  }

  private async onMessage(c: Client, raw: string) {
    // A socket's messages run in turn; one that closed meanwhile (say, while its `auth` was checked) is gone from
    // `clients`, and nothing it asked for may put it back in a channel or the user index, where nothing would take
    // it out again.
    if (!this.clients.has(c)) return;
    c.alive = true;
    let parsed: WsClientMessage;
    try {
      const r = WsClientMessage.safeParse(JSON.parse(raw));
      if (!r.success) return this.reply(c, { op: 'error', msg: 'invalid message' });
      parsed = r.data;
    } catch {
      return this.reply(c, { op: 'error', msg: 'invalid JSON' });
    }
    if (parsed.op === 'ping') return this.reply(c, { op: 'pong' });
    if (parsed.op === 'auth') {
      const session = await this.policy.authenticate(parsed.token);
      if (!this.clients.has(c)) return;
      if (!session || session.expiresAtMs <= this.nowMs()) return this.reply(c, { op: 'error', msg: 'unauthorized' });
      // Another login on the same socket: the previous user's events stop first.
      if (c.userId && c.userId !== session.userId) this.unsubscribe(c, 'user');
      c.userId = session.userId;
      c.session = session;
      return this.reply(c, { op: 'authed' });
    }
    if (parsed.op === 'unsubscribe') {
      for (const ch of parsed.channels) this.unsubscribe(c, ch);
      return this.reply(c, { op: 'unsubscribed', channels: parsed.channels });
    }
    const refused = parsed.channels.filter((ch) => !this.policy.accepts(ch) || (ch === 'user' && !c.userId));
    if (refused.length > 0)
      return this.reply(c, { op: 'error', msg: `refused: ${refused.join(',')}`, channels: refused });
    if (c.channels.size + parsed.channels.filter((ch) => !c.channels.has(ch)).length > WS_MAX_CHANNELS) {
      return this.reply(c, { op: 'error', msg: 'too many channels' });
    }
    for (const ch of parsed.channels) {
      c.channels.add(ch);
      const set = this.byChannel.get(ch) ?? new Set<Client>();
      this.byChannel.set(ch, set);
      set.add(c);
      if (ch === 'user') this.indexUser(c, true);
      // A fresh subscription restarts the channel's sequence with a snapshot of its state.
      c.seq.set(ch, 0);
      c.pending.delete(ch);
      const snap = this.policy.snapshot(ch, c.userId);
      const mode = this.policy.merge(ch);
      if (snap === undefined) continue;
      if (mode.kind === 'keyed' && Array.isArray(snap)) for (const item of snap) this.queue(c, ch, item, mode);
      else this.queue(c, ch, snap, mode);
    }
    this.reply(c, { op: 'subscribed', channels: parsed.channels });
    if (parsed.since !== undefined && c.userId && parsed.channels.includes('user')) await this.replay(c, parsed.since);
  }

  /** A `subscribe user` with `since`: what the client missed, or `resync` when it cannot be replayed. */
  private async replay(c: Client, since: number) {
    const userId = c.userId!;
    const missed = (await this.policy.replay?.(userId, since)) ?? 'resync';
    // Signed out, unsubscribed or closed while the journal was read.
    if (c.userId !== userId || !c.channels.has('user') || !this.clients.has(c)) return;
    if (missed === 'resync') return this.reply(c, { op: 'resync', channels: ['user'] });
    if (missed.length > 0) this.queueReplay(c, missed);
  }

  /** Keeps `userSockets` in step with the `user` channel (a socket's user changes only while it is off that channel). */
  private indexUser(c: Client, on: boolean) {
    const userId = c.userId;
    if (!userId) return;
    const set = this.userSockets.get(userId) ?? new Set<Client>();
    if (on) set.add(c);
    else set.delete(c);
    if (set.size > 0) this.userSockets.set(userId, set);
    else this.userSockets.delete(userId);
  }

  private unsubscribe(c: Client, ch: string) {
    if (ch === 'user' && c.channels.has('user')) this.indexUser(c, false);
    c.channels.delete(ch);
    c.pending.delete(ch);
    c.seq.delete(ch);
    this.byChannel.get(ch)?.delete(c);
  }

  private reply(c: Client, r: WsReply) {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify(r));
  }

  private drop(c: Client) {
    if (!this.clients.delete(c)) return;
    if (c.channels.has('user')) this.indexUser(c, false);
    for (const ch of c.channels) this.byChannel.get(ch)?.delete(c);
    this.dirty.delete(c);
  }

  /** One frame per client with something to send. */
  flush() {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const ts = Date.now();
    this.lastFlushAt = ts;
    const shared = new Map<string, string>();
    const visit = new Set(this.dirty);
    for (const [channel, value] of this.channelPending) {
      shared.set(channel, JSON.stringify(materialize(value)));
      for (const c of this.byChannel.get(channel) ?? []) visit.add(c);
    }
    for (const c of visit) {
      const buffered = c.ws.bufferedAmount;
      if (buffered <= this.opts.softCapBytes) c.slowSinceMs = 0;
      else if (c.slowSinceMs === 0) c.slowSinceMs = ts;
      if (buffered > this.opts.hardCapBytes || (c.slowSinceMs > 0 && ts - c.slowSinceMs > this.opts.slowCutoffMs)) {
        this.stats.cutOff++;
        c.ws.terminate();
        this.drop(c);
        continue;
      }
      const skip = buffered > this.opts.softCapBytes;
      const parts: string[] = [];
      const add = (channel: string, dataJson: string) => {
        const seq = (c.seq.get(channel) ?? 0) + 1;
        c.seq.set(channel, seq);
        // Skipped: the seq still moves on, and the gap tells the client to resync.
        if (!skip) parts.push(`{"channel":${JSON.stringify(channel)},"seq":${seq},"ts":${ts},"data":${dataJson}}`);
      };
      for (const [channel, own] of c.pending) {
        const delta = this.channelPending.get(channel);
        const value = delta === undefined ? own : combine(own, delta, this.policy.merge(channel));
        add(channel, JSON.stringify(materialize(value)));
      }
      for (const [channel, dataJson] of shared) {
        if (c.channels.has(channel) && !c.pending.has(channel)) add(channel, dataJson);
      }
      c.pending.clear();
      if (skip) this.stats.skipped++;
      if (parts.length > 0 && c.ws.readyState === c.ws.OPEN) {
        c.ws.send(parts.length === 1 ? parts[0]! : `[${parts.join(',')}]`);
        this.stats.framesSent++;
      }
    }
    this.channelPending.clear();
    this.dirty.clear();
  }

  private heartbeat() {
    for (const c of this.clients) {
      if (!c.alive) {
        c.ws.terminate();
        this.drop(c);
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }

  close() {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const t of this.timers) clearInterval(t);
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
    this.byChannel.clear();
    this.userSockets.clear();
  }
}

function merge(prev: unknown, data: unknown, mode: MergeMode): unknown {
  if (mode.kind === 'latest') return data;
  if (mode.kind === 'append') {
    const list = [...((prev as unknown[] | undefined) ?? []), ...(Array.isArray(data) ? data : [data])];
    return list.length > mode.max ? list.slice(list.length - mode.max) : list;
  }
  const map = (prev as Map<string, unknown> | undefined) ?? new Map<string, unknown>();
  map.set(mode.key(data), data);
  return map;
}

/** A client's own pending value (a snapshot) followed by the channel's newer updates. */
function combine(own: unknown, delta: unknown, mode: MergeMode): unknown {
  if (mode.kind === 'latest') return delta;
  if (mode.kind === 'append') return merge(own, delta, mode);
  return new Map([...(own as Map<string, unknown>), ...(delta as Map<string, unknown>)]);
}

const materialize = (value: unknown) => (value instanceof Map ? [...value.values()] : value);
