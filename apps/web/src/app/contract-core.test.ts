import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_CORE_MODULES } from '../../../../packages/contract/src/core-modules.ts';

/** The contract modules a module imports (`from './x.js'`), values and types alike. */
function importsOf(module: string): string[] {
  const source = readFileSync(new URL(`../../../../packages/contract/src/${module}.ts`, import.meta.url), 'utf8');
  return [...source.matchAll(/from '\.\/([\w-]+)\.js'/g)].map((m) => m[1]!);
}

// The build's `contract-core` chunk (vite.config.ts) is made of these modules.
describe('the core contract chunk', () => {
  it('imports nothing from outside itself, so the home page never evaluates the rest of the contract', () => {
    const core = new Set<string>(CONTRACT_CORE_MODULES);
    const outside = CONTRACT_CORE_MODULES.flatMap((m) =>
      importsOf(m)
        .filter((i) => !core.has(i))
        .map((i) => `${m} → ${i}`),
    );
    expect(outside).toEqual([]);
  });

  it('holds the first reads and what the home page imports', () => {
    for (const m of ['first-reads', 'market', 'wallets', 'safeguards']) expect(CONTRACT_CORE_MODULES).toContain(m);
  });
});
