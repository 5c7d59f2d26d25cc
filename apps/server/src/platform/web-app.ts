import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Lang } from '@nexa/contract';
import type { FastifyInstance } from 'fastify';
import type { CallPath, Router } from './http.js';
import { nexaModule } from './kernel.js';

/**
 * The built H5 app under /h5/ (`/` and `/h5` redirect there) and the operator console under /admin/, two separate
 * builds: the console's first route never loads the H5 app's code. index.html is never cached, hashed assets forever.
 * A console screen's path (/admin/settings) is redirected to its hash route (/admin/#/settings).
 */
export const webAppModule = nexaModule<{ dir?: string; adminDir?: string | undefined; defaultLang?: Lang }>(
  'web-app',
  async (app, { dir, adminDir, defaultLang }) => {
    app.get('/', (_req, reply) => reply.redirect('/h5/'));
    const h5 = await serveBuild(app, dir, '/h5/', true, defaultLang, app.platform.router);
    if (await serveBuild(app, adminDir, '/admin/', !h5)) {
      // The console routes by the URL's hash (/admin/#/settings): a screen's path typed or bookmarked as
      // /admin/settings answered a JSON 404. A path shaped like a screen (a lower-case word, no file extension: files
      // stay the static plugin's) is sent to the same screen, its query kept.
      app.get('/admin/:screen(^[a-z][a-z0-9-]{0,39}$)', (req, reply) => {
        const { screen } = req.params as { screen: string };
        return reply.redirect(`/admin/#/${screen}${queryOf(req.url)}`);
      });
      // A record's screen (/admin/users/123, a user's page) likewise; a number only, so assets/x.js stays a file.
      app.get('/admin/:screen(^[a-z][a-z0-9-]{0,39}$)/:id(^[0-9]{1,19}$)', (req, reply) => {
        const { screen, id } = req.params as { screen: string; id: string };
        return reply.redirect(`/admin/#/${screen}/${id}${queryOf(req.url)}`);
      });
    }
  },
);

/** The query of a URL, with its `?`, or nothing. */
function queryOf(url: string): string {
  return url.includes('?') ? url.slice(url.indexOf('?')) : '';
}

/**
 * The entry with the server's default language in a `<meta name="nexa-default-lang">` (spec §7's first-visit rule):
 * a first visit then renders in it at once, instead of asking `index/language` after the first paint, which loaded
 * the call registry (every contract schema) on the login page for that one answer. The service worker's precached
 * copy (`/h5/index.html`, served by the static plugin) has no meta: a start from it asks the call, as before.
 *
 * The build preloads English's language pack (links marked `data-nexa-lang`, apps/web/build/preload-language.ts);
 * `preloads` (the build's lang-preloads.json) names each language's, and the entry preloads the default's instead,
 * so a first visit to a German server downloads German early and no English.
 */
