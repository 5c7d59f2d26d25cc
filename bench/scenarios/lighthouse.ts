// Lighthouse 12, mobile (its default: Moto G Power, simulated slow 4G), on the H5 app's first load (issue 18 §2):
// the login page a visitor opens and the home page of a signed-in user. Chromium is driven with playwright-core,
// the session seeded in the browser's own profile, then Lighthouse's Node API runs on that same browser. Every run
// starts from a new profile (a cold cache, no service worker), three runs a page; the medians are printed beside
// the budget: performance, accessibility and best practices ≥ 95, first contentful paint ≤ 1.8 s.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, median, post, startServer } from '../lib/http-vs-pg.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BUDGET = { performance: 95, accessibility: 95, bestPractices: 95, fcpMs: 1_800 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--headless=new',
];

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  requests: number;
  kib: number;
  /** Lighthouse's measure of this host's CPU speed (its throttling assumes a desktop-class host). */
  benchmarkIndex: number;
  failing: string[];
}

export default async function lighthouseScenario() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  execFileSync('npm', ['run', 'build', '-w', '@nexa/web'], { cwd: root, stdio: 'ignore' });
  const server = await startServer();
  try {
    const session = await signedUpUser(server);
    const pages = [
      { name: 'login (visitor)', hash: '/pages/userPages/login', session: null },
      { name: 'home (signed in)', hash: '/pages/tabbarPages/home/index', session },
    ];
    // BENCH_LIGHTHOUSE_PAGE=login|home runs one page only (for iterating on a change).
    const only = process.env.BENCH_LIGHTHOUSE_PAGE;
    for (const p of pages.filter((x) => !only || x.name.startsWith(only))) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}/h5/#${p.hash}`, server.url, p.session));
      report(p.name, runs);
    }
  } finally {
    await server.close();
  }
}

/** A registered user's stored session, as the app keeps it in localStorage. */
async function signedUpUser(server: Awaited<ReturnType<typeof startServer>>) {
  const email = `lh.${Date.now()}@example.com`;
  await post(server.url, 'ems/send', { email, scene: 'register' });
  const reg = await post(server.url, 'user/register', {
    type: 'email',
    email,
    code: server.lastCode(email),
    password: 'password-1',
    password2: 'password-1',
  });
  if (reg.code !== 1) throw new Error(`lighthouse: register refused: ${reg.msg}`);
  return { token: reg.data.token, user: reg.data.user, lang: 'en', theme: 'dark' };
}

async function audit(url: string, origin: string, session: object | null): Promise<Scores> {
  const profile = mkdtempSync(path.join(tmpdir(), 'nexa-lh-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...FLAGS, `--remote-debugging-port=${port}`],
    viewport: null,
  });
  try {
    if (session) {
      // A same-origin page without the app: the session is stored before the app first runs, as after a log-in.
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${origin}/h5/favicon.svg`);
      await page.evaluate(
        // Runs in the page (bench has no DOM types).
        (value) =>
          (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
            'nexa-session',
            value,
          ),
        JSON.stringify({ state: session, version: 1 }),
      );
    }
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keeps the seeded session (the profile is new, so the cache is cold all the same).
      disableStorageReset: session !== null,
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) console.log(`  a run failed: ${runtimeError.code} ${runtimeError.message}`);
    const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => a.id);
    if (process.env.BENCH_LIGHTHOUSE_DETAILS) printDetails(url, audits);
    const items = (audits['network-requests']?.details as { items?: { transferSize?: number }[] } | undefined)?.items;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      requests: items?.length ?? 0,
      kib: (items ?? []).reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      failing,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function report(name: string, runs: Scores[]) {
  const m = (k: keyof Omit<Scores, 'failing'>) => median(runs.map((r) => r[k]));
  const ok = (pass: boolean) => (pass ? 'within' : 'OVER');
  console.log(`${name}: ${runs.length} runs, medians`);
  console.log(
    `  performance     ${m('performance')} (budget ≥ ${BUDGET.performance}: ${ok(m('performance') >= BUDGET.performance)})`,
  );
  console.log(
    `  accessibility   ${m('accessibility')} (budget ≥ ${BUDGET.accessibility}: ${ok(m('accessibility') >= BUDGET.accessibility)})`,
  );
  console.log(
    `  best practices  ${m('bestPractices')} (budget ≥ ${BUDGET.bestPractices}: ${ok(m('bestPractices') >= BUDGET.bestPractices)})`,
  );
  console.log(
    `  FCP             ${(m('fcpMs') / 1000).toFixed(2)} s (budget ≤ 1.8 s: ${ok(m('fcpMs') <= BUDGET.fcpMs)})`,
  );
  console.log(`  LCP             ${(m('lcpMs') / 1000).toFixed(2)} s, TBT ${Math.round(m('tbtMs'))} ms`);
  console.log(`  requests        ${m('requests')}, ${m('kib').toFixed(0)} KiB transferred`);
  console.log(`  host CPU        benchmark index ${Math.round(m('benchmarkIndex'))}`);
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length > 0) console.log(`  audits below 0.9 in some run: ${failing.join(', ')}`);
}

/** With BENCH_LIGHTHOUSE_DETAILS=1: what each costly audit names (the profile behind a change). */
function printDetails(url: string, audits: Record<string, { details?: unknown; displayValue?: string }>) {
  console.log(`  details of ${url}`);
  // The unthrottled trace's own times: what happened before its LCP is what the simulated LCP is built from.
  const observed = ((audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items ?? [])[0];
  if (observed) {
    const at = (k: string) => `${k.replace(/^observed/, '')} ${Math.round(observed[k] ?? Number.NaN)}`;
    console.log(
      `    observed (unthrottled) ms: ${['observedFirstContentfulPaint', 'observedLargestContentfulPaint', 'observedDomContentLoaded', 'observedLoad'].map(at).join(', ')}`,
    );
  }
  for (const id of [
    'render-blocking-resources',
    'unused-javascript',
    'legacy-javascript',
    'bootup-time',
    'mainthread-work-breakdown',
    'long-tasks',
    'network-requests',
    'largest-contentful-paint-element',
    'inspector-issues',
  ]) {
    // Some audits (the LCP element's) nest a table per item: flatten one level.
    const items = ((audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).flatMap(
      (it) => (it.type === 'table' ? ((it.items as Record<string, unknown>[] | undefined) ?? []) : [it]),
    );
    console.log(`    ${id}: ${audits[id]?.displayValue ?? ''}`);
    for (const it of items.slice(0, 50)) {
      const node = it.node as { snippet?: string } | undefined;
      const u = String(it.url ?? it.groupLabel ?? it.phase ?? node?.snippet ?? it.issueType ?? '').replace(
        /^https?:\/\/[^/]+/,
        '',
      );
      const figures = [
        'wastedMs',
        'wastedBytes',
        'total',
        'scripting',
        'duration',
        'transferSize',
        'startTime',
        'endTime',
        'timing',
        'percent',
        'networkRequestTime',
        'networkEndTime',
      ]
        .filter((k) => typeof it[k] === 'number')
        .map((k) => `${k} ${Math.round(it[k] as number)}`)
        .join(', ');
      console.log(`      ${u} ${figures}`);
    }
  }
}
