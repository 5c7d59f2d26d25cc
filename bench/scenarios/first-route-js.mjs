// The first route's JavaScript, gzip: what a phone downloads before the app can paint, against a bare
// React + ReactDOM page built with the same Vite in the same run. Budget: ≤ 160 KiB (issue 18 §2; ARCHITECTURE §5
// says 200).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET_KIB = 160;

/** Scripts index.html loads at once: its module entries and their modulepreloads. */
function initialScripts(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  return [...new Set(srcs)].map((src) => path.join(distDir, src.replace(/^\/h5\//, '').replace(/^\.?\//, '')));
}

const gzipKiB = (files) => files.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0) / 1024;

async function buildTo(rootDir, outDir, extra = {}) {
  await build({ root: rootDir, logLevel: 'silent', build: { outDir, emptyOutDir: true }, ...extra });
  return outDir;
}

export default async function firstRouteJs() {
  const tmp = await mkdtemp(path.join(tmpdir(), 'nexa-bench-'));
  try {
    const app = await buildTo(path.join(root, 'apps/web'), path.join(tmp, 'app'), {
      configFile: path.join(root, 'apps/web/vite.config.ts'),
    });
    const bare = await buildTo(path.join(root, 'bench/fixtures/bare-react'), path.join(tmp, 'bare'), {
      configFile: false,
      base: '/h5/',
    });
    const appKiB = gzipKiB(initialScripts(app));
    const bareKiB = gzipKiB(initialScripts(bare));
    console.log(`app first route JS (gzip)   ${appKiB.toFixed(1)} KiB`);
    console.log(`bare React + ReactDOM (gzip) ${bareKiB.toFixed(1)} KiB`);
    console.log(`ratio app / bare            ${(appKiB / bareKiB).toFixed(2)}×`);
    console.log(`budget ${BUDGET_KIB} KiB: ${appKiB <= BUDGET_KIB ? 'within' : 'OVER'}`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
