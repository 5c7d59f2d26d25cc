/**
 * V8's explicit compile hint on the chunks a first load runs (issue 18 §2; docs/decisions.md, session 45).
 *
 * V8 compiles a function the first time it is called, on the main thread, unless told it will be called on load:
 * then the function is compiled with its script, off the main thread while the script streams in. A trace of the
 * signed-in home's first load (cold cache, no throttling) had 140–180 ms of `V8.CompileCode` and 60–100 ms of
 * `V8.ParseFunction` on the main thread, more than React's own work, and every millisecond of it is four at
 * Lighthouse's 4x. With `//# allFunctionsCalledOnLoad` at the top of the first route's chunks the same trace has
 * none of the first and about half the second. Only chunks whose functions do run on a first load are marked (the
 * runtime, the libraries, the app, the home tab and the contract's core): marking a chunk that runs little would
 * compile code nobody calls. Browsers without the hint read a comment.
 *
 * The hint must be the file's first line. It is added once the chunks are minified; Vite then writes its dynamic
 * imports' dependency map (`const __vite__mapDeps=…`) above it in a chunk that has one, and the build's compression
 * runs in that same step, so such a chunk is put right once written: the hint moved back to the top and its .br and
 * .gz written again (at the compression plugin's settings). The source map gains an empty first line; the chunk's
 * hash includes the hint.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(chunks: readonly string[]): Plugin {
  const wanted = new Set(chunks);
  return {
    name: 'nexa:compile-hints',
    apply: 'build',
    enforce: 'post',
    augmentChunkHash: (chunk) => (wanted.has(chunk.name) ? COMPILE_HINT : undefined),
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !wanted.has(file.name) || file.code.startsWith(COMPILE_HINT)) continue;
        file.code = COMPILE_HINT + file.code;
        if (file.map) file.map.mappings = `;${file.map.mappings}`;
        const map = bundle[`${file.fileName}.map`];
        if (map?.type === 'asset') {
          const source = JSON.parse(String(map.source)) as { mappings: string };
          source.mappings = `;${source.mappings}`;
          map.source = JSON.stringify(source);
        }
      }
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !wanted.has(file.name)) continue;
        const at = path.join(dir, file.fileName);
        const code = readFileSync(at, 'utf8');
        if (code.startsWith(COMPILE_HINT)) continue;
        const i = code.indexOf(COMPILE_HINT);
        if (i < 0) throw new Error(`compile hint missing from ${file.fileName}`);
        // The lines above it are Vite's own (no source mapped to them): swapping lines keeps the map's line count.
        const fixed = COMPILE_HINT + code.slice(0, i) + code.slice(i + COMPILE_HINT.length);
        writeFileSync(at, fixed);
        if (existsSync(`${at}.br`))
          writeFileSync(
            `${at}.br`,
            brotliCompressSync(fixed, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          );
        if (existsSync(`${at}.gz`)) writeFileSync(`${at}.gz`, gzipSync(fixed, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
