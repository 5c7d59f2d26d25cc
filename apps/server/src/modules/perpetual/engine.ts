import { type PerpPosition, type PerpTriggerNews, QUOTE_CURRENCY, type UserEvent } from '@nexa/contract';
import { type Money, liquidatedAt, liquidationLevel, money } from '@nexa/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Database } from '../../platform/db.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { LeadershipLoop } from '../../platform/loops.js';
import type { UserEvents } from '../../platform/user-events/index.js';
import type { MarketService, Tick } from '../market/index.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import { type Fill, type PerpetualBook, exposureOf } from './book.js';
import { type ArmedTrigger, firstCrossingPerRef, replayBand, replayCrossings } from './replay.js';
import { type OrderRecord, type PositionRecord, perpetualRepository as repo } from './repository.js';
import { feeCharged } from './service.js';
import { type Trigger, TriggerIndex } from './trigger-index.js';
import { toOrder, toPosition, toTrade } from './view.js';

export interface EngineOptions {
  /** How often the leader reloads every open trigger from the database: the backstop for lost bus news. */
  reloadMs: number;
  /** A position's live figures go out at most this often. */
  pushMs: number;
  /** How often a node that does not lead asks again: a dead leader is replaced within about this long. */
  leadRetryMs: number;
  /** How often every node tells the leader which users watch their `user` channel on it. */
  watchersMs: number;
  /**
   * Two ticks of a product heard further apart than this (feed time) are a gap: the stored ticks in it are
   * replayed. A leader also looks in the ticks table this often for products it heard nothing of for as long.
   */
  gapMs: number;
  /** How far back a new leader, which knows nothing of what was processed before, replays stored ticks. */
  replayMs: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  reloadMs: 60_000,
  pushMs: 1_000,
  leadRetryMs: 1_000,
  watchersMs: 2_000,
  gapMs: 2_000,
  replayMs: 3_600_000,
};

/** The advisory lock of the one node that runs the engine (the market feed leader uses 727 002). */
const LEADER_KEY = 727_008;
/** Where a node that does not lead sends news of positions and orders it changed. */
export const TRIGGERS_TOPIC = 'perp-triggers';
/** Where every node announces the users watching their `user` channel on it. */
export const WATCHERS_TOPIC = 'perp-watchers';
/** User ids in one announcement (a PostgreSQL NOTIFY carries at most 8000 bytes). */
const WATCHERS_SLICE = 400;
/** Tombstones of ended positions and orders kept to ignore late, older news of them; cleared beyond this. */
const MAX_ENDED = 50_000;
/** Positions in one live-figures message (each is about 400 bytes of JSON). */
const PUSH_SLICE = 12;
/** Stored ticks read for one product in one catch-up, at most (only ticks that can fire something are read). */
const MAX_REPLAY_TICKS = 100_000;

/** A position or order as it now stands; the engine keeps the newest version it has heard of. */
/** What a service tells the engine after a commit (the bus topic `perp-triggers` carries it between nodes). */
export type News = PerpTriggerNews;

export interface EngineDeps {
  database: Database;
  book: PerpetualBook;
  market: Pick<MarketService, 'events' | 'product' | 'latestTick' | 'lastStoredTicks' | 'storedTicksBeyond'>;
  bus: Bus;
  /** The `user` channel: fills are journaled with their transaction, live figures just sent. */
  userEvents: Pick<UserEvents, 'raise' | 'live'>;
  log: FastifyBaseLogger;
  now: () => Date;
  options?: Partial<EngineOptions>;
  /** The users subscribed to the `user` channel on this node (live figures go only to users someone watches). */
  localWatchers?: () => Iterable<string>;
  /** Fees charged by fills the engine makes (limit fills, TP/SL, liquidations), after each commit. */
  events?: DomainEvents;
  /** The message centre: a TP/SL that fired, a liquidation. */
  messages?: MessagePort;
}

interface Known<R> {
  row: R;
  /** The engine's own counter when this state arrived (the reload keeps what arrived while it read). */
  seq: number;
}

interface Batch {
  tick: Tick;
  refs: Set<string>;
}

