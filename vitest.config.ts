import { defineConfig } from 'vitest/config';
import { WaitingBesideComputing } from './scripts/test-sequencer.js';

// One run covers every workspace; each project has its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/rules', 'apps/server', 'apps/web', 'apps/admin', 'e2e'],
    // Two files at a time on this 2-core machine: most files wait on real time (settlement periods, the sim feed,
    // a browser), and every file has its own app and database, so they do not collide. Vitest's default here is one.
    maxWorkers: 2,
    // A long file that mostly waits on the clock runs beside one that computes, not beside another that waits.
    sequence: { sequencer: WaitingBesideComputing },
  },
});
