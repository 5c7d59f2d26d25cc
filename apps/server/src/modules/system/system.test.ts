import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { CarouselData, LanguageData, RegionsData } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../../platform/statement-count.js';
import { earlyReadBlock, withInlineBoot } from '../../platform/web-app.js';
import { type TestApp, call, createTestApp, loginOperator } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ defaultLang: 'de' });
});
afterAll(() => t.close());

describe('system calls', () => {
  it('lists 13 languages and the server default, by POST only', async () => {
    const res = await call<LanguageData>(t.app, 'index/language');
    expect(res.code).toBe(1);
    expect(res.data.default).toBe('de');
    expect(res.data.list.map((l) => l.key)).toEqual([
      'zh',
      'en',
      'hk',
      'de',
      'fr',
      'kr',
      'jp',
      'ar',
      'ru',
      'sp',
      'it',
      'pt',
      'pe',
    ]);
    expect(res.data.list.find((l) => l.key === 'ar')?.rtl).toBe(true);
    const get = await t.app.inject({ method: 'GET', url: '/api/index/language' });
    expect(get.json().code).toBe(404);
  });

  it('lists 130+ regions with calling codes, named in the caller language', async () => {
    const en = await call<RegionsData>(t.app, 'index/regions', {}, { lang: 'en' });
    const zh = await call<RegionsData>(t.app, 'index/regions', {}, { lang: 'zh' });
    expect(en.data.list.length).toBeGreaterThan(130);
    expect(en.data.list.find((r) => r.country === 'CN')).toEqual({ country: 'CN', name: 'China', areaCode: '86' });
    expect(zh.data.list.find((r) => r.country === 'CN')?.name).toBe('中国');
    const get = await t.app.inject({ method: 'GET', url: '/api/index/regions', headers: { lang: 'jp' } });
    expect(get.json().data.list.find((r: { country: string }) => r.country === 'JP').name).toBe('日本');
  });

  it('falls back to the server default language for an unknown lang header', async () => {
    const res = await call(t.app, 'user/getUserinfo', {}, { lang: 'xx' });
    expect(res).toMatchObject({ code: 401, msg: 'Bitte melden Sie sich an' });
  });

  it('reports health and sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ code: 1, data: { status: 'ok' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Sockets to this host only ('self' covers ws/wss here): not to any host an injected script names.
    expect(res.headers['content-security-policy']).toMatch(/(^|;)connect-src 'self'(;|$)/);
  });

  it('serves the built app under /h5/, the entry uncached and hashed assets for a year', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'nexa-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const built = [
      '<!doctype html><head><title>Nexa</title>',
      '    <link rel="modulepreload" crossorigin href="/h5/assets/vendor-v1.js">',
      '    <link rel="modulepreload" fetchpriority="low" crossorigin data-nexa-lang href="/h5/assets/en-e1.js">',
      '    <link rel="modulepreload" fetchpriority="low" crossorigin data-nexa-lang href="/h5/assets/base-b1.js">',
      '  </head><body></body>',
    ].join('\n');
    writeFileSync(path.join(dist, 'index.html'), built);
    writeFileSync(
      path.join(dist, 'lang-preloads.json'),
      JSON.stringify({
        en: ['/h5/assets/en-e1.js', '/h5/assets/base-b1.js'],
        jp: ['/h5/assets/jp-j1.js', '/h5/assets/base-b1.js', '/h5/assets/vendor-v1.js'],
      }),
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ webDistDir: dist, defaultLang: 'jp' });
    try {
      for (const url of ['/h5/', '/h5']) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Nexa</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toContain('text/html');
        // The server's default language for a first visit, in the head (spec §7).
        expect(res.body).toMatch(/<meta name="nexa-default-lang" content="jp" \/>\s*<\/head>/);
        // It preloads the default language's pack, once each, and no English one.
        const preloads = [...res.body.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
        expect(preloads.sort()).toEqual(['/h5/assets/base-b1.js', '/h5/assets/jp-j1.js', '/h5/assets/vendor-v1.js']);
      }
      // An unchanged entry revalidates with a 304.
      const first = await web.app.inject({ method: 'GET', url: '/h5/' });
      expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await web.app.inject({
        method: 'GET',
        url: '/h5/',
        headers: { 'if-none-match': `W/"stale", ${first.headers.etag}` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const any = await web.app.inject({ method: 'GET', url: '/h5/', headers: { 'if-none-match': '*' } });
      expect(any.statusCode).toBe(304);
      // The file itself (what the service worker precaches) is served as built.
      const file = await web.app.inject({ method: 'GET', url: '/h5/index.html' });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe(built);
      // Preloads that are not same-origin paths (a CDN base), or a list of another shape, leave the built ones.
      for (const listed of [['https://cdn.example/jp-j1.js'], 'jp-j1.js', [42], null]) {
        writeFileSync(path.join(dist, 'lang-preloads.json'), JSON.stringify({ jp: listed }));
        const res = await web.app.inject({ method: 'GET', url: '/h5/' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('href="/h5/assets/en-e1.js"');
        expect(res.body).not.toContain('jp-j1');
      }
      // A rebuild is served without a restart, with a new tag; a build without language preloads keeps its own.
      rmSync(path.join(dist, 'lang-preloads.json'));
      writeFileSync(path.join(dist, 'index.html'), built.replace('<title>Nexa', '<title>Nexa 2'));
      const rebuilt = await web.app.inject({
        method: 'GET',
        url: '/h5/',
        headers: { 'if-none-match': first.headers.etag },
      });
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.body).toContain('Nexa 2');
      expect(rebuilt.body).toContain('href="/h5/assets/en-e1.js"');
      // Mid-build, with no entry: a 404, not an error.
      rmSync(path.join(dist, 'index.html'));
      const missing = await web.app.inject({ method: 'GET', url: '/h5/' });
      expect(missing.statusCode).toBe(404);
      const asset = await web.app.inject({ method: 'GET', url: '/h5/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await web.app.inject({ method: 'GET', url: '/h5/assets/missing.js' })).statusCode).toBe(404);
      // The build's precompressed siblings (quality 11 brotli, gzip 9) are sent as they are to a client that takes
      // them: the bytes on disk, not a per-response compression; a client that takes neither gets the file.
      const source = `export const big = ${JSON.stringify('nexa '.repeat(2_000))};`;
      writeFileSync(path.join(dist, 'assets', 'big-b1.js'), source);
      const br = brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(path.join(dist, 'assets', 'big-b1.js.br'), br);
      writeFileSync(path.join(dist, 'assets', 'big-b1.js.gz'), gzipSync(source, { level: 9 }));
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await web.app.inject({
          method: 'GET',
          url: '/h5/assets/big-b1.js',
          headers: { 'accept-encoding': accept },
        });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-type']).toContain('javascript');
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.headers.vary).toContain('accept-encoding');
        const bytes = res.rawPayload;
        if (encoding === 'br') expect(bytes.equals(br)).toBe(true);
        expect((encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString()).toBe(source);
      }
      const plain = await web.app.inject({
        method: 'GET',
        url: '/h5/assets/big-b1.js',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("answers the home's banners in the entry, before boot.js, in the default language, escaped for HTML", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'nexa-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><head><title>Nexa</title>\n    <script src="./boot.js" async vite-ignore></script>\n  </head><body></body>',
    );
    const web = await createTestApp({ webDistDir: dist, defaultLang: 'jp' });
    try {
      const op = (await loginOperator(web)).token;
      const admin = (p: string, body: object) => call<{ id: string }>(web.app, p, body, { 'ADMIN-TOKEN': op });
      // An operator's title in the default language (titles refuse markup; the block's escaping is checked below).
      const title = 'Tom & Jerry “quoted” — 50%';
      const saved = await admin('admin/saveContent', {
        kind: 'banner',
        title: { en: 'Plain', jp: title },
        image: '/h5/banners/markets.svg',
        link: '#/pages/tabbarPages/home/more',
      });
      expect(saved.code, saved.msg).toBe(1);
      await admin('admin/publishContent', { kind: 'banner', id: saved.data.id, published: true });

      const entry = (await web.app.inject({ method: 'GET', url: '/h5/' })).body;
      const block =
        /<script type="application\/json" id="nexa-early" data-path="index\/carouselList" data-lang="jp">([^<]*)<\/script>\s*<script src="\.\/boot\.js"/.exec(
          entry,
        );
      expect(block, entry).not.toBeNull();
      // Nothing in it an HTML parser reads as markup, and it is the call's own answer, word for word.
      expect(block?.[1]).not.toMatch(/[<>]/);
      const answer = await call<CarouselData>(web.app, 'index/carouselList', {}, { lang: 'jp' });
      expect(JSON.parse(block?.[1] ?? '')).toEqual(answer);
      expect(answer.data.list.map((b) => b.title)).toContain(title);
      // Twenty visits at once read the banners once between them, not twenty times.
      const { statements } = await countStatements(() =>
        Promise.all(Array.from({ length: 20 }, () => web.app.inject({ method: 'GET', url: '/h5/' }))),
      );
      expect(statements.filter((q) => /from carousel/i.test(q)).length).toBe(1);
      // The entry's tag follows its content: a new banner is a new entry.
      const tag = (await web.app.inject({ method: 'GET', url: '/h5/' })).headers.etag;
      await admin('admin/publishContent', { kind: 'banner', id: saved.data.id, published: false });
      const after = await web.app.inject({ method: 'GET', url: '/h5/', headers: { 'if-none-match': String(tag) } });
      expect(after.statusCode).toBe(200);
      expect(after.body).not.toContain('Jerry');
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('writes boot.js into the entry in place of its tag, after the early answer, allowed by its hash in the CSP', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'nexa-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><head><title>Nexa</title>\n    <script src="./boot.js" async vite-ignore></script>\n    <link rel="stylesheet" href="/h5/assets/app.css">\n  </head><body><div id="root"></div></body>',
    );
    // `$&` and `$1` would be replacement patterns if the script went through String.replace as a string.
    const code = "(() => { window.__booted = '$& $1'; })();\n";
    writeFileSync(path.join(dist, 'boot.js'), code);
    const web = await createTestApp({ webDistDir: dist, defaultLang: 'en' });
    try {
      const res = await web.app.inject({ method: 'GET', url: '/h5/' });
      expect(res.statusCode).toBe(200);
      const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body);
      expect(inline?.[1]).toBe(code);
      expect(res.body).not.toContain('src="./boot.js"');
      // In the head, after the banners' answer (which it reads as it runs) and before the stylesheet (which an inline
      // script would wait for).
      const at = res.body.indexOf('<script>');
      expect(res.body.indexOf('id="nexa-early"')).toBeGreaterThan(-1);
      expect(res.body.indexOf('id="nexa-early"')).toBeLessThan(at);
      expect(at).toBeLessThan(res.body.indexOf('rel="stylesheet"'));
      const hash = createHash('sha256').update(code).digest('base64');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
      // The rest of the policy is the app's own; other responses do not carry the hash.
      expect(csp).toContain("default-src 'self'");
      const other = await web.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(other.headers['content-security-policy'])).not.toContain('sha256-');
      // A rebuilt boot.js is served with its own hash, without a restart.
      writeFileSync(path.join(dist, 'boot.js'), 'void 0;');
      const rebuilt = await web.app.inject({ method: 'GET', url: '/h5/' });
      expect(rebuilt.body).toContain('<script>void 0;</script>');
      expect(String(rebuilt.headers['content-security-policy'])).toContain(
        `'sha256-${createHash('sha256').update('void 0;').digest('base64')}'`,
      );
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('keeps boot.js a tag when it could end its element or the policy has no script-src to allow it', () => {
    const html = '<head><script src="./boot.js" async vite-ignore></script></head>';
    const csp = "default-src 'self';script-src 'self';object-src 'none'";
    expect(withInlineBoot(html, 'a("</script>")', csp)).toEqual({ html });
    expect(withInlineBoot(html, 'a("<!--")', csp)).toEqual({ html });
    expect(withInlineBoot(html, 'void 0;', "default-src 'self'")).toEqual({ html });
    expect(withInlineBoot(html, null, csp)).toEqual({ html });
    // No policy on the response: the script runs inline as it is.
    expect(withInlineBoot(html, 'void 0;', undefined)).toEqual({ html: '<head><script>void 0;</script></head>' });
    const out = withInlineBoot(html, 'void 0;', csp);
    expect(out.csp).toMatch(/^default-src 'self';script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';object-src 'none'$/);
  });

  it('writes the early answer so that no text in it can end its element', async () => {
    const title = 'x </script><script>alert(1)</script> <!-- y \u2028';
    const envelope = { code: 1, msg: 'ok', data: { list: [{ id: '1', title, image: '/a.svg', link: '' }] } };
    const block = await earlyReadBlock({ answer: async () => envelope }, 'en');
    const inner =
      /^<script type="application\/json" id="nexa-early" data-path="index\/carouselList" data-lang="en">(.*)<\/script>$/s.exec(
        block,
      )?.[1];
    expect(inner).toBeDefined();
    expect(inner).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(inner ?? '')).toEqual(envelope);
  });

  it('serves the entry without the early answer when it cannot be read in time', async () => {
    const failing = { answer: () => Promise.reject(new Error('connection lost')) };
    await expect(earlyReadBlock(failing, 'en')).resolves.toBe('');
    const started = Date.now();
    const hanging = { answer: () => new Promise<never>(() => {}) };
    await expect(earlyReadBlock(hanging, 'en')).resolves.toBe('');
    // Given up after its short wait, not held for the database's own timeout.
    expect(Date.now() - started).toBeLessThan(2_000);
    // A call that is not a public read is refused by the router.
    await expect(t.app.platform.router.answer('user/getUserinfo', 'en')).rejects.toThrow();
  });

  it('sends a console screen’s path to its hash route; files under /admin/ stay files or 404', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'nexa-admin-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Console</title>');
    writeFileSync(path.join(dist, 'assets', 'main-a1.js'), 'export {};');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    const web = await createTestApp({ adminDistDir: dist });
    try {
      const entry = await web.app.inject({ method: 'GET', url: '/admin/' });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toContain('Console');
      for (const [url, to] of [
        ['/admin/settings', '/admin/#/settings'],
        ['/admin/users?q=example.com&page=2', '/admin/#/users?q=example.com&page=2'],
        ['/admin/users/123', '/admin/#/users/123'],
        ['/admin/users/123?tab=orders', '/admin/#/users/123?tab=orders'],
      ] as const) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe(to);
      }
      expect((await web.app.inject({ method: 'GET', url: '/admin/favicon.svg' })).statusCode).toBe(200);
      expect((await web.app.inject({ method: 'GET', url: '/admin/assets/main-a1.js' })).statusCode).toBe(200);
      expect((await web.app.inject({ method: 'GET', url: '/admin/assets/missing.js' })).statusCode).toBe(404);
      expect((await web.app.inject({ method: 'GET', url: '/admin/missing.js' })).statusCode).toBe(404);
      expect((await web.app.inject({ method: 'GET', url: '/admin/users/1x' })).statusCode).toBe(404);
      expect((await web.app.inject({ method: 'GET', url: '/admin/Evil%0d%0a' })).statusCode).toBe(404);
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('redirects / to the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/h5/');
  });
});