/** Replays the stored ticks of these products that the engine has not processed (see `catchUp`). */
interface CatchUp {
  symbols: string[];
}

/**
 * The perpetual trigger engine (issue 7, ARCHITECTURE §4). One node runs it (a PostgreSQL advisory lock, like the
 * market feed leader); it keeps every pending limit order, take-profit, stop-loss and liquidation price in a
 * TriggerIndex, rebuilt from the database when it starts leading and every `reloadMs` as a backstop. Every
 * tick fires the crossed triggers; each is acted on in its own transaction that locks the user's wallet and the
 * position or order, re-reads it and re-checks the rule in decimals against the tick, so a user's close and a
 * liquidation racing end in exactly one outcome (the later one finds the position closed and does nothing).
 * News of changes reaches it directly on this node, over the bus topic `perp-triggers` from other nodes;
 * each position and order carries a version, so older news never overwrites newer.
 */
export class TriggerEngine {
  private readonly options: EngineOptions;
  private readonly index = new TriggerIndex();
  private positions = new Map<string, Known<PositionRecord>>();
  private orders = new Map<string, Known<OrderRecord>>();
  private readonly ended = new Map<string, number>();
  /** Open positions per product and user, for the live figures. */
  private readonly bySymbol = new Map<string, Map<string, Set<string>>>();
  /** Users some node said watch their `user` channel, until when (ms, this process's clock). */
  private readonly watchers = new Map<string, number>();
  private readonly lastPush = new Map<string, number>();
  private seq = 0;
  private readonly leadership: LeadershipLoop;
  private queue: (Batch | CatchUp)[] = [];
  /**
   * Per product, the feed time up to which every stored tick has been processed (heard live without a gap, or
   * replayed from the ticks table). Kept across a lost and regained leadership: the replay resumes from there.
   */
  private readonly checked = new Map<string, number>();
  /**
   * Per product, the newest tick this node heard but did not process (it did not lead then). Until the replay has
   * covered it, a live tick does not move `checked` on: the ticks in between are replayed once they are stored.
   */
  private readonly missed = new Map<string, number>();
  /** Products with a catch-up queued and not yet begun. */
  private readonly catchingUp = new Set<string>();
  private catchUpTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private reloading: Promise<void> | undefined;
  private reloader: NodeJS.Timeout | undefined;
  private beacon: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly onTick = (t: Tick) => this.tick(t);

  constructor(private readonly d: EngineDeps) {
    this.options = { ...DEFAULT_ENGINE_OPTIONS, ...d.options };
    this.leadership = new LeadershipLoop({
      tryLead: () => this.d.database.tryLead(LEADER_KEY),
      retryMs: this.options.leadRetryMs,
      onLead: () => this.lead(),
      onLost: () => {
        this.d.log.error('perp: lost the trigger engine leadership');
        clearInterval(this.reloader);
        clearInterval(this.catchUpTimer);
      },
      onError: (err) => this.d.log.warn({ err }, 'perp: could not ask for the engine leadership'),
    });
  }

  async start(): Promise<void> {
    await this.d.bus.subscribe(TRIGGERS_TOPIC, (news) => {
      if (this.isLeader) this.apply(news);
    });
    await this.d.bus.subscribe(WATCHERS_TOPIC, (m) => {
      if (!this.isLeader) return;
      // Kept a little longer than two announcements: a missed one does not stop a user's figures.
      const until = Date.now() + 2.5 * this.options.watchersMs;
      for (const userId of m.users) this.watchers.set(userId, until);
    });
    if (this.d.localWatchers) {
      this.beacon = setInterval(() => this.announceWatchers(), this.options.watchersMs);
    }
    this.d.market.events.on('tick', this.onTick);
    // Leader or not, it keeps asking: a node that led from the start may lose its lock like any other.
    await this.leadership.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.d.market.events.off('tick', this.onTick);
    clearInterval(this.reloader);
    clearInterval(this.beacon);
    clearInterval(this.catchUpTimer);
    this.queue = [];
    await this.reloading;
    await this.running;
    await this.leadership.stop();
  }

