import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { killServers, rid, startServer, trader } from '../../process-testing.js';

/**
 * Issue 12 item 10: on the embedded database, with the CPU busy, a fresh start (a day of generated history) used
 * to refuse delivery orders ("market price is not available"): every minute close summed a day of candles in
 * decimals for every product, a loop stall of seconds on a starved CPU, long enough for the last tick to pass
 * its 5 s. The promise kept here is the product's: orders are accepted on a live price, from the first one on.
 */
const hogs: ChildProcess[] = [];
let dataDir = '';
afterAll(() => {
  killServers();
  for (const h of hogs) h.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The starved CPU: with `taskset`, the server and one busy process share the first CPU (the server gets half of it
 * at most) and the suite's other tests keep the rest of the machine, instead of two busy processes slowing every
 * test running beside this one for its 100 s; without `taskset`, one busy process per CPU.
 */
const PIN = existsSync('/usr/bin/taskset') && availableParallelism() > 1 ? ['/usr/bin/taskset', '-c', '0'] : null;

it('a fresh start on the embedded database accepts delivery orders while busy processes hog the CPU', async () => {
  const busy = [process.execPath, '-e', 'for (;;) {}'];
  for (let i = 0; i < (PIN ? 1 : availableParallelism()); i++) {
    const [program, ...args] = [...(PIN ?? []), ...busy] as [string, ...string[]];
    hogs.push(spawn(program, args, { stdio: 'ignore' }));
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-load-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', MARKET_HISTORY_HOURS: '24' };
  const server = await startServer(env, 600_000, PIN ?? []);
  const token = await trader(server, dataDir);
  const order = () =>
    server.api(
      'order/createDeliveryOrder',
      { symbol: 'BTCUSDT', direction: 'call', seconds: 30, amount: '10', requestId: rid() },
      token,
    );
  // The first order after start: accepted (at most a few tries while the first tick is on its way).
  const t0 = Date.now();
  let first = await order();
  while (first.code !== 1 && Date.now() - t0 < 30_000) {
    await sleep(500);
    first = await order();
  }
  expect(first).toMatchObject({ code: 1 });
  // Then for more than a minute (every product's minute closes at least once): every order is accepted.
  const refused: string[] = [];
  for (const end = Date.now() + 70_000; Date.now() < end; ) {
    const res = await order();
    if (res.code !== 1) refused.push(res.msg);
    await sleep(3_000);
  }
  expect(refused).toEqual([]);
}, 900_000);
