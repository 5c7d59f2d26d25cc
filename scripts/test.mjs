// Runs every test project once and ends with the line "N passed, N failed" counting all of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

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
// The slowest files, so a run that nears CI's time budget says where its minutes go (guide: `.ci/run` under 30).
let slowest = [];
// Each failure again at the end, one line each, so the last lines of a long log (all a CI tail keeps) name them.
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);
try {
  const results = JSON.parse(readFileSync(out, 'utf8'));
  passed = results.numPassedTests;
  for (const file of results.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    if (file.endTime > file.startTime) slowest.push([name, (file.endTime - file.startTime) / 1000]);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`FAILED ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`FAILED ${name}: ${firstLine(file.message)}`);
  }
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
slowest = slowest.sort((a, b) => b[1] - a[1]).slice(0, 12);
if (slowest.length > 0) {
  console.log('slowest files (s):');
  for (const [name, seconds] of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)}  ${name}`);
}
// Vitest fails a run on errors outside any test (an unhandled rejection after a file's tests): count that too.
if (run.status !== 0 && failed === 0) {
  console.error('vitest reported errors outside the tests (see above): counted as one failure');
  failures.push('FAILED an error outside any test (see "Unhandled Errors" above)');
  failed = 1;
}
for (const line of failures) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