  get isLeader(): boolean {
    return this.leadership.leading;
  }

  /** Triggers resting now (tests, diagnostics). */
  get size(): number {
    return this.index.size;
  }

  /** The resting trigger with this id (`liq:12`, `tp:12`, `limit:7`…), for tests and diagnostics. */
  trigger(id: string): Trigger | undefined {
    return this.index.get(id);
  }

  /** Resolves once every fired trigger so far has been acted on (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running || this.reloading) {
      await this.reloading;
      await this.running;
    }
  }

  /** Tells the leader, now, which users watch their `user` channel on this node. */
  announceWatchers(): void {
    const users = [...(this.d.localWatchers?.() ?? [])];
    for (let i = 0; i < users.length; i += WATCHERS_SLICE) {
      void this.d.bus
        .publish(WATCHERS_TOPIC, { users: users.slice(i, i + WATCHERS_SLICE) })
        .catch((err) => this.d.log.warn({ err }, 'perp: announcing watchers failed'));
    }
  }

  /** News of a position or order a service just committed: applied here if this node leads, else sent to it. */
  track(news: News): void {
    if (this.isLeader) this.apply(news);
    else void this.d.bus.publish(TRIGGERS_TOPIC, news).catch((err) => this.d.log.warn({ err }, 'perp: publish failed'));
  }

