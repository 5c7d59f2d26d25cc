import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that spend most of their time waiting on the clock, longest first: a copy plan's order time (at least two
 * minutes ahead), settlement periods, authenticator steps, a starved or killed server's recovery. Such a file leaves
 * a CPU idle; two of them side by side left the 2-core machine at 17 % busy for most of a minute, and the three
 * server ones at the end of the run left it half idle for its last 70 s.
 */
export const CLOCK_BOUND = [
  'e2e/copy.e2e.ts',
  'e2e/delivery.e2e.ts',
  'e2e/security.e2e.ts',
  'apps/server/src/modules/market/fresh-start-load.embedded.test.ts',
  'apps/server/src/modules/copy/copy-processes.test.ts',
  'apps/server/src/modules/delivery/settlement-processes.test.ts',
];

/**
 * Vitest's order (projects one after another; in each, larger or longer files first), except that each file of
 * CLOCK_BOUND runs beside a browser journey (the CPU-bound files: Chromium and a server each) instead of beside
 * another such file or alone at the end: the queue alternates journey, clock-bound file, journey, … and the rest
 * follows in Vitest's order. Two workers take from the queue in turn, so each mostly waits while the other computes.
 * A run without journeys (CI's PostgreSQL suite) starts with its clock-bound files.
 */
export class ClockBoundBesideJourneys extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => CLOCK_BOUND.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
    const waiting = sorted.filter((s) => rank(s) >= 0).sort((a, b) => rank(a) - rank(b));
    const journeys = sorted.filter((s) => rank(s) < 0 && s.project.name === 'e2e');
    const rest = sorted.filter((s) => rank(s) < 0 && s.project.name !== 'e2e');
    const queue: TestSpecification[] = [];
    for (let i = 0; i < Math.max(journeys.length, waiting.length); i += 1) {
      if (i < journeys.length) queue.push(journeys[i]!);
      if (i < waiting.length) queue.push(waiting[i]!);
    }
    return [...queue, ...rest];
  }
}
