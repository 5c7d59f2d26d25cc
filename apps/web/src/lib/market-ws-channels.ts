/**
 * The subscription state machine of the market WebSocket (ws-client.ts): which channels have listeners, which the
 * server was asked for on the current connection, each channel's phase and `seq`, and the `auth` of the `user`
 * channel. It knows nothing of the socket's life: the connection tells it when it opens and drops, and it sends
 * through `send`, which drops the message while the socket is not open.
 */
import { WS_MAX_CHANNELS, type WsClientMessage, type WsFrame, type WsReply } from '@nexa/contract';
import { type Listener, type Log, USER_CHANNEL, safely, schemaOf } from './market-ws-protocol';

interface ChannelState {
  listeners: Set<Listener>;
  /**
   * `pending`: a subscribe is on its way, frames are ignored until the server confirms it (frames of an older
   * subscription may still be in flight); `live`: frames must follow `lastSeq`; `refused` by the server.
   */
  phase: 'pending' | 'live' | 'refused';
  lastSeq: number;
  /**
   * When the channel last delivered a frame to its listeners, or got its first listener (less the silence it had
   * when it was last left; freshness); -Infinity after the connection dropped, until the next frame.
   */
  lastFrameAt: number;
}

export interface ChannelTableDeps {
  send: (message: WsClientMessage) => void;
  isOpen: () => boolean;
  defer: (fn: () => void) => void;
  log: Log;
  getToken: () => string | null;
  /** The last user-event number seen; a `user` subscription asks the server to replay what came after it. */
  userSince?: () => number;
  now: () => number;
  /** A frame of `channel` reached its listeners. */
  framed: (channel: string) => void;
}

/** Calls every listener's `onLive` of `state`. */
function tellLive(state: ChannelState, live: boolean) {
  for (const l of [...state.listeners]) safely(() => l.options.onLive?.(live));
}

export class ChannelTable {
  /**
   * Every channel with listeners, and (until the next flush) those whose last listener just left: a listener that
   * comes back before the flush finds the state as it was (still live, same seq), so nothing is sent and nothing
   * freezes. The flush forgets the ones still empty and unsubscribes them.
   */
  private readonly channels = new Map<string, ChannelState>();
  /** Channels the server has been asked for on the current connection. */
  private readonly requested = new Set<string>();
  /**
   * How long each forgotten channel had been silent when its last listener left: a channel subscribed again
   * starts that old, so leaving and coming back (a tab switch) neither makes a stale feed look live nor greys a
   * live one, whatever the time in between.
   */
  private readonly silentWhenLeft = new Map<string, number>();
  /** The `auth` of the current connection: which token was sent and whether the server accepted it. */
  private auth: { token: string; state: 'pending' | 'authed' | 'refused' } | null = null;
  private flushQueued = false;
  private readonly deps: ChannelTableDeps;

  constructor(deps: ChannelTableDeps) {
    this.deps = deps;
  }

  hasListeners(): boolean {
    return [...this.channels.values()].some((state) => state.listeners.size > 0);
  }

  add(channel: string, listener: Listener) {
    let state = this.channels.get(channel);
    if (!state) {
      const now = this.deps.now();
      const lastFrameAt = now - (this.silentWhenLeft.get(channel) ?? 0);
      this.silentWhenLeft.delete(channel);
      state = { listeners: new Set(), phase: 'pending', lastSeq: 0, lastFrameAt };
      this.channels.set(channel, state);
    }
    state.listeners.add(listener);
    const onLive = listener.options.onLive;
    if (state.phase === 'live' && onLive) {
      // Joining a channel that is already confirmed: it is live for this listener too.
      const joined = state;
      this.deps.defer(() => {
        if (joined.phase === 'live' && joined.listeners.has(listener)) safely(() => onLive(true));
      });
    }
  }

  /** Removes a listener; true when it was the channel's last one. */
  remove(channel: string, listener: Listener): boolean {
    const current = this.channels.get(channel);
    if (!current) return false;
    current.listeners.delete(listener);
    return current.listeners.size === 0;
  }

  clear() {
    this.channels.clear();
  }