  /** Reads every open position and pending order again and merges them with what arrived meanwhile. */
  reload(): Promise<void> {
    if (this.reloading) return this.reloading;
    this.reloading = this.doReload().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  /** This node now runs the engine: every trigger from the database, then the backstop and gap timers. */
  private async lead() {
    await this.reload().catch((err) => this.d.log.error({ err }, 'perp: loading the triggers failed'));
    // Stopped or lost meanwhile: no timers (the next leadership arms its own).
    if (this.stopped || !this.isLeader) return;
    this.reloader = setInterval(
      () => void this.reload().catch((err) => this.d.log.error({ err }, 'perp: reloading the triggers failed')),
      this.options.reloadMs,
    );
    this.catchUpTimer = setInterval(() => this.catchUpQuiet(), this.options.gapMs);
  }

  private async doReload() {
    const startSeq = this.seq;
    const snapshot = await repo.allLive(this.d.database.db);
    if (!this.isLeader || this.stopped) return;
    this.positions = this.merge('p', this.positions, snapshot.positions, startSeq);
    this.orders = this.merge('o', this.orders, snapshot.orders, startSeq);
    this.bySymbol.clear();
    const triggers: Trigger[] = [];
    for (const { row } of this.positions.values()) {
      this.follow(row);
      triggers.push(...positionTriggers(row));
    }
    for (const { row } of this.orders.values()) triggers.push(...orderTriggers(row));
    this.index.replaceAll(triggers);
    // Whatever the price crossed while nobody watched (a restart, a new leader) is acted on now: the stored
    // ticks this engine has not processed first, then the latest tick it heard.
    const symbols = this.index.symbols();
    this.catchUp(symbols);
    for (const symbol of symbols) {
      const tick = this.d.market.latestTick(symbol);
      if (tick) this.fire(tick);
    }
  }

  /** Queues a replay of the stored ticks of `symbols` not processed yet (behind what is already queued). */
  private catchUp(symbols: Iterable<string>) {
    const wanted = [...symbols].filter((s) => !this.catchingUp.has(s));
    if (wanted.length === 0 || this.stopped) return;
    for (const s of wanted) this.catchingUp.add(s);
    this.queue.push({ symbols: wanted });
    this.kick();
  }

  /**
   * Products with triggers whose last processed tick is older than a gap (a tick not heard may be stored), or
   * which had ticks heard while this node did not lead that the last replay could not read yet (not yet stored).
   */
  private catchUpQuiet() {
    if (!this.isLeader) return;
    const now = this.d.now().getTime();
    this.catchUp(
      this.index.symbols().filter((s) => now - (this.checked.get(s) ?? 0) > this.options.gapMs || this.behind(s)),
    );
  }

  /** A tick of this product was heard but not processed, and no replay has covered it yet. */
  private behind(symbol: string): boolean {
    const missed = this.missed.get(symbol);
    return missed !== undefined && missed > (this.checked.get(symbol) ?? Number.NEGATIVE_INFINITY);
  }

  /** Moves a product's processed mark on; a tick heard but not processed is forgotten once the mark passes it. */
  private markChecked(symbol: string, ts: number) {
    const mark = Math.max(this.checked.get(symbol) ?? ts, ts);
    this.checked.set(symbol, mark);
    if ((this.missed.get(symbol) ?? Number.POSITIVE_INFINITY) <= mark) this.missed.delete(symbol);
  }

  /**
   * Replays the stored ticks of each product from where this engine's processing stopped (a new leader: from
   * `replayMs` ago) to the newest stored one: each position or order they crossed after its state was written
   * is acted on at its first crossing tick, as a live tick would have been (`replayCrossings`).
   */
  private async replay(job: CatchUp) {
    for (const s of job.symbols) this.catchingUp.delete(s);
    const newest = await this.d.market.lastStoredTicks(job.symbols);
    const armed = this.armedBySymbol(new Set(job.symbols));
    for (const symbol of job.symbols) {
      const untilMs = newest.get(symbol);
      const afterMs = this.checked.get(symbol) ?? this.d.now().getTime() - this.options.replayMs;
      if (untilMs === undefined || untilMs <= afterMs) continue;
      const list = armed.get(symbol) ?? [];
      if (list.length > 0) {
        const band = replayBand(list.map((a) => a.trigger));
        const ticks = await this.d.market.storedTicksBeyond(symbol, {
          ...band,
          afterMs,
          untilMs,
          max: MAX_REPLAY_TICKS,
        });
        if (ticks.length === MAX_REPLAY_TICKS) this.d.log.warn({ symbol, afterMs }, 'perp: replay cut short');
        for (const { ref, tick } of firstCrossingPerRef(replayCrossings(list, ticks))) {
          if (this.stopped || !this.isLeader) return;
          await this.act(ref, tick, true);
        }
      }
      this.markChecked(symbol, untilMs);
    }
  }

  /** Every resting trigger of these products with the moment its position's or order's state was written. */
  private armedBySymbol(symbols: Set<string>): Map<string, ArmedTrigger[]> {
    const out = new Map<string, ArmedTrigger[]>();
    const add = (symbol: string, triggers: Trigger[], at: Date | string) => {
      if (!symbols.has(symbol) || triggers.length === 0) return;
      const armedAt = new Date(at).getTime();
      const list = out.get(symbol) ?? [];
      for (const trigger of triggers) list.push({ trigger, armedAt });
      out.set(symbol, list);
    };
    for (const { row } of this.positions.values()) add(row.symbol, positionTriggers(row), stateTime(row));
    for (const { row } of this.orders.values()) add(row.symbol, orderTriggers(row), row.updatedAt);
    return out;
  }

  /** The snapshot, except where this node holds a newer version, plus what arrived after the read began. */
  private merge<R extends { id: string; version: number }>(
    kind: 'p' | 'o',
    memory: Map<string, Known<R>>,
    snapshot: R[],
    startSeq: number,
  ): Map<string, Known<R>> {
    const out = new Map<string, Known<R>>();
    for (const row of snapshot) {
      const mine = memory.get(row.id);
      if (mine && mine.row.version >= row.version) out.set(row.id, mine);
      else if ((this.ended.get(`${kind}:${row.id}`) ?? 0) < row.version) out.set(row.id, { row, seq: startSeq });
    }
    for (const [id, mine] of memory) if (!out.has(id) && mine.seq > startSeq) out.set(id, mine);
    return out;
  }

  private apply(news: News) {
    const { row } = news;
    const isPosition = news.kind === 'position';
    const key = `${isPosition ? 'p' : 'o'}:${row.id}`;
    const map: Map<string, Known<PositionRecord | OrderRecord>> = isPosition ? this.positions : this.orders;
    const known = map.get(row.id);
    if (known && known.row.version >= row.version) return;
    if ((this.ended.get(key) ?? 0) >= row.version) return;
    this.seq++;
    for (const id of triggerIds(news.kind, row.id)) this.index.remove(id);
    const live = isPosition ? row.status === 'open' : row.status === 'pending';
    if (live) {
      map.set(row.id, { row, seq: this.seq });
      for (const t of isPosition ? positionTriggers(row as PositionRecord) : orderTriggers(row as OrderRecord)) {
        this.index.add(t);
      }
      if (isPosition) this.follow(row as PositionRecord);
    } else {
      map.delete(row.id);
      if (this.ended.size >= MAX_ENDED) this.ended.clear();
      this.ended.set(key, row.version);
      if (isPosition) this.unfollow(row as PositionRecord);
    }
  }

  private tick(t: Tick) {
    if (this.stopped) return;
    if (!this.isLeader) {
      // Heard, not processed: whoever leads now acts on it; if this node leads again before a replay covers it,
      // it replays it from the ticks table.
      this.missed.set(t.symbol, Math.max(this.missed.get(t.symbol) ?? t.ts, t.ts));
      return;
    }
    // A tick right after the last one processed moves the mark on; after a gap (or the first since leading, or
    // with ticks heard while it did not lead still unreplayed), the stored ticks in between are replayed first,
    // then this one acts.
    const checked = this.checked.get(t.symbol);
    if (checked !== undefined && t.ts - checked <= this.options.gapMs && !this.behind(t.symbol))
      this.markChecked(t.symbol, t.ts);
    else this.catchUp([t.symbol]);
    this.fire(t);
    this.pushFigures(t);
  }

  private fire(t: Tick) {
    const fired = this.index.fire(t.symbol, Number.parseFloat(t.price));
    if (fired.length === 0) return;
    const refs = new Set(fired.map((f) => `${f.kind === 'limit' ? 'o' : 'p'}:${f.ref}`));
    this.queue.push({ tick: t, refs });
    this.kick();
  }

  /** One worker acts on fired triggers in tick order. */
  private kick() {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      while (this.queue.length > 0 && !this.stopped) {
        const job = this.queue.shift()!;
        if ('refs' in job) {
          for (const ref of job.refs) await this.act(ref, job.tick);
          continue;
        }
        await this.replay(job).catch((err) => {
          // The database is away: the products stay unchecked, so the next gap check replays them again.
          for (const s of job.symbols) this.catchingUp.delete(s);
          this.d.log.error({ err }, 'perp: replaying stored ticks failed');
        });
      }
    })().finally(() => {
      this.running = undefined;
      if (this.queue.length > 0) this.kick();
    });
  }

  /**
   * Acts on one fired position or order; on any failure its triggers go back, so the next tick retries. A
   * `replayed` tick (read back from the ticks table) acts only on a state written before it.
   */
  private async act(ref: string, tick: Tick, replayed = false): Promise<void> {
    const [kind, id] = ref.split(':') as ['p' | 'o', string];
    const armed = (row: PositionRecord | OrderRecord) =>
      !replayed || new Date('type' in row ? row.updatedAt : stateTime(row)).getTime() < tick.ts;
    try {
      if (kind === 'o') await this.actOnOrder(id, tick, armed);
      else await this.actOnPosition(id, tick, armed);
    } catch (err) {
      this.d.log.error({ err, ref }, 'perp: acting on a trigger failed');
      this.restore(kind, id);
    }
  }

  private async actOnOrder(id: string, tick: Tick, armed: (row: OrderRecord) => boolean = () => true) {
    const known = this.orders.get(id);
    if (!known) return;
    const price = money(tick.price);
    const outcome = await this.d.database.db.transaction(async (tx) => {
      await repo.lockWallet(tx, known.row.userId, known.row.mode);
      const row = await repo.lockOrder(tx, id);
      if (!row || row.status !== 'pending') return { row };
      if (!armed(row) || !limitCrossed(row, price)) return { row, waiting: true };
      return { row, fill: this.journal(await this.d.book.fillLimit(tx, row)) };
    });
    if (!outcome.row) return;
    if (!outcome.fill) this.apply({ kind: 'order', row: outcome.row });
    if (outcome.waiting) return this.restore('o', id);
    if (!outcome.fill) return;
    this.settled(outcome.fill);
    // The tick that filled it may already be past the new position's TP, SL or liquidation price.
    await this.actOnPosition(outcome.fill.position.id, tick);
  }

  private async actOnPosition(id: string, tick: Tick, armed: (row: PositionRecord) => boolean = () => true) {
    const known = this.positions.get(id);
    if (!known) return;
    const price = money(tick.price);
    const feeRate = money(this.d.market.product(known.row.symbol)?.feeRate ?? '0');
    const outcome = await this.d.database.db.transaction(async (tx) => {
      await repo.lockWallet(tx, known.row.userId, known.row.mode);
      const row = await repo.lockPosition(tx, id);
      if (!row || row.status !== 'open') return { row };
      const action = armed(row) ? actionAt(row, price) : undefined;
      if (!action) return { row, waiting: true };
      const fill =
        action === 'liquidation'
          ? await this.d.book.liquidate(tx, row, price)
          : await this.d.book.close(tx, row, money(row.quantity), price, action, feeRate);
      await this.d.messages?.notify(tx, row.userId, triggeredMessage(fill, action));
      return { row, fill: this.journal(fill) };
    });
    if (!outcome.row) return;
    if (!outcome.fill) this.apply({ kind: 'position', row: outcome.row });
    if (outcome.waiting) return this.restore('p', id);
    if (!outcome.fill) return;
    this.settled(outcome.fill);
  }

  /** In the fill's transaction: the user's `perpetual.fill` event, journaled with it and sent once it commits. */
  private journal(fill: Fill): Fill {
    const precision = this.d.market.product(fill.position.symbol)?.pricePrecision ?? 2;
    this.d.userEvents.raise(fill.position.userId, {
      type: 'perpetual.fill',
      order: toOrder(fill.order, precision),
      position: toPosition(fill.position, fill.trade.price, precision),
      trade: toTrade(fill.trade, precision),
    });
    return fill;
  }

  /** After a commit: the index learns the new state; the fee is reported. */
  private settled(fill: Fill) {
    this.apply({ kind: 'order', row: fill.order });
    this.apply({ kind: 'position', row: fill.position });
    const { action } = fill.trade;
    const source =
      action === 'open' ? 'perpetual.open' : action === 'liquidation' ? 'perpetual.liquidation' : 'perpetual.close';
    this.d.events?.emit([feeCharged(fill, source)]);
  }

  /** Puts a ref's triggers back as this node knows them (fired but not acted on). */
  private restore(kind: 'p' | 'o', id: string) {
    if (kind === 'p') {
      const known = this.positions.get(id);
      if (known) for (const t of positionTriggers(known.row)) this.index.add(t);
    } else {
      const known = this.orders.get(id);
      if (known) for (const t of orderTriggers(known.row)) this.index.add(t);
    }
  }

  /**
   * The PnL and ratio of a product's open positions at this tick, at most once per `pushMs`, for the users
   * someone watches (computing and sending figures nobody reads would cost every node for nothing).
   */
  private pushFigures(t: Tick) {
    const users = this.bySymbol.get(t.symbol);
    if (!users || users.size === 0 || this.watchers.size === 0) return;
    // Paced by the ticks' own times: the same ticks give the same messages, however fast they are processed.
    if (t.ts - (this.lastPush.get(t.symbol) ?? Number.NEGATIVE_INFINITY) < this.options.pushMs) return;
    this.lastPush.set(t.symbol, t.ts);
    const precision = this.d.market.product(t.symbol)?.pricePrecision ?? 2;
    const now = Date.now();
    for (const [userId, until] of this.watchers) if (until < now) this.watchers.delete(userId);
    for (const [userId, ids] of users) {
      if (!this.watchers.has(userId)) continue;
      const list: PerpPosition[] = [];
      for (const id of ids) {
        const row = this.positions.get(id)?.row;
        if (row) list.push(toPosition(row, t.price, precision));
      }
      // In slices: a PostgreSQL NOTIFY carries at most 8000 bytes.
      const events: { userId: string; event: UserEvent }[] = [];
      for (let i = 0; i < list.length; i += PUSH_SLICE) {
        events.push({ userId, event: { type: 'perpetual.positions', positions: list.slice(i, i + PUSH_SLICE) } });
      }
      void this.d.userEvents.live(events);
    }
  }

  private follow(row: PositionRecord) {
    let users = this.bySymbol.get(row.symbol);
    if (!users) {
      users = new Map();
      this.bySymbol.set(row.symbol, users);
    }
    let ids = users.get(row.userId);
    if (!ids) {
      ids = new Set();
      users.set(row.userId, ids);
    }
    ids.add(row.id);
  }

  private unfollow(row: PositionRecord) {
    const users = this.bySymbol.get(row.symbol);
    const ids = users?.get(row.userId);
    if (!ids) return;
    ids.delete(row.id);
    if (ids.size === 0) users!.delete(row.userId);
  }
}

