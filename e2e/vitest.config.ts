import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    // The journeys wait on real time (a browser, settlement periods, the sim feed) far more than they compute: two at
    // a time used ~41 % of this 2-core machine (21 min of CPU in a 25.6 min run), so three run at once, in a group
    // of their own after the CPU-bound projects (which keep the root's two workers).
    maxWorkers: 3,
    sequence: { groupOrder: 1 },
    // A file's `beforeAll` starts a server on a fresh database and a browser: on a loaded 2-core machine (both of CI's
    // workers in browser journeys, another process busy) that once took over 90 s before any test ran.
    hookTimeout: 180_000,
    // On the embedded database, each server's database starts from one migrated image made here first.
    globalSetup: ['../apps/server/src/test-image.setup.ts'],
    // What the screen shows after a click waits on a server call; on a loaded 2-core CI machine that took over the
    // one-second default (a confirmed copy read as still invited). A poll that passes returns as soon as it passes.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
