import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each file builds its own app on its own database; files run in parallel.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On the embedded database, every test database starts from one migrated image made here first.
    globalSetup: ['./src/test-image.setup.ts'],
  },
});
