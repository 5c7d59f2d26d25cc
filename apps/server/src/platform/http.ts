import { type AccountMode, type Api, type ApiData, type ApiPath, Code, type Lang, api } from '@nexa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, invalid, unauthorized } from './errors.js';
import { fieldMessage, pickLang, t } from './i18n/translate.js';
import { toFieldErrors } from './validation.js';

export interface AuthUser {
  id: string;
  uid: number;
  sessionId: string;
  /** The account the user acts on now; wallet and trading calls use it. */
  mode: AccountMode;
}

export interface CallContext {
  lang: Lang;
  ip: string;
  userAgent: string;
  /** Set on calls whose contract says `auth: true`. */
  user: AuthUser;
}

export type Authenticate = (token: string) => Promise<AuthUser | null>;

export interface RouteOptions {
  /** Per-address requests a minute for this call (on top of the global limit). */
  perIpPerMinute?: number;
}

export type Handler<P extends ApiPath> = (body: z.output<Api[P]['body']>, ctx: CallContext) => Promise<ApiData<P>>;

export interface Router {
  handle<P extends ApiPath>(path: P, handler: Handler<P>, opts?: RouteOptions): void;
}

/**
 * Registers contract calls: POST with a JSON body, plus GET with query parameters for calls that only read;
 * the body parsed by the contract's schema (400 naming each bad field otherwise); a session checked when the
 * contract says so; the result wrapped in the envelope with a message in the caller's language.
 */
export function createRouter(app: FastifyInstance, authenticate: Authenticate, defaultLang: Lang): Router {
  return {
    handle(path, handler, opts = {}) {
      const def = api[path];
      const config = opts.perIpPerMinute ? { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } } : undefined;
      const run = async (req: FastifyRequest, reply: FastifyReply) => {
        const lang = pickLang(req.headers.lang, defaultLang);
        // The session first: a visitor learns nothing about a call's fields.
        let user: AuthUser | null = null;
        if (def.auth) {
          const token = req.headers.token;
          if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw unauthorized();
          user = await authenticate(token);
          if (!user) throw unauthorized('error.sessionExpired');
        }
        const input = (req.method === 'GET' ? req.query : req.body) ?? {};
        const parsed = def.body.safeParse(input);
        if (!parsed.success) throw invalid(toFieldErrors(parsed.error.issues, input));
        const ctx: CallContext = {
          lang,
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
          user: user as AuthUser,
        };
        const data = await handler(parsed.data as never, ctx);
        return reply.send({ code: Code.OK, msg: t(lang, 'ok'), data: data ?? null });
      };
      app.post(`/api/${path}`, { config }, run);
      if (def.read) app.get(`/api/${path}`, { config }, run);
    },
  };
}

/** The one place that turns any thrown error into an envelope; internals never reach the client. */
export function installErrorHandling(app: FastifyInstance, defaultLang: Lang) {
  app.setErrorHandler((err: unknown, req, reply) => {
    const lang = pickLang(req.headers.lang, defaultLang);
    if (err instanceof AppError) {
      let msg = t(lang, err.key, err.params);
      const fields = (err.data as { fields?: { field: string; reason: never }[] } | null)?.fields;
      if (err.code === Code.INVALID && fields?.[0]) {
        msg = fieldMessage(lang, fields[0], req.routeOptions.url?.replace(/^\/api\//, ''));
      }
      return reply.status(200).send({ code: err.code, msg, data: err.data });
    }
    const e = err as { statusCode?: number; code?: string };
    if (e.statusCode === 429) {
      return reply
        .status(200)
        .send({ code: Code.TOO_MANY_REQUESTS, msg: t(lang, 'error.tooManyRequests'), data: null });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the request as a whole is invalid.
      return reply.status(200).send({
        code: Code.INVALID,
        msg: t(lang, 'error.invalidInput'),
        data: { fields: [{ field: 'body', reason: 'invalid' }] },
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(200).send({ code: Code.INTERNAL, msg: t(lang, 'error.internal'), data: null });
  });
  app.setNotFoundHandler((req, reply) => {
    const lang = pickLang(req.headers.lang, defaultLang);
    const status = req.url.startsWith('/api/') ? 200 : 404;
    return reply.status(status).send({ code: Code.NOT_FOUND, msg: t(lang, 'error.notFound'), data: null });
  });
}
