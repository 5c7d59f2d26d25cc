// WebSocket fan-out: 2 000 clients subscribed to `tickers`; price updates delivered a second and tick-to-client
// p99 latency, against a bare `ws` broadcast of frames of the same shape to the same number of clients in the
// same run. Targets (issue 4): ≥ 50 % of the bare rate, p99 ≤ 2 × the 100 ms batching interval.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** Every SAMPLE-th client parses its frames for latency; the others only count updates (cheaply). */
const SAMPLE = 20;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Result {
  updatesPerSec: number;
  p50: number;
  p99: number;
}

export default async function wsFanout() {
  execFileSync('npm', ['run', 'build', '-w', '@nexa/server'], { cwd: root, stdio: 'ignore' });
  const ours = await runAgainst('nexa', startNexa);
  const bare = await runAgainst('bare ws', startBare);
  console.log(`clients                         ${CLIENTS}, ${SECONDS} s measured each`);
  console.log(
    `nexa hub     updates/s ${ours.updatesPerSec.toFixed(0).padStart(8)}   p50 ${ours.p50} ms   p99 ${ours.p99} ms`,
  );
  console.log(
    `bare ws      updates/s ${bare.updatesPerSec.toFixed(0).padStart(8)}   p50 ${bare.p50} ms   p99 ${bare.p99} ms`,
  );
  console.log(`ratio nexa / bare              ${(ours.updatesPerSec / bare.updatesPerSec).toFixed(2)} (target ≥ 0.50)`);
  console.log(`p99 / batching interval        ${(ours.p99 / 100).toFixed(2)} (target ≤ 2.00)`);
}

async function runAgainst(
  label: string,
  start: () => Promise<{ url: string; stop: () => Promise<void> }>,
): Promise<Result> {
  const server = await start();
  const sockets: WebSocket[] = [];
  let updates = 0;
  const latencies: number[] = [];
  let measuring = false;
  try {
    for (let i = 0; i < CLIENTS; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, CLIENTS - i) }, (_, k) => connect(server.url, (i + k) % SAMPLE === 0)),
      );
    }
    // Let the first (snapshot) frames pass, then measure.
    await new Promise((r) => setTimeout(r, 2000));
    measuring = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    measuring = false;
  } finally {
    for (const s of sockets) s.terminate();
    await server.stop();
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? Number.NaN;
  if (latencies.length === 0) throw new Error(`${label}: no updates arrived`);
  return { updatesPerSec: updates / SECONDS, p50: pct(50), p99: pct(99) };

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
        const now = Date.now();
        if (!sampled) {
          updates += countSymbols(raw);
          return;
        }
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

async function startNexa() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexa-fanout-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MARKET_HISTORY_HOURS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return {
    url: `ws://127.0.0.1:${port}/api/ws`,
    stop: async () => {
      await kill(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/fixtures/bare-ws-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `ws://127.0.0.1:${port}`, stop: () => kill(child) };
}

function kill(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
