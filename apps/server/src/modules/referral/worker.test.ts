import { describe, expect, it } from 'vitest';
import type { RebateBatches } from './rebates.js';
import { FULL_PASS_MS, REBATE_WINDOW_MS, RebateWorker } from './worker.js';

describe('rebate worker', () => {
  it('runs a full pass first and every hour, windowed passes in between', async () => {
    let now = Date.parse('2026-11-24T10:00:00Z');
    const passes: (number | null)[] = [];
    const batches = {
      drain: async (o: { since?: Date | null }) => {
        passes.push(o.since ? o.since.getTime() : null);
        return 0;
      },
    } as unknown as RebateBatches;
    const log = { error: () => {} } as never;
    const worker = new RebateWorker(batches, log, () => new Date(now));
    await worker.run();
    now += 60_000;
    await worker.run();
    now += FULL_PASS_MS - 60_000;
    await worker.run();
    now += 1_000;
    await worker.run();
    await worker.stop();
    await worker.run();
    expect(passes).toEqual([
      null,
      now - 1_000 - FULL_PASS_MS + 60_000 - REBATE_WINDOW_MS,
      null,
      now - REBATE_WINDOW_MS,
    ]);
  });

  it('runs once more after a run when asked during it (its events may have committed after that run read)', async () => {
    const passes: string[] = [];
    let release: () => void = () => {};
    const batches = {
      drain: async () => {
        passes.push('start');
        if (passes.length === 1) {
          await new Promise<void>((r) => {
            release = r;
          });
        }
        passes.push('end');
        return 0;
      },
    } as unknown as RebateBatches;
    const worker = new RebateWorker(batches, { error: () => {} } as never);
    const first = worker.run();
    await new Promise((r) => setImmediate(r));
    // Two asks during the first run collapse into one more run, which starts only after the first ends.
    const second = worker.run();
    const third = worker.run();
    expect(second).toBe(first);
    expect(third).toBe(first);
    release();
    await first;
    expect(passes).toEqual(['start', 'end', 'start', 'end']);
    // Nothing asked during the second run: the worker is idle, and the next ask runs again.
    await worker.run();
    expect(passes).toHaveLength(6);
    await worker.stop();
  });
});
