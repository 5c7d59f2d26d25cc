import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
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