/** When a position's current state was written (a record from an older build carries only its opening). */
const stateTime = (row: PositionRecord) => row.updatedAt ?? row.openedAt;

const triggerIds = (kind: News['kind'], id: string) =>
  kind === 'position' ? [`liq:${id}`, `tp:${id}`, `sl:${id}`] : [`limit:${id}`];

/** A long's liquidation and stop-loss wait for a falling price, its take-profit for a rising one; shorts mirrored. */
export function positionTriggers(row: PositionRecord): Trigger[] {
  const long = row.side === 'long';
  const base = { symbol: row.symbol, ref: row.id };
  const out: Trigger[] = [
    {
      ...base,
      id: `liq:${row.id}`,
      kind: 'liq',
      side: long ? 'down' : 'up',
      level: liquidationLevel(exposureOf(row)).toFixed(),
    },
  ];
  if (row.tpPrice)
    out.push({ ...base, id: `tp:${row.id}`, kind: 'tp', side: long ? 'up' : 'down', level: row.tpPrice });
  if (row.slPrice)
    out.push({ ...base, id: `sl:${row.id}`, kind: 'sl', side: long ? 'down' : 'up', level: row.slPrice });
  return out;
}

/** A long limit fills when the price falls to it, a short one when the price rises to it. */
export function orderTriggers(row: OrderRecord): Trigger[] {
  if (row.status !== 'pending' || !row.price) return [];
  return [
    {
      id: `limit:${row.id}`,
      symbol: row.symbol,
      kind: 'limit',
      side: row.side === 'long' ? 'down' : 'up',
      level: row.price,
      ref: row.id,
    },
  ];
}