function withDefaultLang(html: string, lang: string, preloads: Record<string, unknown> | null): string {
  const safe = lang.replace(/[^a-z]/g, '');
  let out = html;
  // Only same-origin paths (the build's base is /h5/): with none usable the built preloads stay as they are.
  const listed: unknown = preloads?.[safe];
  const hrefs = Array.isArray(listed)
    ? listed.filter((href): href is string => typeof href === 'string' && /^\/[\w./-]+$/.test(href))
    : [];
  if (hrefs.length > 0) {
    out = out.replace(/[ \t]*<link [^>]*\bdata-nexa-lang\b[^>]*>\r?\n?/g, '');
    const links = hrefs
      .filter((href) => !out.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin data-nexa-lang href="${href}">`);
    if (links.length) out = out.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  }
  const meta = `<meta name="nexa-default-lang" content="${safe}" />`;
  return out.includes('</head>') ? out.replace('</head>', `  ${meta}\n  </head>`) : `${meta}${out}`;
}

/**
 * The read public/boot.js makes for a signed-in start on the home tab, the banners (issue 18 §2), answered in the
 * entry itself in the server's default language: boot.js draws the first banner as soon as it runs, instead of
 * after a round trip of its own (the banner is the home's largest paint), and the app adopts the answer
 * (lib/early-reads.ts). A session in another language, or an entry without it (the service worker's copy, a database
 * that does not answer within EARLY_READ_WAIT_MS), asks as before.
 */
const EARLY_READ: CallPath = 'index/carouselList';
const EARLY_READ_WAIT_MS = 250;

/**
 * The early read as a JSON data block (not run, so the CSP allows it), or '' when it could not be read in time. The
 * JSON is escaped for an HTML script element: an operator's banner title cannot close the element.
 */
export async function earlyReadBlock(router: Pick<Router, 'answer'>, lang: Lang): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const envelope = await Promise.race([
      router.answer(EARLY_READ, lang),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('early read timed out')), EARLY_READ_WAIT_MS);
      }),
    ]);
    const json = JSON.stringify(envelope).replace(
      /[<>&\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    return `<script type="application/json" id="nexa-early" data-path="${EARLY_READ}" data-lang="${lang}">${json}</script>`;
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}

/** `block` in the entry's head, before boot.js (which reads it as it starts), else at the head's end. */
function withEarlyRead(html: string, block: string): string {
  if (!block) return html;
  const boot = html.search(BOOT_TAG);
  if (boot >= 0) return `${html.slice(0, boot)}${block}\n    ${html.slice(boot)}`;
  return html.includes('</head>') ? html.replace('</head>', `  ${block}\n  </head>`) : `${block}${html}`;
}

/** The entry's tag of public/boot.js (the build copies it as written in index.html). */
const BOOT_TAG = /<script [^>]*src="\.\/boot\.js"[^>]*><\/script>/;

/**
 * public/boot.js written into the entry where its tag stands (the head, before the stylesheets), with the CSP hash
 * that allows it: its requests (the first banner's image, the home's largest paint) then leave while the entry is
 * parsed, not after a round trip for the script (issue 18 §2). Kept as a tag when the script could end its own
 * element, or when the response's policy has no script-src to add the hash to (then an inline script would not run).
 */
export function withInlineBoot(html: string, code: string | null, csp: unknown): { html: string; csp?: string } {
  if (code === null || !BOOT_TAG.test(html) || /<\/script|<!--/i.test(code)) return { html };
  const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  let policy: string | undefined;
  if (csp !== undefined) {
    if (typeof csp !== 'string' || !/(^|;)\s*script-src\s/.test(csp)) return { html };
    policy = csp.replace(/((?:^|;)\s*script-src\s[^;]*)/, `$1 ${hash}`);
  }
  // A replacer function: `$` in the script is not a replacement pattern.
  return { html: html.replace(BOOT_TAG, () => `<script>${code}</script>`), csp: policy };
}

/** The build's language preloads, or null when the build has none (an older build, a test's bare page). */
async function readPreloads(dir: string): Promise<Record<string, unknown> | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(dir, 'lang-preloads.json'), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Registers one build under `prefix`; false when it is not built. */
async function serveBuild(
  app: FastifyInstance,
  dir: string | undefined,
  prefix: string,
  decorate: boolean,
  defaultLang?: Lang,
  router?: Pick<Router, 'answer'>,
) {
  if (!dir || !existsSync(dir)) return false;
  await app.register(fastifyStatic, {
    root: dir,
    prefix,
    // The entry is served by the route below: with trailing-slash folding the plugin's own index misses the prefix.
    index: false,
    // The build writes each text asset's .br and .gz beside it at the highest quality; they are sent as they are,
    // instead of compressing each response at the low quality a per-request compressor can afford.
    preCompressed: true,
    // reply.sendFile is decorated once; each build sends its entry with its own root.
    decorateReply: decorate,
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Entries asked for at the same moment share one read of the early answer (a burst of visits is one query).
  const reading = new Map<Lang, Promise<string>>();
  const earlyRead = (lang: Lang) => {
    let read = reading.get(lang);
    if (!read && router) {
      read = earlyReadBlock(router, lang).finally(() => reading.delete(lang));
      reading.set(lang, read);
    }
    return read ?? Promise.resolve('');
  };
  app.get(prefix, async (req, reply) => {
    reply.header('cache-control', 'no-cache');
    if (!defaultLang) return reply.sendFile('index.html', dir);
    // Read each time, as sendFile did: a rebuild is served without a restart. Missing mid-build: a 404, as sendFile.
    const [html, boot, preloads, early] = await Promise.all([
      readFile(path.join(dir, 'index.html'), 'utf8').catch(() => null),
      readFile(path.join(dir, 'boot.js'), 'utf8').catch(() => null),
      readPreloads(dir),
      earlyRead(defaultLang),
    ]);
    if (html === null) return reply.callNotFound();
    const inlined = withInlineBoot(withEarlyRead(html, early), boot, reply.getHeader('content-security-policy'));
    if (inlined.csp) reply.header('content-security-policy', inlined.csp);
    const body = withDefaultLang(inlined.html, defaultLang, preloads);
    // A revalidation of an unchanged entry is answered 304, as the static plugin does for the file. Weak: the same
    // tag whether or not the response is compressed.
    const tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', `W/${tag}`);
    const asked = req.headers['if-none-match']?.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (asked?.some((t) => t === tag || t === '*')) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(body);
  });
  return true;
}