  /** When `channel` last delivered a frame (or got its first listener); undefined while nobody listens to it. */
  lastFrameAt(channel: string): number | undefined {
    const state = this.channels.get(channel);
    return state && state.listeners.size > 0 ? state.lastFrameAt : undefined;
  }

  queueFlush() {
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.deps.defer(() => this.flush());
  }

  /** Brings the server's subscriptions in line with the channels that have listeners. */
  flush() {
    this.flushQueued = false;
    for (const [channel, state] of this.channels) {
      if (state.listeners.size > 0) continue;
      this.channels.delete(channel);
      this.silentWhenLeft.set(channel, this.deps.now() - state.lastFrameAt);
    }
    if (!this.deps.isOpen()) return;
    const add: string[] = [];
    const remove: string[] = [];
    for (const [channel, state] of this.channels) {
      if (!this.requested.has(channel)) {
        if (channel === USER_CHANNEL && !this.userReady()) continue;
        this.requested.add(channel);
        state.phase = 'pending';
        add.push(channel);
      }
    }
    for (const channel of this.requested) {
      if (!this.channels.has(channel)) {
        this.requested.delete(channel);
        remove.push(channel);
      }
    }
    if (remove.length > 0) this.sendChunked('unsubscribe', remove);
    const market = add.filter((c) => c !== USER_CHANNEL);
    if (market.length > 0) this.sendChunked('subscribe', market);
    if (market.length < add.length) this.subscribeUser();
  }

  /**
   * `subscribe user`, with the last event number seen when there is one: the server sends what came after it
   * first, or `resync` when it no longer can, so a reconnect costs no refetch when nothing was lost.
   */
  private subscribeUser() {
    const since = this.deps.userSince?.() ?? 0;
    this.deps.send({ op: 'subscribe', channels: [USER_CHANNEL], ...(since > 0 ? { since } : {}) });
  }

  /** Whether the server replays the `user` channel from its last number instead of the views refetching. */
  private replaysUser(channel: string) {
    return channel === USER_CHANNEL && (this.deps.userSince?.() ?? 0) > 0;
  }

  /** A connection opened: subscribe everything; after a reconnect, every view refetches what it missed. */
  opened(reconnected: boolean) {
    this.requested.clear();
    this.flush();
    if (!reconnected) return;
    // Whatever happened while the connection was down is lost: let every view refetch (the user channel's
    // events are replayed from the last one seen, or the server says `resync`).
    for (const [channel, state] of this.channels) {
      if (this.replaysUser(channel)) continue;
      for (const l of [...state.listeners]) safely(() => l.options.onResync?.());
    }
  }

  /**
   * The connection dropped: nothing is subscribed any more, no channel is live, and what the channels showed is
   * out of date until each brings a frame on the next connection.
   */
  dropped() {
    this.requested.clear();
    this.auth = null;
    for (const state of this.channels.values()) {
      if (state.phase === 'live') tellLive(state, false);
      if (state.phase !== 'refused') state.phase = 'pending';
      state.lastFrameAt = Number.NEGATIVE_INFINITY;
    }
  }

  /** One text message of the socket: a reply, a frame, or an array of them. */
  receive(raw: unknown) {
    if (typeof raw !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      this.deps.log('a message that is not JSON');
      return;
    }
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    for (const m of messages) {
      if (typeof m !== 'object' || m === null) continue;
      if ('op' in m) this.onReply(m as WsReply);
      else if ('channel' in m && 'seq' in m && typeof m.channel === 'string' && typeof m.seq === 'number') {
        this.onFrame(m as WsFrame);
      }
    }
  }

  private sendChunked(op: 'subscribe' | 'unsubscribe', list: string[]) {
    for (let i = 0; i < list.length; i += WS_MAX_CHANNELS) {
      this.deps.send({ op, channels: list.slice(i, i + WS_MAX_CHANNELS) });
    }
  }

  /**
   * Whether the `user` channel may be subscribed on this connection: only after the server accepted the current
   * token. Sends `auth` when it has not been sent with this token yet.
   */
  private userReady(): boolean {
    const token = this.deps.getToken();
    if (!token) return false;
    if (this.auth?.token === token) return this.auth.state === 'authed';
    // A new token (first time on this connection, or another user signed in): the server re-keys the socket.
    this.auth = { token, state: 'pending' };
    this.deps.send({ op: 'auth', token });
    return false;
  }

