// The first route's JavaScript: the entry script plus every chunk index.html preloads, gzipped.
// Fails when it exceeds the budget (ARCHITECTURE §5: 200 KiB gzip; issue 18 aims at 160). Run after `vite build`.
import fs from 'node:fs';
import zlib from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = new URL('../dist/', import.meta.url);
const html = fs.readFileSync(new URL('index.html', dist), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/h5\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const file of files) {
  const raw = fs.readFileSync(new URL(file, dist));
  const gzip = zlib.gzipSync(raw, { level: 9 }).length;
  total += gzip;
  console.log(`${file.padEnd(44)} ${String(raw.length).padStart(8)} B  ${String(gzip).padStart(7)} B gzip`);
}
console.log(`first-route JavaScript: ${(total / 1024).toFixed(1)} KiB gzip (budget ${BUDGET_BYTES / 1024} KiB)`);
if (total > BUDGET_BYTES) {
  console.error('over budget');
  process.exit(1);
}
