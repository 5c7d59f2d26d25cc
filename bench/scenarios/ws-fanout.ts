// WebSocket fan-out at saturation (issue 18 §3): clients subscribed to `tickers`, ticks offered on the market bus
// (Redis, as the feed leader sends them to the other nodes) at a rising load, rounds a second × products ×
// clients, until the tick-to-client p99 passes 250 ms. The same ladder runs against a bare `ws` broadcast of the
// same bus messages in the same run. Each one's capacity is the most updates a second it delivered at a step
// whose p99 stayed within 250 ms. Targets: the hub ≥ 0.6 of the bare capacity; at the normal load (one tick a
// second per product, 2 000 clients: the simulated feed) the hub's p99 ≤ 1.5 × its 100 ms batching interval.
// The clients run in this process on the same machine: where both saturate at the same step, the clients' share
// of the cores is the limit, and the ratio says the hub costs no more than the bare broadcast up to there.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { freePort, startServer } from '../lib/http-vs-pg.js';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_MS = 2000;
const P99_LIMIT_MS = 250;
const FLUSH_MS = 100;
/** Every SAMPLE-th client parses its frames for latency; the others only count updates (cheaply). */
const SAMPLE = 20;
/** The load steps: clients (only ever added) and tick rounds a second; the first is the normal load. */
const ALL_STEPS: { clients: number; rate: number }[] = [
  { clients: 2000, rate: 1 },
  { clients: 2000, rate: 2 },
  { clients: 2000, rate: 4 },
  { clients: 2000, rate: 7 },
  { clients: 2000, rate: 10 },
  { clients: 3000, rate: 10 },
  { clients: 3500, rate: 10 },
  { clients: 4000, rate: 10 },
  { clients: 4500, rate: 10 },
  { clients: 6000, rate: 10 },
  { clients: 8000, rate: 10 },
  { clients: 10000, rate: 10 },
];
/** BENCH_WS_STEPS=n runs only the first n steps (a quick look at the normal load). */
const STEPS = ALL_STEPS.slice(0, Number(process.env.BENCH_WS_STEPS ?? ALL_STEPS.length));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Step {
  clients: number;
  rate: number;
  offered: number;
  delivered: number;
  p50: number;
  p99: number;
}

interface Server {
  url: string;
  symbols: string[];
  prefix: string;
  stop: () => Promise<void>;
}

export default async function wsFanout() {
  const hub = await ladder('nexa hub', startNexa);
  const bare = await ladder('bare ws', startBare);
  const capacity = (steps: Step[]) =>
    Math.max(0, ...steps.filter((s) => s.p99 <= P99_LIMIT_MS).map((s) => s.delivered));
  const hubCapacity = capacity(hub);
  const bareCapacity = capacity(bare);
  console.log(`capacity (updates/s at p99 ≤ ${P99_LIMIT_MS} ms)`);
  console.log(`  nexa hub   ${hubCapacity.toFixed(0).padStart(9)}`);
  console.log(`  bare ws    ${bareCapacity.toFixed(0).padStart(9)}`);
  console.log(`ratio nexa / bare              ${(hubCapacity / bareCapacity).toFixed(2)} (target ≥ 0.60)`);
  console.log(
    `p99 at normal load / interval  ${(hub[0]!.p99 / FLUSH_MS).toFixed(2)} (${hub[0]!.p99} ms; target ≤ 1.50)`,
  );
}

