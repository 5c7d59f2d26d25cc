#!/usr/bin/env node
// Fails when a web feature imports another feature (apps/web/src/features/A/** -> features/B/**).
// Biome 1.9's noRestrictedImports matches exact module names only (no globs, no per-importer folder),
// so it cannot say "A must not import B" for both '@/features/B/..' and '../../B/..'; this script can.
// What several features need belongs in a shared layer outside features/ (see docs/decisions.md).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(root, 'apps/web/src');
const featuresDir = join(srcDir, 'features');
// static import/export ... from '..', side-effect import '..', dynamic import('..')
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(m?[jt]sx?)$/.test(name)) yield path;
  }
}

function featureOf(absolutePath) {
  const rel = relative(featuresDir, absolutePath);
  if (rel.startsWith('..') || rel === '') return undefined;
  return rel.split(sep)[0];
}

function targetOf(file, specifier) {
  if (specifier.startsWith('@/')) return join(srcDir, specifier.slice(2));
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  return undefined; // a package
}

const violations = [];
for (const file of sourceFiles(featuresDir)) {
  const own = featureOf(file);
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(specifierPattern)) {
      const target = targetOf(file, match[1]);
      const other = target && featureOf(target);
      if (other && other !== own) {
        violations.push(
          `${relative(root, file)}:${index + 1}: feature "${own}" imports feature "${other}" ('${match[1]}')`,
        );
      }
    }
  });
}

if (violations.length > 0) {
  console.error(violations.join('\n'));
  console.error(
    `\n${violations.length} cross-feature import(s): move what both need to apps/web/src/shared (or lib/components).`,
  );
  process.exit(1);
}
console.log('feature boundaries: ok');
