import type { FastifyBaseLogger } from 'fastify';
import { Passes } from '../../platform/loops.js';
import type { RebateBatches } from './rebates.js';

/** How often a node looks for unpaid rebates, besides being woken by fees. */
export const REBATE_INTERVAL_MS = 60_000;
/**
 * A burst of fees wakes one batch run, this long after the first (a nudge during a run makes one more run after it,
 * so the delay only gathers a burst).
 */
const NUDGE_DELAY_MS = 20;
/**
 * The frequent runs look at events of the last this long only; a full pass over every event runs at start and every
 * FULL_PASS_MS, for any that committed later than that after its time (none should: settlement and fee
 * transactions take seconds).
 */
export const REBATE_WINDOW_MS = 15 * 60_000;
export const FULL_PASS_MS = 60 * 60_000;

/**
 * Runs rebate batches every minute and soon after real fees (the prompt path; the minute is the safety net). Settled
 * stakes are paid in their settlement's transaction; the batches pay any settled without it. Several nodes may run
 * it: the batches' claims pay each rebate once. One run at a time per node.
 */
export class RebateWorker {
  private timer: NodeJS.Timeout | undefined;
  private nudgeTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly passes = new Passes(() => this.pass(), {
    stopped: () => this.stopped,
    onError: (err) => this.log.error({ err }, 'rebate batch failed; the next run retries'),
  });
  /** When the last full pass began; 0: none yet, so the first run is one. */
  private fullAt = 0;

  constructor(
    private readonly batches: RebateBatches,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.run(), REBATE_INTERVAL_MS);
    this.timer.unref();
    void this.run();
  }

  nudge(): void {
    if (this.stopped || this.nudgeTimer) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = undefined;
      void this.run();
    }, NUDGE_DELAY_MS);
    this.nudgeTimer.unref();
  }

  /** One run at a time: asked for during one, it resolves after one more run that starts when that one ends. */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.passes.run();
  }

  private async pass() {
    const at = this.now().getTime();
    const full = at - this.fullAt >= FULL_PASS_MS;
    if (full) this.fullAt = at;
    await this.batches.drain({ since: full ? null : new Date(at - REBATE_WINDOW_MS) });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.nudgeTimer);
    await this.passes.idle();
  }
}
