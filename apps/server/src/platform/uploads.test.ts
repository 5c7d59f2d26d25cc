import { readdirSync } from 'node:fs';
import path from 'node:path';
import { UPLOAD_LIMITS, type UploadData } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG, type TestApp, createTestApp, registerUser, uploadFile } from '../testing.js';
import { queryRows } from './db.js';
import { detectImage } from './uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest-of-a-jpeg')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 rest')]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00rest', 'latin1');
const SCRIPT = Buffer.from('#!/bin/sh\nrm -rf / # pretending to be a picture\n');
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

const countUploads = async () =>
  Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM uploads`))[0]!.n);
const storedFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'uploads')).length;
  } catch {
    return 0;
  }
};

const getFile = (name: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/common/file/${name}`, headers: token ? { token } : {} });

describe('recognising images by their content', () => {
  it('knows PNG, JPEG, WebP and GIF by their first bytes, and nothing else', () => {
    expect(detectImage(TINY_PNG)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(detectImage(JPEG)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(detectImage(WEBP)).toEqual({ mime: 'image/webp', ext: 'webp' });
    expect(detectImage(GIF)).toEqual({ mime: 'image/gif', ext: 'gif' });
    expect(detectImage(SCRIPT)).toBeNull();
    expect(detectImage(HTML)).toBeNull();
    expect(detectImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('common/upload', () => {
  it('stores a PNG and a JPEG under random names with the detected type, and serves them to the owner', async () => {
    const u = await registerUser(t);
    const png = await uploadFile(t.app, u.token, TINY_PNG, { filename: 'holiday.exe', contentType: 'text/plain' });
    expect(png.code, png.msg).toBe(1);
    const data = png.data as UploadData;
    expect(data.name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(data).toMatchObject({ url: `/api/common/file/${data.name}`, mime: 'image/png', size: TINY_PNG.length });

    const jpg = await uploadFile(t.app, u.token, JPEG, { filename: 'photo.png', contentType: 'image/png' });
    expect(jpg.code, jpg.msg).toBe(1);
    expect((jpg.data as UploadData).name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect((jpg.data as UploadData).mime).toBe('image/jpeg');

    const res = await getFile(data.name, u.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('private');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('refuses a non-image, a script renamed .png and an oversized image, storing nothing', async () => {
    const u = await registerUser(t);
    const before = { rows: await countUploads(), files: storedFiles() };

    const text = await uploadFile(t.app, u.token, Buffer.from('just some text'), {
      filename: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(text).toMatchObject({ code: 0, msg: 'Only images can be uploaded (PNG, JPEG, WebP or GIF)' });

    const script = await uploadFile(t.app, u.token, SCRIPT, { filename: 'cat.png', contentType: 'image/png' });
    expect(script).toMatchObject({ code: 0, msg: 'Only images can be uploaded (PNG, JPEG, WebP or GIF)' });
    const html = await uploadFile(t.app, u.token, HTML, { filename: 'x.png', contentType: 'image/png', lang: 'zh' });
    expect(html).toMatchObject({ code: 0, msg: '只能上传图片（PNG、JPEG、WebP 或 GIF）' });

    // A real PNG header, padded past the limit.
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1 - TINY_PNG.length)]);
    const oversized = await uploadFile(t.app, u.token, big);
    expect(oversized).toMatchObject({ code: 0, msg: 'The image must be at most 5 MB' });
    const oversizedDe = await uploadFile(t.app, u.token, big, { lang: 'de' });
    expect(oversizedDe.msg).toBe('Das Bild darf höchstens 5 MB groß sein');

    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([TINY_PNG, Buffer.alloc(UPLOAD_LIMITS.maxBytes - TINY_PNG.length)]);
    const ok = await uploadFile(t.app, u.token, atLimit);
    expect(ok.code, ok.msg).toBe(1);
    expect(await countUploads()).toBe(before.rows + 1);
    expect(storedFiles()).toBe(before.files + 1);
  });

  it('asks for the file when the field is missing or empty', async () => {
    const u = await registerUser(t);
    const wrongField = await uploadFile(t.app, u.token, TINY_PNG, { field: 'image' });
    expect(wrongField).toMatchObject({
      code: 400,
      msg: 'Please choose an image to upload',
      data: { fields: [{ field: 'file', reason: 'required' }] },
    });
    const empty = await uploadFile(t.app, u.token, Buffer.alloc(0));
    expect(empty).toMatchObject({ code: 400, data: { fields: [{ field: 'file', reason: 'required' }] } });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload: { file: 'x' },
      headers: { token: u.token, lang: 'en' },
    });
    expect(json.json()).toMatchObject({ code: 400, data: { fields: [{ field: 'file' }] } });
  });

  it('needs a session to upload and to read', async () => {
    const anonymous = await uploadFile(t.app, undefined, TINY_PNG);
    expect(anonymous).toMatchObject({ code: 401 });
    const bad = await uploadFile(t.app, 'not-a-token', TINY_PNG);
    expect(bad).toMatchObject({ code: 401 });
    const u = await registerUser(t);
    const { data } = await uploadFile(t.app, u.token, TINY_PNG);
    expect((await getFile(data.name)).json()).toMatchObject({ code: 401 });
  });

  it("never serves one user's upload to another: it reads exactly like a missing one", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const { data } = await uploadFile(t.app, a.token, TINY_PNG);
    const asB = await getFile(data.name, b.token);
    const missing = await getFile(`${'0'.repeat(32)}.png`, b.token);
    expect(asB.json()).toEqual(missing.json());
    expect(asB.json()).toMatchObject({ code: 404 });
    expect(asB.rawPayload.includes(TINY_PNG)).toBe(false);
    // Names are checked before any lookup: no path tricks.
    expect((await getFile('..%2F..%2Fetc%2Fpasswd', a.token)).json()).toMatchObject({ code: 404 });
    // Operators read any upload through the reader port.
    const read = await t.app.uploadReader.read(data.name);
    const owner = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id::text AS id FROM users WHERE uid = ${a.user.uid}`,
    );
    expect(read).toMatchObject({ mime: 'image/png', userId: owner[0]!.id });
    expect(read?.bytes.equals(TINY_PNG)).toBe(true);
    expect(await t.app.uploadReader.read('../../etc/passwd')).toBeNull();
  });
});

describe('upload rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Its own app: the shared one lifts the per-address caps so the other tests are not throttled.
    limited = await createTestApp({ funding: { ...t.config.funding, perIpPerMinute: 2 } });
  });
  afterAll(() => limited?.close());

  it('caps uploads per address and minute', async () => {
    const u = await registerUser(limited);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await uploadFile(limited.app, u.token, TINY_PNG)).code);
    expect(codes).toEqual([1, 1, 429]);
  });
});

describe('hostile multipart bodies and parallel uploads', () => {
  const post = (payload: Buffer | string, contentType: string, token: string) =>
    t.app
      .inject({ method: 'POST', url: '/api/common/upload', payload, headers: { 'content-type': contentType, token } })
      .then((r) => ({ status: r.statusCode, body: r.json() as { code: number; data: unknown } }));

  it('answers 400 on `file` to a truncated body and to one without a boundary, storing nothing', async () => {
    const u = await registerUser(t);
    const before = await countUploads();
    const boundary = '----nexa-truncated';
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${TINY_PNG.toString('latin1')}`;
    for (const [payload, type] of [
      [truncated, `multipart/form-data; boundary=${boundary}`],
      [truncated, 'multipart/form-data'],
      ['--x\r\n\r\n', 'multipart/form-data; boundary=x'],
    ] as const) {
      const r = await post(Buffer.from(payload, 'latin1'), type, u.token);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ code: 400, data: { fields: [{ field: 'file' }] } });
    }
    expect(await countUploads()).toBe(before);
  });

  it('stores at most the daily cap of 100 when 160 uploads race', async () => {
    const u = await registerUser(t);
    const results = await Promise.all(Array.from({ length: 160 }, () => uploadFile(t.app, u.token, TINY_PNG)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(100);
    expect(results.filter((r) => r.code === 429)).toHaveLength(60);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM uploads u JOIN users s ON s.id = u.user_id WHERE s.uid = ${u.user.uid}`,
    );
    expect(Number(row!.n)).toBe(100);
  });
});
