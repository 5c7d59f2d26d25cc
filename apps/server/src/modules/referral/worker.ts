import type { FastifyBaseLogger } from 'fastify';
import type { RebateBatches } from './rebates.js';

/** How often a node looks for unpaid rebates, besides being woken by fees and settlements. */
export const REBATE_INTERVAL_MS = 60_000;
/** A burst of fees and settlements wakes one batch run, this long after the first. */
const NUDGE_DELAY_MS = 1_000;

/**
 * Runs rebate batches every minute and soon after real fees and settlements (the prompt path; the minute is the
 * safety net). Several nodes may run it: the batches' claims pay each rebate once. One run at a time per node.
 */
export class RebateWorker {
  private timer: NodeJS.Timeout | undefined;
  private nudgeTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly batches: RebateBatches,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.run(), REBATE_INTERVAL_MS);
    this.timer.unref();
    this.nudge();
  }

  nudge(): void {
    if (this.stopped || this.nudgeTimer) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = undefined;
      void this.run();
    }, NUDGE_DELAY_MS);
    this.nudgeTimer.unref();
  }

  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.batches
      .drain()
      .then(() => undefined)
      .catch((err) => this.log.error({ err }, 'rebate batch failed; the next run retries'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.nudgeTimer);
    await this.running;
  }
}
