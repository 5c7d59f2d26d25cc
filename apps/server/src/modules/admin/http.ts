import { type AdminApi, type AdminPath, Code, type Lang, UploadName, adminApi } from '@nexa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalid, notFound, unauthorized } from '../../platform/errors.js';
import { pickLang, t } from '../../platform/i18n/translate.js';
import type { UploadReader } from '../../platform/review.js';
import { toFieldErrors } from '../../platform/validation.js';
import type { AuthOperator } from './service.js';

export interface AdminCallContext {
  lang: Lang;
  ip: string;
  /** Set on every call but admin/login. */
  operator: AuthOperator;
}

export type AdminHandler<P extends AdminPath> = (
  body: z.output<AdminApi[P]['body']>,
  ctx: AdminCallContext,
) => Promise<z.output<AdminApi[P]['data']>>;

export interface AdminRouter {
  handle<P extends AdminPath>(path: P, handler: AdminHandler<P>, opts?: { perIpPerMinute?: number }): void;
}

export type AuthenticateOperator = (token: string) => Promise<AuthOperator | null>;

/** The operator's token; a user's TOKEN header is never read here. */
function operatorOf(req: FastifyRequest, authenticate: AuthenticateOperator): Promise<AuthOperator | null> {
  const token = req.headers['admin-token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw unauthorized();
  return authenticate(token);
}

/**
 * The operator API (/api/admin/…), like `createRouter` but over `adminApi` and authenticated by the ADMIN-TOKEN
 * header against operator sessions: the same envelope, field errors and localized messages.
 */
export function createAdminRouter(
  app: FastifyInstance,
  authenticate: AuthenticateOperator,
  defaultLang: Lang,
): AdminRouter {
  return {
    handle(path, handler, opts = {}) {
      const def = adminApi[path];
      const config = opts.perIpPerMinute ? { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } } : undefined;
      const run = async (req: FastifyRequest, reply: FastifyReply) => {
        const lang = pickLang(req.headers.lang, defaultLang);
        let operator: AuthOperator | null = null;
        if (def.auth) {
          operator = await operatorOf(req, authenticate);
          if (!operator) throw unauthorized('error.sessionExpired');
        }
        const input = (req.method === 'GET' ? req.query : req.body) ?? {};
        const parsed = def.body.safeParse(input);
        if (!parsed.success) throw invalid(toFieldErrors(parsed.error.issues, input));
        const ctx: AdminCallContext = { lang, ip: req.ip, operator: operator as AuthOperator };
        const data = await handler(parsed.data as never, ctx);
        return reply.send({ code: Code.OK, msg: t(lang, 'ok'), data: data ?? null });
      };
      app.post(`/api/${path}`, { config }, run);
      if (def.read) app.get(`/api/${path}`, { config }, run);
    },
  };
}

/**
 * GET /api/admin/file/:name — any stored upload, for an operator (ADMIN-TOKEN): its own content type, never
 * sniffed, sandboxed, cached privately only.
 */
export function registerAdminFileRoute(
  app: FastifyInstance,
  authenticate: AuthenticateOperator,
  uploads: UploadReader,
) {
  app.get<{ Params: { name: string } }>(
    '/api/admin/file/:name',
    { config: { rateLimit: { max: 600, timeWindow: 60_000 } } },
    async (req, reply) => {
      const operator = await operatorOf(req, authenticate);
      if (!operator) throw unauthorized('error.sessionExpired');
      const { name } = req.params;
      if (!UploadName.safeParse(name).success) throw notFound();
      const file = await uploads.read(name);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );
}
