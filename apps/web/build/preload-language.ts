/**
 * index.html preloads the default language's files (issue 18 §2). The app learns its language only once its
 * scripts have run, and only then fetched the texts: one more round trip before the first render of every first
 * visit (a visitor without a stored language sees English until the server's default arrives). Other stored
 * languages load as before; the service worker precaches every language anyway, so nothing is fetched for nothing.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** `files`: module id endings of the chunks to preload (with their static imports). */
export function preloadLanguage(files: string[]): Plugin {
  let base = '/';
  return {
    name: 'nexa:preload-language',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const dep of (bundle[fileName] as OutputChunk | undefined)?.imports ?? []) add(dep);
        };
        for (const ending of files) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(ending));
          if (!chunk) throw new Error(`preload-language: no chunk for ${ending}`);
          add(chunk.fileName);
        }
        const links = [...wanted]
          .filter((f) => !html.includes(`${base}${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`);
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}
