import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DataDirInUse, openDatabase } from './platform/db.js';

const config = loadConfig();
config.webDistDir ??= defaultWebDist();
config.adminDistDir ??= defaultWebDist('admin');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
}).catch((err: unknown) => {
  // Another server (or admin:create) holds the embedded database: say so in a line, not a stack.
  if (!(err instanceof DataDirInUse)) throw err;
  process.stderr.write(`nexa: ${err.message}\n`);
  process.exit(1);
});
const app = await buildApp({ config, database });

// A failed promise nobody awaited (a lost connection's late error) is logged, never the end of the node.
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));

let closing = false;
/**
 * Graceful drain: readiness turns red, the feed lock is handed over, no new connections are taken, calls in
 * flight finish (at most 25 s, inside systemd's 30 s stop timeout), then the pool closes.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'draining');
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { db: database.kind, dataDir: config.dataDir, web: config.webDistDir },
  'Nexa is up: /h5/, /admin/ and /api/',
);

/** apps/web/dist (or apps/admin/dist), found from this file whether it runs from src (tsx) or from the bundle in dist. */
function defaultWebDist(app: 'web' | 'admin' = 'web'): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, `../../${app}/dist`);
}
