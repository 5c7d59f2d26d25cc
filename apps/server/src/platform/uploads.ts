import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  Code,
  type ImageMime,
  type Lang,
  UPLOAD_LIMITS,
  type UploadData,
  UploadName,
  imageTypeOf,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Executor, queryRows } from './db.js';
import { AppError, invalid, notFound, refused, tooMany, unauthorized } from './errors.js';
import type { AuthUser, Authenticate } from './http.js';
import { pickLang, t } from './i18n/translate.js';
import { nexaModule } from './kernel.js';
import type { UploadReader } from './review.js';

/**
 * Uploaded images (deposit screenshots, ID photos): recognised by their first bytes, never by the client's
 * name or content type; stored under DATA_DIR/uploads with a random name; readable by their owner only (and
 * by operators through `UploadReader`).
 */
export type ImageType = { mime: ImageMime; ext: string };

/** The image type of `bytes` by its signature (the contract's `imageTypeOf`, which the app checks with too), or null. */
export function detectImage(bytes: Buffer): ImageType | null {
  return imageTypeOf(bytes);
}

export const uploadUrl = (name: string) => `/api/common/file/${name}`;

interface UploadRow {
  [k: string]: unknown;
  name: string;
  user_id: string;
  mime: string;
  size: number;
}

export const uploadsRepository = {
  async insert(ex: Executor, u: { name: string; userId: bigint; mime: string; size: number; now: Date }) {
    await ex.execute(sql`INSERT INTO uploads (name, user_id, mime, size, created_at)
      VALUES (${u.name}, ${String(u.userId)}, ${u.mime}, ${u.size}, ${u.now.toISOString()}::timestamptz)`);
  },
  async find(ex: Executor, name: string): Promise<UploadRow | undefined> {
    const rows = await queryRows<UploadRow>(
      ex,
      sql`SELECT name, user_id::text AS user_id, mime, size FROM uploads WHERE name = ${name}`,
    );
    return rows[0];
  },
  /** Serialises one user's uploads (the same row lock the funding submissions take). */
  async lockUser(ex: Executor, userId: bigint): Promise<void> {
    await ex.execute(sql`SELECT id FROM users WHERE id = ${String(userId)} FOR NO KEY UPDATE`);
  },
  async countSince(ex: Executor, userId: bigint, since: Date): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM uploads
          WHERE user_id = ${String(userId)} AND created_at >= ${since.toISOString()}::timestamptz`,
    );
    return Number(rows[0]!.n);
  },
};

/** True when `name` is an upload of this user: records may only point at their owner's images. */
export async function uploadBelongsTo(ex: Executor, userId: bigint, name: string): Promise<boolean> {
  const row = await uploadsRepository.find(ex, name);
  return row !== undefined && row.user_id === String(userId);
}

export interface UploadStoreDeps {
  db: Executor;
  dataDir: string;
  now: () => Date;
  /** Uploads one user may make in 24 hours: a bound on the disk one account can fill. */
  perUserPerDay?: number;
}

export class UploadStore implements UploadReader {
  readonly dir: string;
  private readonly perUserPerDay: number;

  constructor(private readonly d: UploadStoreDeps) {
    this.dir = path.join(d.dataDir, 'uploads');
    this.perUserPerDay = d.perUserPerDay ?? 100;
  }

  /** Stores an image of the user's; refuses anything that is not one of the allowed image types. */
  async save(userId: bigint, bytes: Buffer): Promise<UploadData> {
    if (bytes.length === 0) throw invalid([{ field: 'file', reason: 'required' }]);
    if (bytes.length > UPLOAD_LIMITS.maxBytes) throw tooLarge();
    const type = detectImage(bytes);
    if (!type) throw refused('upload.notImage');
    const now = this.d.now();
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, name);
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    try {
      // Counted and inserted under the user's lock, so parallel uploads cannot pass the daily cap.
      await this.d.db.transaction(async (tx) => {
        await uploadsRepository.lockUser(tx, userId);
        const since = new Date(now.getTime() - 86_400_000);
        if ((await uploadsRepository.countSince(tx, userId, since)) >= this.perUserPerDay) {
          throw tooMany('upload.tooMany');
        }
        await uploadsRepository.insert(tx, { name, userId, mime: type.mime, size: bytes.length, now });
      });
    } catch (err) {
      await unlink(file).catch(() => {});
      throw err;
    }
    return { name, url: uploadUrl(name), mime: type.mime, size: bytes.length };
  }

  /** Any upload (operators). */
  async read(name: string): Promise<{ bytes: Buffer; mime: string; userId: string } | null> {
    if (!UploadName.safeParse(name).success) return null;
    const row = await uploadsRepository.find(this.d.db, name);
    if (!row) return null;
    try {
      return { bytes: await readFile(path.join(this.dir, row.name)), mime: row.mime, userId: row.user_id };
    } catch {
      return null;
    }
  }

  /** An upload of this user's, or null: someone else's reads exactly like a missing one. */
  async readOwned(userId: string, name: string) {
    const found = await this.read(name);
    return found && found.userId === userId ? found : null;
  }
}

const tooLarge = () => refused('upload.tooLarge', { mb: UPLOAD_LIMITS.maxBytes / 1024 / 1024 });

export interface UploadRouteOptions {
  authenticate: Authenticate;
  defaultLang: Lang;
  /** Uploads per address per minute. */
  perIpPerMinute: number;
}

/**
 * `common/upload` (multipart, field `file`) and `GET common/file/:name`. Not contract calls (the body is not
 * JSON), but the same envelope, session check and error handling. Multipart parsing exists only in this scope.
 */
export async function registerUploadRoutes(app: FastifyInstance, store: UploadStore, o: UploadRouteOptions) {
  const userOf = async (req: FastifyRequest): Promise<AuthUser> => {
    const token = req.headers.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw unauthorized();
    const user = await o.authenticate(token);
    if (!user) throw unauthorized('error.sessionExpired');
    return user;
  };
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });
    scope.post(
      '/api/common/upload',
      { config: { rateLimit: { max: o.perIpPerMinute, timeWindow: 60_000 } } },
      async (req, reply) => {
        const lang = pickLang(req.headers.lang, o.defaultLang);
        const user = await userOf(req);
        if (!req.isMultipart()) throw invalid([{ field: 'file', reason: 'required' }]);
        let bytes: Buffer;
        try {
          const part = await req.file();
          if (!part || part.fieldname !== 'file') throw invalid([{ field: 'file', reason: 'required' }]);
          bytes = await part.toBuffer();
        } catch (err) {
          if (err instanceof scope.multipartErrors.RequestFileTooLargeError) throw tooLarge();
          if (err instanceof AppError) throw err;
          // A truncated body, a missing boundary, too many parts: the client's fault, said on the field.
          throw invalid([{ field: 'file', reason: 'invalid' }]);
        }
        const data = await store.save(BigInt(user.id), bytes);
        return reply.send({ code: Code.OK, msg: t(lang, 'ok'), data });
      },
    );
  });
  app.get<{ Params: { name: string } }>(
    '/api/common/file/:name',
    { config: { rateLimit: { max: o.perIpPerMinute * 10, timeWindow: 60_000 } } },
    async (req, reply) => {
      const user = await userOf(req);
      const found = await store.readOwned(user.id, req.params.name);
      if (!found) throw notFound();
      return reply
        .header('content-type', found.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(found.bytes);
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored uploads, for the operator's file route. */
    uploadReader: UploadReader;
  }
}

/** `common/upload` and `common/file/:name` for signed-in users; the store for operators. */
export const uploadsModule = nexaModule('uploads', async (app) => {
  const { config, database, router, now } = app.platform;
  const store = new UploadStore({ db: database.db, dataDir: config.dataDir, now });
  await registerUploadRoutes(app, store, {
    authenticate: (token) => router.whoseUserToken(token),
    defaultLang: config.defaultLang,
    perIpPerMinute: config.funding.perIpPerMinute,
  });
  app.decorate('uploadReader', store as UploadReader);
});
