import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { nexaModule } from './kernel.js';

/** The built H5 app under /h5/; `/` and `/h5` redirect there. index.html is never cached, hashed assets forever. */
export const webAppModule = nexaModule<{ dir?: string }>('web-app', async (app, { dir }) => {
  app.get('/', (_req, reply) => reply.redirect('/h5/'));
  if (!dir || !existsSync(dir)) return;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/h5/',
    // The entry is served by the route below: with trailing-slash folding the plugin's own index misses /h5/.
    index: false,
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/h5/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
});
