import { Code, type FieldError } from '@nexa/contract';
import type { MessageKey } from './i18n/en.js';

export type MessageParams = Record<string, string | number>;

/**
 * A refusal the client is meant to see: an envelope code, a message key translated into the caller's
 * language, and optional data. Anything else thrown becomes a 500 with a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** The HTTP status of the envelope: 200 for every refusal, except an operator's call their role may not make. */
  get httpStatus(): number {
    return 200;
  }
}

/** An operator's call outside their role (modules/admin/roles.ts): HTTP 403, whatever the envelope says. */
export class ForbiddenError extends AppError {
  override get httpStatus(): number {
    return 403;
  }
}

export const forbidden = (key: MessageKey = 'admin.forbidden') => new ForbiddenError(Code.REFUSED, key);

export const refused = (key: MessageKey, params?: MessageParams, data?: unknown) =>
  new AppError(Code.REFUSED, key, params, data);

export const invalid = (fields: FieldError[]) => new AppError(Code.INVALID, 'error.invalidInput', {}, { fields });

export const unauthorized = (key: MessageKey = 'error.unauthorized') => new AppError(Code.UNAUTHORIZED, key);

export const tooMany = (key: MessageKey = 'error.tooManyRequests', params?: MessageParams) =>
  new AppError(Code.TOO_MANY_REQUESTS, key, params);

export const notFound = () => new AppError(Code.NOT_FOUND, 'error.notFound');
