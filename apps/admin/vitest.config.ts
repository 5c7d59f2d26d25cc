import { defineProject } from 'vitest/config';

// Unit tests of the console's helpers run in Node (no DOM): what a screen shows is for the journeys in e2e/.
export default defineProject({
  test: {
    name: 'admin',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
