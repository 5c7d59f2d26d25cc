import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * antd-mobile's imperative overlays that outlive a route are imported through our own modules only: `Dialog` from
 * `shared/dialog` and `ImageViewer` from `shared/show-image`, which register their closing on navigation
 * (`lib/overlays.ts`). A screen importing them from antd-mobile directly would get an overlay that stays over the next
 * page when the route changes, if no other screen happened to load the owner first.
 */
const SRC = path.resolve(__dirname, '..');
const OWNERS: Record<string, string> = {
  Dialog: 'shared/dialog.ts',
  ImageViewer: 'shared/show-image.ts',
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('imperative overlays', () => {
  it('are imported from antd-mobile only by the module that owns each', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const rel = path.relative(SRC, file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd-mobile[^']*'/g)) {
        if (m[1]) continue; // a type-only import brings no code
        const names = m[2]!.split(',').map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
        );
        for (const name of names) {
          const owner = OWNERS[name ?? ''];
          if (owner && owner !== rel) offenders.push(`${rel}: ${name}`);
        }
      }
      if (
        /import\(\s*'antd-mobile\/es\/components\/(dialog|image-viewer)/.test(text) &&
        !Object.values(OWNERS).includes(rel)
      ) {
        offenders.push(`${rel}: a dynamic import of an overlay`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
