// The main-thread tasks Lighthouse counts as long, from its own trace with V8's CPU samples in it (issue 18 §2;
// docs/decisions.md, session 46). Lighthouse's simulation multiplies each observed task by its CPU slowdown (4 on
// mobile), so a task of 12.5 ms observed is a long task of 50 ms; its blocking time is what passes 50 ms, counted
// after the first contentful paint. A hand-made trace of the same page does not see the same tasks (Lighthouse's
// tracing makes timers and requests cost more), so this reads the trace Lighthouse measured.
//
// The samples come with `settings.additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler'`: a `Profile`
// event on the page's main thread and `ProfileChunk` events of the same id, written by V8's profiler thread.

export const CPU_PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  // biome-ignore lint/suspicious/noExplicitAny: each event's args have their own shape
  args?: any;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface LongTask {
  /** ms after the page's navigation start, observed (unthrottled). */
  at: number;
  observedMs: number;
  /** After the first contentful paint: its time over 50 ms (×slowdown) is blocking time. */
  counted: boolean;
  /** The task's direct children by trace event (an event's type for dispatches, the script for evaluations), ms. */
  events: [string, number][];
  /** Functions by self time (V8's samples; `(program)` is the browser's own work: style, layout, paint), ms. */
  self: [string, number][];
  /** Functions by the time they were on the stack, ms. */
  inclusive: [string, number][];
}

const byValue = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const file = (url: string) => url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '');

/** The long tasks of the page at `url` in `events` (a Lighthouse trace), in the order they ran. */
export function longTasks(events: TraceEvent[], url: string, slowdown = 4): LongTask[] {
  // The page's main thread: the renderer main thread of the process that navigated to `url` (the browser's own
  // pages, a new tab's for one, run renderers of their own in the same trace).
  const page = url.split('#')[0] ?? url;
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      String(e.args?.data?.documentLoaderURL ?? '').startsWith(page),
  );
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === navigation?.pid,
  );
  if (!navigation || !main) return [];
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const start = navigation.ts;
  const fcp = events.find((e) => e.pid === main.pid && e.name === 'firstContentfulPaint')?.ts ?? start;

  const nodes = new Map<number, ProfileNode>();
  const samples: { t: number; node: number }[] = [];
  const head = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  let t = head?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (!head || e.name !== 'ProfileChunk' || e.pid !== main.pid || e.id !== head.id) continue;
    const profile = e.args?.data?.cpuProfile ?? {};
    for (const n of (profile.nodes ?? []) as ProfileNode[]) nodes.set(n.id, n);
    const deltas: number[] = e.args?.data?.timeDeltas ?? [];
    ((profile.samples ?? []) as number[]).forEach((node, i) => {
      t += deltas[i] ?? 0;
      samples.push({ t, node });
    });
  }
  const label = (n: ProfileNode) => {
    const where = n.callFrame.url ? ` ${file(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : '';
    return `${n.callFrame.functionName || '(anonymous)'}${where}`;
  };

  const tasks: LongTask[] = [];
  for (const task of onMain) {
    if (task.name !== 'RunTask' || (task.dur ?? 0) * slowdown < 50_000) continue;
    const end = task.ts + (task.dur ?? 0);
    const eventsIn = new Map<string, number>();
    let nestedUntil = 0;
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts >= end || e.ts < nestedUntil) continue;
      nestedUntil = e.ts + (e.dur ?? 0);
      const data = e.args?.data ?? {};
      const what =
        e.name === 'EventDispatch'
          ? `EventDispatch ${data.type}`
          : e.name === 'EvaluateScript' || e.name === 'FunctionCall'
            ? `${e.name} ${file(String(data.url ?? ''))}`
            : e.name;
      add(eventsIn, what, (e.dur ?? 0) / 1000);
    }
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let previous = task.ts;
    for (const s of samples) {
      if (s.t < task.ts || s.t > end) continue;
      const ms = (s.t - previous) / 1000;
      previous = s.t;
      let node = nodes.get(s.node);
      if (!node) continue;
      add(self, label(node), ms);
      const seen = new Set<string>();
      while (node) {
        const l = label(node);
        if (!seen.has(l) && l !== '(root)') add(inclusive, l, ms);
        seen.add(l);
        node = node.parent === undefined ? undefined : nodes.get(node.parent);
      }
    }
    tasks.push({
      at: (task.ts - start) / 1000,
      observedMs: (task.dur ?? 0) / 1000,
      counted: task.ts >= fcp,
      events: byValue(eventsIn),
      self: byValue(self),
      inclusive: byValue(inclusive),
    });
  }
  return tasks;
}

/** The tasks as text: each with its events, its top functions by self time and the calls they were made in. */
export function printLongTasks(tasks: LongTask[], slowdown = 4, top = 6): void {
  const list = (xs: [string, number][], n: number) =>
    xs
      .filter(([, ms]) => ms >= 0.5)
      .slice(0, n)
      .map(([k, ms]) => `${ms.toFixed(1)} ${k}`);
  let blocking = 0;
  for (const task of tasks) {
    const simulated = task.observedMs * slowdown;
    if (task.counted) blocking += simulated - 50;
    console.log(
      `    @${Math.round(task.at)} ms: ${task.observedMs.toFixed(1)} ms observed, ${Math.round(simulated)} ms at ${slowdown}x${task.counted ? '' : ' (before the first paint)'}`,
    );
    console.log(`      events: ${list(task.events, top).join(' | ')}`);
    console.log(`      self:   ${list(task.self, top).join(' | ')}`);
    console.log(`      stack:  ${list(task.inclusive, top * 2).join(' | ')}`);
  }
  console.log(
    `    blocking time from these tasks (observed × ${slowdown}, after the first paint): ${Math.round(blocking)} ms`,
  );
}
