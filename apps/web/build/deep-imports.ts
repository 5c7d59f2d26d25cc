/**
 * `import { Button, Toast } from 'antd-mobile'` → one import per component module (issue 18 §2).
 *
 * Both libraries re-export every component from one barrel file. The bundler decides which modules the first route
 * needs from the import graph, and through the barrel every component is reachable from the first route: all of
 * them landed in its chunks. Importing each component's own module keeps the first route to the components it
 * renders; the rest go with the pages that use them. The map is read from the barrels themselves, so a library
 * update cannot leave a name behind (an unknown name fails the build).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

interface Barrel {
  /** The package's import specifier. */
  pkg: string;
  /** The barrel's directory, for its relative `from` paths. */
  dir: string;
  /** exported name → [module specifier, imported name] */
  names: Map<string, [string, string]>;
  /** Bare side-effect imports of the barrel (antd-mobile's global styles), kept once per importing module. */
  sideEffects: string[];
}

const require = createRequire(import.meta.url);

function readBarrel(pkg: string, from: string): Barrel {
  const file = require.resolve(`${pkg}/es/index.js`, { paths: [from] });
  const dir = path.dirname(file);
  const source = readFileSync(file, 'utf8');
  const names = new Map<string, [string, string]>();
  const sideEffects: string[] = [];
  const toSpecifier = (rel: string) => `${pkg}/es/${rel.replace(/^\.\//, '')}`;
  for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const part of m[1]!.split(',')) {
      const [imported, exported = imported] = part.trim().split(/\s+as\s+/);
      if (!imported) continue;
      names.set(exported!.trim(), [toSpecifier(m[2]!), imported.trim()]);
    }
  }
  for (const m of source.matchAll(/^import\s*'([^']+)'/gm)) sideEffects.push(toSpecifier(m[1]!));
  return { pkg, dir, names, sideEffects };
}

/** Rewrites value imports from the barrels of `packages` in the app's own modules; type imports stay as they are. */
export function deepImports(packages: string[], root: string): Plugin {
  const barrels = packages.map((p) => readBarrel(p, root));
  return {
    name: 'nexa:deep-imports',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.(ts|tsx)$/.test(id)) return null;
      let changed = false;
      let out = code;
      for (const b of barrels) {
        const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${b.pkg}';`, 'g');
        out = out.replace(pattern, (all: string, list: string) => {
          changed = true;
          const lines: string[] = [...b.sideEffects.map((s) => `import '${s}';`)];
          const types: string[] = [];
          for (const raw of list.split(',')) {
            const spec = raw.trim();
            if (!spec) continue;
            if (spec.startsWith('type ')) {
              types.push(spec.slice(5));
              continue;
            }
            const [name, local = name] = spec.split(/\s+as\s+/).map((s) => s.trim());
            const target = b.names.get(name!);
            if (!target) this.error(`${b.pkg} exports no ${name} (imported by ${id})`);
            const [module, imported] = target;
            lines.push(
              imported === 'default'
                ? `import ${local} from '${module}';`
                : `import { ${imported} as ${local} } from '${module}';`,
            );
          }
          if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from '${b.pkg}';`);
          // As many line breaks as the import had, so every later line keeps its number (no source map is returned).
          return lines.join(' ') + '\n'.repeat(all.split('\n').length - 1);
        });
      }
      return changed ? { code: out, map: null } : null;
    },
  };
}
