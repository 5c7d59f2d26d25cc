import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const dir = mkdtempSync(path.join(tmpdir(), 'nexa-hints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chunk = (name: string, code: string) => ({
  type: 'chunk' as const,
  name,
  fileName: `assets/${name}-h4sh.js`,
  code,
  map: { mappings: 'AAAA;AACA' },
});

describe('compileHints', () => {
  it("marks the named chunks only, shifts their source maps by the hint's line, and changes their hash", () => {
    const plugin = compileHints(['vendor', 'app']);
    const vendor = chunk('vendor', 'export const a=()=>1;');
    const lazy = chunk('settings-page', 'export const b=()=>2;');
    const map = { type: 'asset' as const, source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }) };
    const bundle = { [vendor.fileName]: vendor, [lazy.fileName]: lazy, [`${vendor.fileName}.map`]: map };
    (plugin.generateBundle as Hook).call({}, {}, bundle, false);
    expect(vendor.code).toBe(`${COMPILE_HINT}export const a=()=>1;`);
    expect(vendor.map.mappings).toBe(';AAAA;AACA');
    expect(JSON.parse(map.source).mappings).toBe(';AAAA;AACA');
    expect(lazy.code).toBe('export const b=()=>2;');
    expect(lazy.map.mappings).toBe('AAAA;AACA');
    // Twice (a watch rebuild) is still one hint.
    (plugin.generateBundle as Hook).call({}, {}, bundle, false);
    expect(vendor.code.split(COMPILE_HINT)).toHaveLength(2);
    const hash = plugin.augmentChunkHash as (c: { name: string }) => string | undefined;
    expect(hash({ name: 'vendor' })).toBe(COMPILE_HINT);
    expect(hash({ name: 'settings-page' })).toBeUndefined();
  });

  it('once written, puts the hint back on the first line of a chunk Vite wrote a line above, with its .br and .gz', () => {
    const plugin = compileHints(['app']);
    const app = chunk('app', '');
    const onDisk = `const __vite__mapDeps=(i,m=__vite__mapDeps)=>i.map(j=>m.f[j]);\n${COMPILE_HINT}export const c=()=>3;`;
    const at = path.join(dir, app.fileName);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, onDisk);
    writeFileSync(`${at}.br`, 'stale');
    writeFileSync(`${at}.gz`, 'stale');
    (plugin.writeBundle as Hook).call({}, { dir }, { [app.fileName]: app });
    const fixed = readFileSync(at, 'utf8');
    expect(fixed).toBe(
      `${COMPILE_HINT}const __vite__mapDeps=(i,m=__vite__mapDeps)=>i.map(j=>m.f[j]);\nexport const c=()=>3;`,
    );
    // As many lines as before: the source map (shifted by one line for the hint) still fits.
    expect(fixed.split('\n')).toHaveLength(onDisk.split('\n').length);
    expect(brotliDecompressSync(readFileSync(`${at}.br`)).toString()).toBe(fixed);
    expect(gunzipSync(readFileSync(`${at}.gz`)).toString()).toBe(fixed);
    // A named chunk that lost its hint is a broken build, not a silent one.
    writeFileSync(at, 'export const c=()=>3;');
    expect(() => (plugin.writeBundle as Hook).call({}, { dir }, { [app.fileName]: app })).toThrow(/compile hint/);
  });
});