export function limitCrossed(row: OrderRecord, price: Money): boolean {
  return row.side === 'long' ? price.lte(row.price!) : price.gte(row.price!);
}

/** What a price does to an open position: liquidation first (the rule holds whatever else is crossed), then TP, SL. */
export function actionAt(row: PositionRecord, price: Money): 'liquidation' | 'tp' | 'sl' | undefined {
  if (liquidatedAt(exposureOf(row), price)) return 'liquidation';
  const long = row.side === 'long';
  if (row.tpPrice && (long ? price.gte(row.tpPrice) : price.lte(row.tpPrice))) return 'tp';
  if (row.slPrice && (long ? price.lte(row.slPrice) : price.gte(row.slPrice))) return 'sl';
  return undefined;
}

/** The user's message of a TP/SL that fired or a liquidation, keyed by the position (it happens once to it). */
function triggeredMessage(fill: Fill, action: 'liquidation' | 'tp' | 'sl') {
  const kind =
    action === 'tp' ? 'perpetual.takeProfit' : action === 'sl' ? 'perpetual.stopLoss' : 'perpetual.liquidated';
  const { position, trade } = fill;
  return {
    key: `perpetual:${position.id}:${action}`,
    kind,
    params: {
      symbol: position.symbol,
      side: position.side,
      price: trade.price,
      quantity: trade.quantity,
      pnl: trade.realizedPnl,
      currency: QUOTE_CURRENCY,
      mode: position.mode,
    },
    link: MESSAGE_LINKS.perpetualPosition(position.id),
  } as const;
}
