import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { nexaModule } from './kernel.js';

/**
 * The built H5 app under /h5/ (`/` and `/h5` redirect there) and the operator console under /admin/, two separate
 * builds: the console's first route never loads the H5 app's code. index.html is never cached, hashed assets forever.
 */
export const webAppModule = nexaModule<{ dir?: string; adminDir?: string | undefined }>(
  'web-app',
  async (app, { dir, adminDir }) => {
    app.get('/', (_req, reply) => reply.redirect('/h5/'));
    const h5 = await serveBuild(app, dir, '/h5/', true);
    await serveBuild(app, adminDir, '/admin/', !h5);
  },
);

/** Registers one build under `prefix`; false when it is not built. */
async function serveBuild(app: FastifyInstance, dir: string | undefined, prefix: string, decorate: boolean) {
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
  app.get(prefix, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', dir));
  return true;
}
