import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The long files: about how many seconds each takes in CI's embedded suite (two at a time on a 2-core machine), and
 * whether it mostly waits on the clock (`waits`: a copy plan's order time at least two minutes ahead, settlement
 * periods, authenticator steps, a starved or killed server's recovery) or keeps a CPU busy (a
 * browser journey: Chromium, a server and its database). Measured alone in one sitting (the machine's busy CPU-seconds
 * per wall second, of 2): console 1.27, layout 1.22, market 0.93, live-prices 0.75, convert-kyc 0.74, perpetual 0.70,
 * security 0.42; copy and delivery spend most of their time before an order time or a settlement.
 * Two waiting files side by side left the machine 17 % busy for most of a minute; the three server ones at the end
 * of the run left it half idle for its last 70 s. A file missing here runs after these, in Vitest's order; a figure
 * gone stale only makes the order less good, never a test wrong.
 */
export const LONG_FILES: Record<string, { seconds: number; waits: boolean }> = {
  'e2e/copy.e2e.ts': { seconds: 170, waits: true },
  'e2e/delivery.e2e.ts': { seconds: 145, waits: true },
  'e2e/security.e2e.ts': { seconds: 90, waits: true },
  'apps/server/src/modules/market/fresh-start-load.embedded.test.ts': { seconds: 92, waits: true },
  'apps/server/src/modules/copy/copy-processes.test.ts': { seconds: 76, waits: true },
  'apps/server/src/modules/delivery/settlement-processes.test.ts': { seconds: 50, waits: true },
  'e2e/layout.e2e.ts': { seconds: 110, waits: false },
  'e2e/console.e2e.ts': { seconds: 110, waits: false },
  'e2e/market.e2e.ts': { seconds: 100, waits: false },
  'e2e/convert-kyc.e2e.ts': { seconds: 88, waits: false },
  'e2e/live-prices.e2e.ts': { seconds: 70, waits: false },
  'e2e/perpetual.e2e.ts': { seconds: 70, waits: false },
  'e2e/wallets.e2e.ts': { seconds: 68, waits: false },
  'e2e/funding.e2e.ts': { seconds: 69, waits: false },
  'e2e/referral.e2e.ts': { seconds: 37, waits: false },
  'e2e/content.e2e.ts': { seconds: 33, waits: false },
  'e2e/funding-setup.e2e.ts': { seconds: 30, waits: false },
  'e2e/auth.e2e.ts': { seconds: 29, waits: false },
  'e2e/perpetual-faults.e2e.ts': { seconds: 27, waits: false },
  'apps/server/src/ledger/ledger.test.ts': { seconds: 23, waits: false },
  'e2e/faults.e2e.ts': { seconds: 20, waits: false },
  'apps/server/src/modules/admin/admin.test.ts': { seconds: 18, waits: false },
};

type Long = { spec: TestSpecification; seconds: number; waits: boolean };

/**
 * Orders the long files so that, as two workers take them from the queue in turn, a file that waits runs beside
 * one that computes, never beside another that waits: the queue is what two workers would take if each file took
 * its LONG_FILES time (when one worker frees up, it takes the longest file of the other kind than the file still
 * running beside it, or the longest left when that kind is used up). The other files follow in Vitest's order
 * (projects one after another, longer or larger files first). A run without journeys (CI's PostgreSQL suite)
 * starts with its long files, the waiting ones among them.
 */
export class WaitingBesideComputing extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (spec: TestSpecification) =>
      Object.entries(LONG_FILES).find(([name]) => spec.moduleId.endsWith(`/${name}`))?.[1];
    const long: Long[] = [];
    const rest: TestSpecification[] = [];
    for (const spec of sorted) {
      const entry = known(spec);
      if (entry) long.push({ spec, ...entry });
      else rest.push(spec);
    }
    long.sort((a, b) => b.seconds - a.seconds);
    return [...twoWorkerOrder(long).map((f) => f.spec), ...rest];
  }
}

/** The order two workers would take `long` in (longest first within a kind), keeping the two kinds side by side. */
export function twoWorkerOrder<T extends { seconds: number; waits: boolean }>(long: readonly T[]): T[] {
  const left = [...long];
  const workers: { freeAt: number; file: T | null }[] = [
    { freeAt: 0, file: null },
    { freeAt: 0, file: null },
  ];
  const order: T[] = [];
  while (left.length > 0) {
    const [next, other] = workers[0]!.freeAt <= workers[1]!.freeAt ? workers : [workers[1]!, workers[0]!];
    const besideWaiting = other!.file !== null && other!.freeAt > next!.freeAt && other!.file.waits;
    const index = left.findIndex((f) => f.waits !== besideWaiting);
    const [file] = left.splice(index >= 0 ? index : 0, 1);
    order.push(file!);
    next!.file = file!;
    next!.freeAt += file!.seconds;
  }
  return order;
}
