import { UploadName } from '@nexa/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthorized } from '../../platform/errors.js';
import type { AuthOperator, AuthenticateOperator } from '../../platform/http.js';
import type { UploadReader } from '../../platform/review.js';

/** The operator's token; a user's TOKEN header is never read here. */
function operatorOf(req: FastifyRequest, authenticate: AuthenticateOperator): Promise<AuthOperator | null> {
  const token = req.headers['admin-token'];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw unauthorized();
  return authenticate(token);
}

/**
 * GET /api/admin/file/:name — any stored upload, for an operator (ADMIN-TOKEN): its own content type, never
 * sniffed, sandboxed, cached privately only.
 */
export function registerAdminFileRoute(
  app: FastifyInstance,
  authenticate: AuthenticateOperator,
  uploads: UploadReader,
  may: (operator: AuthOperator, call: string) => boolean,
) {
  app.get<{ Params: { name: string } }>(
    '/api/admin/file/:name',
    { config: { rateLimit: { max: 600, timeWindow: 60_000 } } },
    async (req, reply) => {
      const operator = await operatorOf(req, authenticate);
      if (!operator) throw unauthorized('error.sessionExpired');
      if (!may(operator, 'admin/file')) throw forbidden();
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
