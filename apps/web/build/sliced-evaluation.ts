/**
 * Module evaluation in slices the main thread can breathe between (issue 18 §2; docs/decisions.md, session 42).
 *
 * A chunk's modules are evaluated in one task. The contract's core schemas (zod builds each schema when its module
 * runs, and its own code is compiled on first use) took one task of 50–130 ms on the signed-in home's load, 200–500 ms
 * at Lighthouse's 4x CPU, all of it blocking time. This plugin puts `if (due()) await next();` before each top-level
 * statement of the modules it is given: once a slice has run `budgetMs`, the module awaits a new task (a top-level
 * await), so the browser can paint, take input and run other work before evaluation goes on; under budget nothing
 * waits. The order of evaluation is unchanged: a module that awaits is an async module, and whatever imports it is
 * evaluated after it, as before.
 *
 * Only ES modules of our own source may be given: a CommonJS module is wrapped in a function by the bundler, where an
 * await is not allowed. Build only (tests import the sources as they are).
 */
import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';

const RUNTIME = '\0nexa-sliced-evaluation';

const runtimeCode = (budgetMs: number) => `
let sliceStart = performance.now();
let pending = null;
/** Whether the current slice has used its budget. */
export function due() {
  return performance.now() - sliceStart > ${budgetMs};
}
/** A new task (a message to ourselves: not clamped like a timer, not paused in a background tab like a frame). */
export function next() {
  pending ??= new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      pending = null;
      sliceStart = performance.now();
      resolve();
    };
    channel.port2.postMessage(null);
  });
  return pending;
}
`;

/** The statements an await goes before: those that run something (not imports and export lists). */
function statementStarts(code: string): number[] {
  const starts: number[] = [];
  for (const node of parseAst(code).body) {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') continue;
    if (node.type === 'ExportNamedDeclaration' && !node.declaration) continue;
    starts.push(node.start);
  }
  return starts;
}

export function slicedEvaluation({ include, budgetMs = 8 }: { include: RegExp; budgetMs?: number }): Plugin {
  return {
    name: 'nexa:sliced-evaluation',
    apply: 'build',
    // After TypeScript is stripped: the statements are JavaScript's.
    enforce: 'post',
    resolveId: (id) => (id === RUNTIME ? id : null),
    load: (id) => (id === RUNTIME ? runtimeCode(budgetMs) : null),
    transform(code, id) {
      if (!include.test(id)) return null;
      const starts = statementStarts(code);
      if (starts.length === 0) return null;
      const out = new MagicString(code);
      for (const at of starts) out.appendLeft(at, 'if (__sliceDue()) await __sliceNext();\n');
      out.prepend(`import { due as __sliceDue, next as __sliceNext } from ${JSON.stringify(RUNTIME)};\n`);
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}
