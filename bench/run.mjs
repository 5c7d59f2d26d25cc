// Runs every benchmark scenario (or those named on the command line), one after another.
// Each scenario prints its figures beside a baseline measured in the same run.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const scenarios = readdirSync(path.join(dir, 'scenarios'))
  .filter((f) => /\.(mjs|ts)$/.test(f))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

for (const file of scenarios) {
  console.log(`\n## ${file.replace(/\.(mjs|ts)$/, '')}`);
  const mod = await import(path.join(dir, 'scenarios', file));
  await mod.default();
}
