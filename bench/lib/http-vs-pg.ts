// What the "over HTTP vs the same SQL with pg" benchmarks share: a keep-alive JSON client, a closed-loop load of
// CLIENTS concurrent callers, and the built server as its own process on a fresh PostgreSQL database.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StatementNames, nameStatements } from '@nexa/server/prepared-statements';
import { TEST_DEPOSIT_ADDRESSES } from '@nexa/server/testing';
import pg from 'pg';
import { type CpuSnapshot, canMeasureCpu, cpuBetween, cpuLine, cpuSnapshot } from './cpu.js';

export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const ROUNDS = 3;
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

// A plain keep-alive HTTP client: the lightest load generator, so the figure is the server's, not the client's.
export const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

export function post(url: string, path: string, body: object, token?: string, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  // biome-ignore lint/suspicious/noExplicitAny: each scenario reads the fields of the call it makes
  return new Promise<{ code: number; msg: string; data: any }>((resolve, reject) => {
    const req = http.request(
      `${url}/api/${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          lang: 'en',
          ...(token ? { token } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The direct path's pool: its statements prepared by name once sent twice, as the server's pool does
 * (`prepared-statements.ts`), so "the same SQL" costs the database what it costs the server.
 */
export function directPool(connectionString: string, max = CLIENTS): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  const names = new StatementNames();
  pool.on('connect', (client) => nameStatements(client, names));
  return pool;
}

/**
 * CLIENTS callers, each calling `op` again as soon as it returns, for `seconds`: calls a second. With `latencies`,
 * each call's time (ms) is appended to it.
 */
export async function loop(seconds: number, op: (i: number) => Promise<void>, latencies?: number[]): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        await op(c * 1_000_000 + i);
        latencies?.push(performance.now() - t0);
        done++;
      }
    }),
  );
  return done / seconds;
}

/** The q-quantile (0..1) of a list of figures. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** "p50 x ms, p99 y ms (p99/p50 z)" of a list of latencies. */
export function latencyLine(ms: readonly number[]): string {
  const p50 = quantile(ms, 0.5);
  const p99 = quantile(ms, 0.99);
  return `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (p99/p50 ${(p99 / p50).toFixed(1)})`;
}

/**
 * pgbench's built-in simple-update transaction (BEGIN; UPDATE accounts; SELECT; INSERT history; END: the least a
 * money transaction does) at CLIENTS clients on a database of its own (scale 1), the floor the money calls are
 * measured against. `run(seconds, latencies)` returns transactions a second and appends each one's latency (ms).
 */
export async function pgbenchSimpleUpdate() {
  const { name: dbName, url } = await createDatabase('pgbench');
  const logDir = mkdtempSync(path.join(tmpdir(), 'nexa-pgbench-'));
  execFileSync('pgbench', ['-i', '-q', '-s', '1', url], { stdio: 'ignore' });
  let n = 0;
  return {
    run(seconds: number, latencies?: number[]): number {
      const prefix = path.join(logDir, `run${++n}`);
      const out = execFileSync(
        'pgbench',
        ['-n', '-b', 'simple-update', '-c', String(CLIENTS), '-j', '2', '-T', String(seconds), '-l'].concat([
          '--log-prefix',
          prefix,
          url,
        ]),
        { encoding: 'utf8' },
      );
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      if (!tps) throw new Error(`pgbench printed no rate:\n${out}`);
      if (latencies) {
        // Per-transaction log lines: client, transaction, latency in µs, …
        for (const f of readdirSync(logDir).filter((f) => f.startsWith(`run${n}.`))) {
          for (const line of readFileSync(path.join(logDir, f), 'utf8').split('\n')) {
            const us = Number(line.split(' ')[2]);
            if (Number.isFinite(us) && line) latencies.push(us / 1000);
          }
        }
      }
      return Number(tps[1]);
    },
    async close() {
      rmSync(logDir, { recursive: true, force: true });
      await dropDatabase(dbName);
    },
  };
}

/**
 * The rounds of an "over HTTP vs the same SQL" bench: in each round pgbench's simple-update (the floor), the SQL run
 * directly, then the call over HTTP, alternated so a burst of load elsewhere on this noisy machine hits all alike;
 * prints each one's median rate and the latencies of all rounds, with the ratios against the issue-18 target.
 */
export async function compareRounds(o: {
  label: string;
  unit: string;
  http: (i: number) => Promise<void>;
  direct: (i: number) => Promise<void>;
  /** HTTP / pgbench simple-update. */
  floorTarget: string;
  /** The server's process, whose CPU the HTTP path's figure adds to the database's. */
  serverPid?: number;
}) {
  const rates = { http: [] as number[], direct: [] as number[], floor: [] as number[] };
  const ms = { http: [] as number[], direct: [] as number[], floor: [] as number[] };
  // CPU of each path summed over the rounds, and the operations it did: the cost of one, whatever else ran.
  const zero = (): CpuSnapshot => ({ server: 0, database: 0, client: 0 });
  const cpu = { http: zero(), direct: zero(), floor: zero() };
  const ops = { http: 0, direct: 0, floor: 0 };
  const measured = async (path: keyof typeof cpu, run: () => number | Promise<number>) => {
    const before = canMeasureCpu ? cpuSnapshot(o.serverPid, ['pgbench']) : zero();
    const rate = await run();
    if (canMeasureCpu) {
      const used = cpuBetween(before, cpuSnapshot(o.serverPid, ['pgbench']));
      for (const k of ['server', 'database', 'client'] as const) cpu[path][k] += used[k];
    }
    ops[path] += rate * SECONDS;
    rates[path].push(rate);
  };
  const floor = await pgbenchSimpleUpdate();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      if (process.env.BENCH_ONLY !== 'http') {
        await measured('floor', () => floor.run(SECONDS, ms.floor));
        await measured('direct', () => loop(SECONDS, o.direct, ms.direct));
      }
      await measured('http', () => loop(SECONDS, o.http, ms.http));
    }
  } finally {
    await floor.close();
  }
  const [http, direct, least] = [median(rates.http), median(rates.direct), median(rates.floor)];
  const line = (label: string, value: string) => console.log(`${label.padEnd(29)}${value}`);
  line('clients', `${CLIENTS}, ${ROUNDS} rounds of ${SECONDS} s each, medians`);
  line(`${o.label} over HTTP`, `${http.toFixed(0)} ${o.unit}`);
  line('same SQL directly with pg', `${direct.toFixed(0)} ${o.unit}`);
  line('pgbench simple-update', `${least.toFixed(0)} transactions/s, ${latencyLine(ms.floor)}`);
  line('latency over HTTP', `${latencyLine(ms.http)} (target p99/p50 ≤ 3)`);
  line('latency of the SQL directly', latencyLine(ms.direct));
  line('ratio HTTP / direct', (http / direct).toFixed(2));
  line('ratio HTTP / pgbench', `${(http / least).toFixed(2)} (target ≥ ${o.floorTarget})`);
  if (canMeasureCpu) {
    line('CPU per call over HTTP', cpuLine(cpu.http, ops.http));
    if (ops.direct > 0) line('CPU per call, SQL directly', cpuLine(cpu.direct, ops.direct));
    if (ops.floor > 0) line('CPU per pgbench transaction', cpuLine(cpu.floor, ops.floor));
  }
}

/** Builds the server and starts it on a new database; `env` adds settings (e.g. TRUST_PROXY). */
export async function startServer(env: Record<string, string> = {}) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  execFileSync('npm', ['run', 'build', '-w', '@nexa/server'], { cwd: root, stdio: 'ignore' });
  const { name: dbName, url: databaseUrl } = await createDatabase('bench');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-bench-'));
  const port = await freePort();
  // BENCH_NODE_ARGS reaches the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // No deposit address is configured by default; the bench's server takes deposits like a configured one.
      ...TEST_DEPOSIT_ADDRESSES,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(dbName);
  };
  // A loaded machine can take a while to build the history of a fresh database: up to two minutes.
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (i > 480) {
      // Leave nothing behind: neither the server process nor its database.
      await close();
      throw new Error('the server did not start within two minutes');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    databaseUrl,
    /** The server's process (its CPU is the server's share of a figure). */
    pid: child.pid,
    lastCode(to: string) {
      const lines = readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
      return lines.map((l) => JSON.parse(l)).findLast((m: { to: string }) => m.to === to).code as string;
    },
    close,
  };
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A new database on DATABASE_URL's server, named `<prefix>_<time>`. */
async function createDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await asAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

function dropDatabase(name: string) {
  return asAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function asAdmin(fn: (c: pg.Client) => Promise<unknown>) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    await fn(c);
  } finally {
    await c.end();
  }
}
