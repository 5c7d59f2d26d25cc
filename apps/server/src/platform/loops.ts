import type { Leadership } from './db.js';

/**
 * The two loops that keep a node serving through lost links (issue 12 items 1–3), each a small unit the market
 * feed, the trigger engine and the buses share, so the rule exists once and is unit-tested with fake timers.
 */

export interface LeadershipLoopOptions {
  /** Asks once (a PostgreSQL advisory lock on a connection of its own); null when another node holds it. */
  tryLead: () => Promise<Leadership | null>;
  /** How often a node that does not lead asks again: takeover after a leader dies within about this long. */
  retryMs: number;
  /** Called when this node starts leading (again); `leading` is already true while it runs. */
  onLead: (lead: Leadership) => Promise<void> | void;
  /** Called when the lock's connection is lost: the node must stop its singleton work at once. */
  onLost: () => void;
  /** A failed ask (the database is away) is reported, never thrown. */
  onError: (err: unknown) => void;
}

/**
 * Singleton work one node does (the market feed, the trigger engine). Every node asks to lead every `retryMs`
 * whether or not it led before: a node that led from the start and lost its lock asks again, like any other,
 * so some node always leads again after the leader dies.
 */
export class LeadershipLoop {
  private lead: Leadership | null = null;
  private asking: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly o: LeadershipLoopOptions) {}

  /** Asks now (resolves once this first ask and, if it won, `onLead` are done), then every `retryMs`. */
  async start(): Promise<void> {
    this.timer = setInterval(() => void this.ask(), this.o.retryMs);
    await this.ask();
  }

  get leading(): boolean {
    return this.lead !== null;
  }

  /** One ask, unless this node leads, has stopped or is asking already. */
  ask(): Promise<void> {
    if (this.lead || this.stopped || this.asking) return this.asking ?? Promise.resolve();
    this.asking = this.askOnce().finally(() => {
      this.asking = undefined;
    });
    return this.asking;
  }

  private async askOnce() {
    const lead = await this.o.tryLead().catch((err) => {
      this.o.onError(err);
      return null;
    });
    if (!lead) return;
    if (this.stopped) {
      await lead.release().catch(() => {});
      return;
    }
    this.lead = lead;
    lead.onLost(() => {
      if (this.lead !== lead) return;
      this.lead = null;
      this.o.onLost();
    });
    await this.o.onLead(lead);
  }

  /** Stops asking and releases the lock if held (another node takes over within `retryMs`). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.asking;
    const lead = this.lead;
    this.lead = null;
    await lead?.release();
  }
}

/** The wait before reconnect attempt `attempt` (0 first): doubling from `minMs`, never above `maxMs`. */
export function backoffDelay(attempt: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
}

/**
 * A connection that must come back by itself (the NOTIFY listener): `lost()` schedules `connect` after a
 * back-off that doubles with every failure up to `maxMs`, `connected()` resets it, `stop()` cancels what is
 * scheduled. At most one attempt is pending at a time.
 */
export class Reconnector {
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly connect: () => void,
    private readonly minMs: number,
    private readonly maxMs: number,
  ) {}

  lost(): void {
    if (this.stopped || this.timer) return;
    const delay = backoffDelay(this.attempt++, this.minMs, this.maxMs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) this.connect();
    }, delay);
    this.timer.unref?.();
  }

  connected(): void {
    this.attempt = 0;
  }

  get pending(): boolean {
    return this.timer !== undefined;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * A pass over due work (settlement, copy placement, rebate batches) that runs one at a time in a process: asked for
 * while one runs, it runs once more after it, however many asks came (what an ask was for may have committed after
 * the running pass read). `run()` resolves when the pass that covers the ask ends; a failed pass is reported, never
 * thrown, and the next ask retries.
 */
export class Passes {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly o: { stopped: () => boolean; onError: (err: unknown) => void },
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.pass();
        } catch (err) {
          this.o.onError(err);
        }
      } while (this.again && !this.o.stopped());
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Waits for the pass running now, if any (a stop's drain). */
  async idle(): Promise<void> {
    await this.running;
  }
}
