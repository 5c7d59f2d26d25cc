// CPU time by process group, read from Linux's /proc: where a figure's cost went (the server's process, the
// database's processes, the load generator), which a rate on this noisy 2-core machine does not say. A rate falls
// when something else takes the cores; the CPU a unit of work costs moves much less.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export interface CpuSnapshot {
  /** Seconds of CPU (user + system) so far, by group. */
  server: number;
  database: number;
  /** The processes named in `others` (e.g. pgbench), with this bench's own process. */
  client: number;
}

let ticksPerSecond: number | undefined;
function hz(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * One process's CPU in seconds: its own (utime + stime) and that of its children it has reaped (cutime + cstime),
 * so a PostgreSQL backend or a pgbench run that ended still counts; its name and parent. Zeros once it has gone.
 */
function cpuOf(pid: string): { comm: string; ppid: string; own: number; reaped: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return { comm, ppid: String(f[1]), own: (f[11]! + f[12]!) / hz(), reaped: (f[13]! + f[14]!) / hz() };
  } catch {
    return { comm: '', ppid: '', own: 0, reaped: 0 };
  }
}

/** Whether /proc can be read here (Linux); elsewhere the benches print no CPU lines. */
export const canMeasureCpu = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

/**
 * CPU used so far by the server process `serverPid`, every PostgreSQL process on this machine (backends, WAL
 * writer, checkpointer, and the backends that have ended: all of it is the database's cost) and the client: this
 * process with the children it ran (pgbench) plus running processes whose name is in `clients`.
 */
export function cpuSnapshot(serverPid?: number, clients: readonly string[] = []): CpuSnapshot {
  const self = cpuOf('self');
  const snap: CpuSnapshot = { server: 0, database: 0, client: self.own + self.reaped };
  const procs = readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid) && Number(pid) !== process.pid)
    .map((pid) => ({ pid, ...cpuOf(pid) }));
  const isPostgres = (comm: string) => comm === 'postgres' || comm.startsWith('postgres:');
  const postgres = new Set(procs.filter((p) => isPostgres(p.comm)).map((p) => p.pid));
  for (const p of procs) {
    if (Number(p.pid) === serverPid) snap.server += p.own;
    else if (postgres.has(p.pid)) {
      // The postmaster reaps its backends: their time, ended or not, is the database's.
      snap.database += p.own + (postgres.has(p.ppid) ? 0 : p.reaped);
    } else if (clients.includes(p.comm)) snap.client += p.own;
  }
  return snap;
}

/** What was used between two snapshots. */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): CpuSnapshot {
  return { server: b.server - a.server, database: b.database - a.database, client: b.client - a.client };
}

/** "server 1.20 s + database 0.98 s = 2.18 s (client 0.30 s)" or, per unit, in µs. */
export function cpuLine(c: CpuSnapshot, per?: number): string {
  const f = (s: number) => (per ? `${Math.round((s / per) * 1e6).toLocaleString('en')} µs` : `${s.toFixed(2)} s`);
  const parts = [c.server > 0 ? `server ${f(c.server)}` : '', `database ${f(c.database)}`].filter(Boolean);
  const total = c.server + c.database;
  return `${parts.join(' + ')}${c.server > 0 ? ` = ${f(total)}` : ''} (client ${f(c.client)})`;
}
