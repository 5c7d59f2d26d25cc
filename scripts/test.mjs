// Runs every test project once and ends with the line "N passed, N failed" counting all of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'nexa-results-'));
const out = path.join(dir, 'results.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env });

let passed = 0;
let failed = 0;
try {
  const results = JSON.parse(readFileSync(out, 'utf8'));
  passed = results.numPassedTests;
  // A file that fails to load has no failed test of its own: count it once.
  failed = results.numFailedTests + (results.numFailedTests === 0 ? results.numFailedTestSuites : 0);
  if (results.numPendingTests > 0 || results.numTodoTests > 0) {
    console.error(`${results.numPendingTests + results.numTodoTests} tests were skipped: a skipped test is a defect`);
    failed += results.numPendingTests + results.numTodoTests;
  }
} catch {
  failed = Math.max(failed, 1);
}
rmSync(dir, { recursive: true, force: true });
// Vitest fails a run on errors outside any test (an unhandled rejection after a file's tests): count that too.
if (run.status !== 0 && failed === 0) {
  console.error('vitest reported errors outside the tests (see above): counted as one failure');
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
