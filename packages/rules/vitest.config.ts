import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// test/ checks the web's previews against the server's paths, so it resolves the web app's `@/` imports too.
export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('../../apps/web/src', import.meta.url)) } },
  test: { name: 'rules', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node' },
});
