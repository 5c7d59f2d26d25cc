import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { slicedEvaluation } from './sliced-evaluation';

const RUNTIME = '\0nexa-sliced-evaluation';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
function hooks(budgetMs: number) {
  const plugin = slicedEvaluation({ include: /[\\/]schemas[\\/][\w-]+\.js$/, budgetMs });
  const transform = (code: string, id: string) =>
    (plugin.transform as Hook).call({}, code, id) as { code: string } | null;
  const load = (id: string) => (plugin.load as Hook).call({}, id) as string | null;
  return { transform, load };
}

const dir = mkdtempSync(path.join(tmpdir(), 'nexa-sliced-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the transformed module and the runtime beside it, the runtime's import pointed at its file. */
function emit(name: string, code: string, budgetMs: number): string {
  const { transform, load } = hooks(budgetMs);
  const out = transform(code, `/app/schemas/${name}.js`);
  if (!out) throw new Error('not transformed');
  writeFileSync(path.join(dir, `runtime-${budgetMs}.mjs`), load(RUNTIME) ?? '');
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, out.code.replace(JSON.stringify(RUNTIME), JSON.stringify(`./runtime-${budgetMs}.mjs`)));
  return file;
}

describe('slicedEvaluation', () => {
  it('puts the slice check before each statement that runs something, not before imports or export lists', () => {
    const { transform } = hooks(8);
    const code = [
      "import { z } from 'zod';",
      'export const A = z.string();',
      'const B = z.number();',
      'function pick() { return A; }',
      'export { B, pick };',
      "export * from './other.js';",
    ].join('\n');
    const out = transform(code, '/app/schemas/common.js')?.code ?? '';
    const lines = out.split('\n');
    const lineBefore = (statement: string) => lines[lines.indexOf(statement) - 1];
    expect(lines[0]).toBe(`import { due as __sliceDue, next as __sliceNext } from ${JSON.stringify(RUNTIME)};`);
    for (const s of ['export const A = z.string();', 'const B = z.number();', 'function pick() { return A; }'])
      expect(lineBefore(s)).toBe('if (__sliceDue()) await __sliceNext();');
    for (const s of ["import { z } from 'zod';", 'export { B, pick };', "export * from './other.js';"])
      expect(lineBefore(s)).not.toBe('if (__sliceDue()) await __sliceNext();');
    expect(out.match(/__sliceNext\(\)/g)).toHaveLength(3);
    // Other modules are left as they are.
    expect(transform(code, '/app/src/page.js')).toBeNull();
  });

  /** A task queued by the module's first statement, logged when it runs. */
  function queueOtherTask(log: string[]) {
    (globalThis as { queueOther?: () => void }).queueOther = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        log.push('other task');
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    };
    (globalThis as { sliceLog?: string[] }).sliceLog = log;
  }

  it('lets other tasks run between the statements once a slice has used its budget, and keeps their order', async () => {
    const log: string[] = [];
    queueOtherTask(log);
    const statements = Array.from({ length: 4 }, (_, i) => `globalThis.sliceLog.push('statement ${i}');`);
    const file = emit('spread', `globalThis.queueOther();\n${statements.join('\n')}\nexport const done = true;`, 0);
    const mod = (await import(pathToFileURL(file).href)) as { done: boolean };
    expect(mod.done).toBe(true);
    expect(log.filter((l) => l.startsWith('statement'))).toEqual([0, 1, 2, 3].map((i) => `statement ${i}`));
    // The task the first statement queued ran before the last statement, not after the module.
    expect(log.indexOf('other task')).toBeGreaterThan(-1);
    expect(log.indexOf('other task')).toBeLessThan(log.indexOf('statement 3'));
  });

  it('runs a module within its budget in one task', async () => {
    const log: string[] = [];
    queueOtherTask(log);
    const file = emit(
      'quick',
      "globalThis.queueOther();\nglobalThis.sliceLog.push('a');\nglobalThis.sliceLog.push('b');",
      60_000,
    );
    await import(pathToFileURL(file).href);
    expect(log).toEqual(['a', 'b']);
  });
});
