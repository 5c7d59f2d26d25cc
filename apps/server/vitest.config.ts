import { defineProject } from 'vitest/config';

/**
 * A file named `*.pg.test.ts` runs every test on the local PostgreSQL whatever DATABASE_URL says (several processes
 * on one database, deadlocks, connection faults); `*.embedded.test.ts` runs on the embedded database whatever it
 * says. CI runs the suite once per engine and says which (`NEXA_TEST_ENGINE`): each such file then runs in its
 * engine's suite only, instead of the same test twice. Without it (`npm test`), every file runs.
 */
const pinnedElsewhere: Record<string, string[]> = {
  embedded: ['src/**/*.pg.test.ts'],
  postgresql: ['src/**/*.embedded.test.ts'],
};
const engine = process.env.NEXA_TEST_ENGINE;
if (engine !== undefined && !(engine in pinnedElsewhere)) {
  throw new Error(`NEXA_TEST_ENGINE must be one of ${Object.keys(pinnedElsewhere).join(', ')}, not ${engine}`);
}

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(engine ? (pinnedElsewhere[engine] ?? []) : [])],
    environment: 'node',
    // Each file builds its own app on its own database; files run in parallel. One module graph per worker, not one
    // per file: importing the server's modules again for every file was a quarter of the project's time (PostgreSQL
    // suite: imports 95 → 11 s, the run 344 → 265 s). So a test leaves no process state behind: it passes a value
    // (`createTestDatabase(url)`) instead of setting the environment, which outlives the file in its worker.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On the embedded database, every test database starts from one migrated image made here first.
    globalSetup: ['./src/test-image.setup.ts'],
  },
});