  private resync(channel: string, state: ChannelState) {
    // Frames of the old subscription may still be on their way: ignore them until the server confirms.
    state.phase = 'pending';
    this.deps.send({ op: 'unsubscribe', channels: [channel] });
    const replayed = this.replaysUser(channel);
    if (channel === USER_CHANNEL) this.subscribeUser();
    else this.deps.send({ op: 'subscribe', channels: [channel] });
    this.requested.add(channel);
    if (replayed) return;
    for (const l of [...state.listeners]) safely(() => l.options.onResync?.());
  }

  private onFrame(frame: WsFrame) {
    const state = this.channels.get(frame.channel);
    if (!state || state.phase !== 'live') return;
    if (frame.seq !== state.lastSeq + 1) {
      this.deps.log(`gap on ${frame.channel}: expected seq ${state.lastSeq + 1}, got ${frame.seq}: resyncing`);
      this.resync(frame.channel, state);
      return;
    }
    state.lastSeq = frame.seq;
    const schema = schemaOf(frame.channel);
    let data: unknown = frame.data;
    if (schema) {
      const parsed = schema.safeParse(frame.data);
      if (!parsed.success) {
        this.deps.log(`${frame.channel}: message does not match the contract`, parsed.error.issues);
        return;
      }
      data = parsed.data;
    }
    const typed = { ...frame, data };
    state.lastFrameAt = this.deps.now();
    for (const l of [...state.listeners]) safely(() => l.handler(data, typed));
    this.deps.framed(frame.channel);
  }

  /** The session behind the token is not (or no longer) valid: the user channel stays off until a new token. */
  private refuseUser() {
    if (this.auth) this.auth.state = 'refused';
    this.requested.delete(USER_CHANNEL);
    const state = this.channels.get(USER_CHANNEL);
    if (!state) return;
    state.phase = 'refused';
    for (const l of [...state.listeners]) safely(() => l.options.onError?.('unauthorized'));
    tellLive(state, false);
  }

  private onReply(reply: WsReply) {
    if (reply.op === 'revoked') {
      // The server ended the session's binding (logout elsewhere, password changed, expiry).
      this.refuseUser();
    } else if (reply.op === 'resync') {
      // The server could not replay what the user channel missed: the views read their lists again.
      const state = this.channels.get(USER_CHANNEL);
      for (const l of [...(state?.listeners ?? [])]) safely(() => l.options.onResync?.());
    } else if (reply.op === 'subscribed') {
      for (const channel of reply.channels ?? []) {
        const state = this.channels.get(channel);
        if (state && this.requested.has(channel)) {
          state.phase = 'live';
          state.lastSeq = 0;
          tellLive(state, true);
        }
      }
    } else if (reply.op === 'authed') {
      if (this.auth?.state === 'pending') {
        this.auth.state = 'authed';
        this.flush();
      }
    } else if (reply.op === 'error') {
      this.onError(reply);
    }
  }

  private onError(reply: WsReply) {
    this.deps.log(`server error: ${reply.msg ?? ''}`, reply.channels);
    if (!reply.channels && this.auth?.state === 'pending' && reply.msg === 'unauthorized') {
      // The token was refused (expired session): the user channel stays off on this connection.
      this.refuseUser();
      return;
    }
    const refused = new Set(reply.channels ?? []);
    for (const channel of refused) {
      const state = this.channels.get(channel);
      if (!state) continue;
      state.phase = 'refused';
      for (const l of state.listeners) safely(() => l.options.onError?.(reply.msg ?? 'refused'));
      tellLive(state, false);
    }
    if (refused.size > 0) {
      // The server refuses a whole subscribe when one channel is refused: ask again for the others.
      const retry = [...this.channels]
        .filter(([c, s]) => s.phase === 'pending' && this.requested.has(c))
        .map(([c]) => c);
      if (retry.length > 0) this.sendChunked('subscribe', retry);
    }
  }
}
