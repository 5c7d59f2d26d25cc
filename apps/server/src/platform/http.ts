import {
  type AccountMode,
  type AdminApi,
  type AdminPath,
  type Api,
  type ApiPath,
  type CallAuth,
  Code,
  type ConsoleApi,
  type ConsolePath,
  type Lang,
  type OperatorRole,
  adminApi,
  api,
  consoleApi,
} from '@nexa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, forbidden, invalid, unauthorized } from './errors.js';
import { fieldMessage, pickLang, t } from './i18n/translate.js';
import { toFieldErrors } from './validation.js';

export interface AuthUser {
  id: string;
  uid: number;
  sessionId: string;
  /** The account the user acts on now; wallet and trading calls use it. */
  mode: AccountMode;
}

/** A signed-in operator of the console (ADMIN-TOKEN header); never a user. */
export interface AuthOperator {
  id: string;
  username: string;
  sessionId: string;
  role: OperatorRole;
  totpEnabled: boolean;
}

export interface CallContext {
  lang: Lang;
  ip: string;
  userAgent: string;
  /** Set on calls whose contract says `auth: 'user'`. */
  user: AuthUser;
  /** Set on calls whose contract says `auth: 'operator'`. */
  operator: AuthOperator;
}

export type Authenticate = (token: string) => Promise<AuthUser | null>;
export type AuthenticateOperator = (token: string) => Promise<AuthOperator | null>;
/** Whether an operator may make a call (`admin/…`); the admin module's role table answers. */
export type AuthorizeOperator = (call: string, operator: AuthOperator) => boolean;

export interface RouteOptions {
  /** Per-address requests a minute for this call (on top of the global limit). */
  perIpPerMinute?: number;
}

/** Every call the server answers: the users' API and the operators' (`admin/…`), one contract each. */
const calls: Api & AdminApi & ConsoleApi = { ...api, ...adminApi, ...consoleApi };
type Calls = typeof calls;
export type CallPath = ApiPath | AdminPath | ConsolePath;

export type Handler<P extends CallPath> = (
  body: z.output<Calls[P]['body']>,
  ctx: CallContext,
) => Promise<z.output<Calls[P]['data']>>;

export interface Router {
  handle<P extends CallPath>(path: P, handler: Handler<P>, opts?: RouteOptions): void;
  /** The auth module says whose a user token is, the admin module whose an operator token is. */
  authenticateUsers(fn: Authenticate): void;
  authenticateOperators(fn: AuthenticateOperator): void;
  /** Every operator call is refused (HTTP 403) unless this says the operator's role may make it. */
  authorizeOperators(fn: AuthorizeOperator): void;
  /** The user a token belongs to (for routes outside the contract: uploads). */
  whoseUserToken: Authenticate;
  /**
   * The operator an ADMIN-TOKEN belongs to, for an operator route outside the contract (uploads) named as a call of
   * the role table: null without a session, HTTP 403 when their role may not make it.
   */
  operatorFor: (call: string, token: string) => Promise<AuthOperator | null>;
  /**
   * A public read's answer in `lang`, the envelope its HTTP call sends (no input, no session), for the server's own
   * use: the H5 entry carries one inline (web-app.ts). Rejects for a call that needs a session or input, or has no
   * handler.
   */
  answer(path: CallPath, lang: Lang): Promise<Envelope>;
}

/** What every call answers. */
export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** The header each kind of session travels in: a user's TOKEN is never read as an operator's, nor the reverse. */
const TOKEN_HEADER = { user: 'token', operator: 'admin-token' } as const;

function tokenOf(req: FastifyRequest, kind: Exclude<CallAuth, 'none'>): string {
  const token = req.headers[TOKEN_HEADER[kind]];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw unauthorized();
  return token;
}

/**
 * Registers contract calls, users' and operators' alike: POST with a JSON body, plus GET with query parameters
 * for calls that only read; the session the contract asks for checked first (a visitor learns nothing about a
 * call's fields); the body parsed by the contract's schema (400 naming each bad field otherwise); the result
 * wrapped in the envelope with a message in the caller's language.
 */
export function createRouter(app: FastifyInstance, defaultLang: Lang): Router {
  const principals: { user?: Authenticate; operator?: AuthenticateOperator } = {};
  let authorize: AuthorizeOperator = () => false;
  /** The public reads' handlers, for `answer`. */
  const publicReads = new Map<CallPath, (lang: Lang) => Promise<Envelope>>();
  const ok = (lang: Lang, data: unknown): Envelope => ({ code: Code.OK, msg: t(lang, 'ok'), data: data ?? null });
  return {
    authorizeOperators: (fn) => {
      authorize = fn;
    },
    authenticateUsers: (fn) => {
      principals.user = fn;
    },
    authenticateOperators: (fn) => {
      principals.operator = fn;
    },
    whoseUserToken: async (token) => (principals.user ? principals.user(token) : null),
    operatorFor: async (call, token) => {
      const operator = principals.operator ? await principals.operator(token) : null;
      if (operator && !authorize(call, operator)) throw forbidden();
      return operator;
    },
    handle(path, handler, opts = {}) {
      const def = calls[path];
      const config = opts.perIpPerMinute ? { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } } : undefined;
      const run = async (req: FastifyRequest, reply: FastifyReply) => {
        const lang = pickLang(req.headers.lang, defaultLang);
        const ctx = { lang, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) };
        if (def.auth !== 'none') {
          const token = tokenOf(req, def.auth);
          const principal = await principals[def.auth]?.(token);
          if (!principal) throw unauthorized('error.sessionExpired');
          if (def.auth === 'operator' && !authorize(path, principal as AuthOperator)) throw forbidden();
          Object.assign(ctx, { [def.auth]: principal });
        }
        const input = (req.method === 'GET' ? req.query : req.body) ?? {};
        const parsed = def.body.safeParse(input);
        if (!parsed.success) throw invalid(toFieldErrors(parsed.error.issues, input));
        const data = await handler(parsed.data as never, ctx as CallContext);
        return reply.send(ok(lang, data));
      };
      if (def.auth === 'none' && def.read) {
        publicReads.set(path, async (lang) => {
          const parsed = def.body.safeParse({});
          if (!parsed.success) throw new Error(`${path} takes input`);
          return ok(lang, await handler(parsed.data as never, { lang, ip: '', userAgent: '' } as CallContext));
        });
      }
      app.post(`/api/${path}`, { config }, run);
      if (def.read) app.get(`/api/${path}`, { config }, run);
    },
    async answer(path, lang) {
      const read = publicReads.get(path);
      if (!read) throw new Error(`${path} is not a public read with a handler`);
      return read(lang);
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
      return reply.status(err.httpStatus).send({ code: err.code, msg, data: err.data });
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