async function ladder(label: string, start: () => Promise<Server>): Promise<Step[]> {
  const server = await start();
  const publisher = await startPublisher(server);
  const sockets: WebSocket[] = [];
  let updates = 0;
  let latencies: number[] = [];
  let measuring = false;
  const steps: Step[] = [];
  console.log(`${label}: clients  rounds/s   offered/s  delivered/s    p50    p99`);
  try {
    for (const step of STEPS) {
      if (sockets.length < step.clients) {
        // New clients join with the load paused and the backlog drained, so a step never counts the last one's.
        publisher.rate(0);
        await sleep(1000);
        while (sockets.length < step.clients) {
          const n = Math.min(100, step.clients - sockets.length);
          await Promise.all(Array.from({ length: n }, () => connect(server.url, sockets.length % SAMPLE === 0)));
        }
      }
      publisher.rate(step.rate);
      // The first step also lets the connections' own work (handshakes, subscriptions, first frames) settle.
      await sleep(steps.length === 0 ? 2 * WARMUP_MS : WARMUP_MS);
      updates = 0;
      latencies = [];
      // At least ten rounds measured: at one round a second, one slow round would otherwise be the p99.
      const seconds = Math.max(SECONDS, 10 / step.rate);
      measuring = true;
      const from = performance.now();
      await sleep(seconds * 1000);
      measuring = false;
      // A saturated client process wakes late: the window is what passed, not what was asked for.
      const elapsed = (performance.now() - from) / 1000;
      const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
      latencies.sort((a, b) => a - b);
      const pct = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? Number.POSITIVE_INFINITY;
      const result: Step = {
        clients: step.clients,
        rate: step.rate,
        offered: step.clients * step.rate * server.symbols.length,
        delivered: updates / elapsed,
        p50: pct(50),
        p99: pct(99),
      };
      steps.push(result);
      const cells = [
        String(step.clients).padStart(7),
        String(step.rate).padStart(8),
        result.offered.toFixed(0).padStart(10),
        result.delivered.toFixed(0).padStart(11),
        String(result.p50).padStart(5),
        String(result.p99).padStart(5),
      ];
      const cut = open < step.clients ? `   (${step.clients - open} clients cut off)` : '';
      console.log(`${' '.repeat(label.length)}  ${cells.join('  ')}${cut}`);
      // Saturated: latency past the limit, or a fifth of the offered load not delivered.
      if (result.p99 > P99_LIMIT_MS || result.delivered < 0.8 * result.offered) break;
    }
  } finally {
    publisher.rate(0);
    for (const s of sockets) s.terminate();
    await publisher.stop();
    await server.stop();
  }
  return steps;

  function connect(url: string, sampled: boolean) {
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      sockets.push(ws);
      ws.on('open', () => {
        ws.send(JSON.stringify({ op: 'subscribe', channels: ['tickers'] }));
        resolve();
      });
      ws.on('error', reject);
      ws.on('message', (raw: Buffer) => {
        if (!measuring) return;
        if (!sampled) {
          updates += countSymbols(raw);
          return;
        }
        const now = Date.now();
        const parsed = JSON.parse(raw.toString());
        for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
          if (m.channel !== 'tickers') continue;
          for (const t of m.data as { ts: number }[]) {
            updates++;
            latencies.push(now - t.ts);
          }
        }
      });
    });
  }
}

const NEEDLE = Buffer.from('"symbol"');
function countSymbols(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(NEEDLE); i !== -1; i = buf.indexOf(NEEDLE, i + NEEDLE.length)) n++;
  return n;
}

/** The hub's product symbols, read when it starts; the bare server is offered the same ticks. */
let catalogue: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busPrefix = () => `bench-fanout-${randomBytes(4).toString('hex')}:`;

/**
 * A node without a feed of its own, on PostgreSQL: it hears the bus, as every node but the feed leader does in a
 * deployment of several (the embedded database runs in the server's thread and is for one node).
 */
async function startNexa(): Promise<Server> {
  const prefix = busPrefix();
  const server = await startServer({
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    MARKET_FEED: 'false',
    MARKET_HISTORY_HOURS: '0',
  });
  const res = await fetch(`${server.url}/api/product/getProductList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as { data: { list: { symbol: string }[] } };
  catalogue = body.data.list.map((p) => p.symbol);
  return { url: `${server.url.replace('http', 'ws')}/api/ws`, symbols: catalogue, prefix, stop: server.close };
}

async function startBare(): Promise<Server> {
  const port = await freePort();
  const prefix = busPrefix();
  const child = spawn(process.execPath, [path.join(root, 'bench/fixtures/bare-ws-server.mjs')], {
    env: { ...process.env, PORT: String(port), REDIS_URL, REDIS_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return {
    url: `ws://127.0.0.1:${port}`,
    // The catalogue's symbols (the hub ran first), so both carry the same load.
    symbols: catalogue,
    prefix,
    stop: () => kill(child),
  };
}

async function startPublisher(server: Server) {
  const child = spawn(process.execPath, [path.join(root, 'bench/fixtures/tick-publisher.mjs')], {
    env: { ...process.env, REDIS_URL, REDIS_PREFIX: server.prefix, SYMBOLS: server.symbols.join(',') },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return {
    rate: (n: number) => child.stdin!.write(`${n}\n`),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

function kill(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
