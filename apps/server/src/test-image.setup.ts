import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrations } from './migrations/index.js';
import { migratedPgliteImage } from './platform/db.js';

/** The variable that names the run's migrated image to the test files' workers. */
export const TEST_IMAGE_ENV = 'NEXA_TEST_PGLITE_IMAGE';

/**
 * Vitest global setup of the server and e2e projects: on the embedded database, the migrated image every test
 * database starts from (`migratedPgliteImage`), made once before any test file and named to the workers by
 * `TEST_IMAGE_ENV`. Each in-memory test database then loads it (about 1.1 s on this machine kind) instead of running
 * `initdb` and every migration (about 3.7 s); the suite makes about a hundred.
 *
 * It is kept in the system's temp folder under a name drawn from the migrations and the PGlite version: a later run
 * with the same ones reuses it, changed migrations make a new one (and remove the old), and a clean machine (CI)
 * applies every migration from nothing here.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const require = createRequire(import.meta.url);
  const pglite = JSON.parse(
    readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const hash = createHash('sha256').update(pglite.version);
  for (const m of migrations) hash.update(`\0${m.version}\0${m.sql}`);
  const name = `nexa-pglite-${hash.digest('hex').slice(0, 16)}.tar`;
  const file = path.join(tmpdir(), name);
  if (!existsSync(file)) {
    const image = await migratedPgliteImage();
    // Written whole under a name of its own, then renamed: a run starting beside this one reads a whole image.
    const part = `${file}.${process.pid}`;
    writeFileSync(part, Buffer.from(await image.arrayBuffer()));
    renameSync(part, file);
    for (const old of readdirSync(tmpdir())) {
      if (/^nexa-pglite-[0-9a-f]{16}\.tar$/.test(old) && old !== name)
        rmSync(path.join(tmpdir(), old), { force: true });
    }
  }
  process.env[TEST_IMAGE_ENV] = file;
}
