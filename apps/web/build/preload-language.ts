/**
 * The first visit's language pack is preloaded by index.html (issue 18 §2). The app learns its language only once
 * its scripts have run, and only then fetched the texts: one more round trip before the first render.
 *
 * - index.html preloads the `first` language's pack (with its static imports), each link marked `data-nexa-lang`.
 * - `lang-preloads.json` lists every language's links, so the server can swap in its default language's (the server's
 *   platform/web-app.ts, which also writes that language into the page) and a first visit to a German server fetches
 *   the German pack early and no English one.
 *
 * Other stored languages load as before; the service worker precaches every pack anyway.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export const LANG_PRELOADS_FILE = 'lang-preloads.json';

/** `dir`: the module id folder of the packs (`<dir><lang>.ts`); `first`: the language index.html preloads. */
export function preloadLanguage({ dir, first }: { dir: string; first: string }): Plugin {
  let base = '/';
  const pattern = new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([a-z]+)\\.ts$`);
  /** Language → the hrefs of its pack chunk and the chunks it imports statically. */
  function preloads(bundle: OutputBundle): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const lang = chunk.facadeModuleId?.match(pattern)?.[1];
      if (!lang) continue;
      const wanted = new Set<string>();
      const add = (fileName: string) => {
        if (wanted.has(fileName)) return;
        wanted.add(fileName);
        for (const dep of (bundle[fileName] as OutputChunk | undefined)?.imports ?? []) add(dep);
      };
      add(chunk.fileName);
      out[lang] = [...wanted].map((f) => `${base}${f}`);
    }
    if (!out[first]) throw new Error(`preload-language: no pack chunk for ${first} under ${dir}`);
    return out;
  }
  return {
    name: 'nexa:preload-language',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: LANG_PRELOADS_FILE, source: JSON.stringify(preloads(bundle)) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        // Chunks the entry already preloads (shared ones) stay unmarked: they are wanted whatever the language.
        const links = (preloads(bundle)[first] ?? [])
          .filter((href) => !html.includes(`${href}"`))
          .map((href) => `<link rel="modulepreload" crossorigin data-nexa-lang href="${href}">`);
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}
