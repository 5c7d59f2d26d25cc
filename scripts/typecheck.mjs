#!/usr/bin/env node
// Type-checks every TypeScript project, two at a time: `tsc` uses one core, CI's machine has two, and the eight
// projects one after the other took 105 s of CI's 30-minute budget. Each project's errors are printed together
// (not interleaved with another's); the exit code is non-zero when any project has an error.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// The longest first (seconds alone on CI's machine kind: web 37, server 27, e2e 23, bench 19, admin 17, the rules'
// tests 15, contract 9, rules 9), so the two queues end together.
const PROJECTS = [
  'apps/web',
  'apps/server',
  'e2e',
  'bench',
  'apps/admin',
  'packages/rules/test',
  'packages/contract',
  'packages/rules',
];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let ok = true;
const worker = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
};
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
process.exit(ok ? 0 : 1);
