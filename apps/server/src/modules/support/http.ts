import multipart from '@fastify/multipart';
import { Code, type Lang, UPLOAD_LIMITS } from '@nexa/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, invalid, refused, unauthorized } from '../../platform/errors.js';
import type { AuthenticateOperator } from '../../platform/http.js';
import { pickLang, t } from '../../platform/i18n/translate.js';
import type { UploadStore } from '../../platform/uploads.js';
import type { SupportService } from './service.js';

export interface SupportUploadOptions {
  store: UploadStore;
  service: SupportService;
  authenticate: AuthenticateOperator;
  defaultLang: Lang;
}

/**
 * POST /api/admin/supportUpload?id=<conversation> (multipart, field `file`, ADMIN-TOKEN): an image for an operator's
 * reply, checked exactly as a user's upload (`UploadStore.save`: size, signature, daily cap) and stored as the
 * conversation's user's, so they read it with their own token like their own images. Visitors get text only.
 */
export async function registerSupportUploadRoute(app: FastifyInstance, o: SupportUploadOptions) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });
    scope.post<{ Querystring: { id?: string } }>(
      '/api/admin/supportUpload',
      { config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
      async (req, reply) => {
        const lang = pickLang(req.headers.lang, o.defaultLang);
        const token = req.headers['admin-token'];
        if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw unauthorized();
        if (!(await o.authenticate(token))) throw unauthorized('error.sessionExpired');
        const id = req.query.id;
        if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) throw invalid([{ field: 'id', reason: 'invalid' }]);
        const owner = await o.service.uploadOwner(id);
        if (!owner) throw refused('support.visitorImages');
        if (!req.isMultipart()) throw invalid([{ field: 'file', reason: 'required' }]);
        let bytes: Buffer;
        try {
          const part = await req.file();
          if (!part || part.fieldname !== 'file') throw invalid([{ field: 'file', reason: 'required' }]);
          bytes = await part.toBuffer();
        } catch (err) {
          if (err instanceof scope.multipartErrors.RequestFileTooLargeError) {
            throw refused('upload.tooLarge', { mb: UPLOAD_LIMITS.maxBytes / 1024 / 1024 });
          }
          if (err instanceof AppError) throw err;
          throw invalid([{ field: 'file', reason: 'invalid' }]);
        }
        const saved = await o.store.save(BigInt(owner), bytes);
        const data = { ...saved, url: `/api/admin/file/${saved.name}` };
        return reply.send({ code: Code.OK, msg: t(lang, 'ok'), data });
      },
    );
  });
}
