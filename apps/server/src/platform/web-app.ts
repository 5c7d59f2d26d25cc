import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { nexaModule } from './kernel.js';

/**
 * The built H5 app under /h5/ (`/` and `/h5` redirect there) and the operator console under /admin/, two separate
 * builds: the console's first route never loads the H5 app's code. index.html is never cached, hashed assets forever.
 */
export const webAppModule = nexaModule<{ dir?: string; adminDir?: string | undefined; defaultLang?: string }>(
  'web-app',
  async (app, { dir, adminDir, defaultLang }) => {
    app.get('/', (_req, reply) => reply.redirect('/h5/'));
    const h5 = await serveBuild(app, dir, '/h5/', true, defaultLang);
    await serveBuild(app, adminDir, '/admin/', !h5);
  },
);

/**
 * The entry with the server's default language in a `<meta name="nexa-default-lang">` (spec §7's first-visit rule):
 * a first visit then renders in it at once, instead of asking `index/language` after the first paint, which loaded
 * the call registry (every contract schema) on the login page for that one answer. The service worker's precached
 * copy (`/h5/index.html`, served by the static plugin) has no meta: a start from it asks the call, as before.
 */
function withDefaultLang(html: string, lang: string): string {
  const meta = `<meta name="nexa-default-lang" content="${lang.replace(/[^a-z]/g, '')}" />`;
  return html.includes('</head>') ? html.replace('</head>', `  ${meta}\n  </head>`) : `${meta}${html}`;
}

/** Registers one build under `prefix`; false when it is not built. */
async function serveBuild(
  app: FastifyInstance,
  dir: string | undefined,
  prefix: string,
  decorate: boolean,
  defaultLang?: string,
) {
  if (!dir || !existsSync(dir)) return false;
  await app.register(fastifyStatic, {
    root: dir,
    prefix,
    // The entry is served by the route below: with trailing-slash folding the plugin's own index misses the prefix.
    index: false,
    // reply.sendFile is decorated once; each build sends its entry with its own root.
    decorateReply: decorate,
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get(prefix, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    if (!defaultLang) return reply.sendFile('index.html', dir);
    // Read each time, as sendFile did: a rebuild is served without a restart.
    const html = await readFile(path.join(dir, 'index.html'), 'utf8');
    return reply.type('text/html; charset=utf-8').send(withDefaultLang(html, defaultLang));
  });
  return true;
}
