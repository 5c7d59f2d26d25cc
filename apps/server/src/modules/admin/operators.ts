import { OperatorName, type OperatorRole } from '@nexa/contract';
import { hashPassword } from '../../platform/crypto.js';
import type { Executor } from '../../platform/db.js';
import { recordAudit } from '../../platform/review.js';
import { adminRepository as repo } from './repository.js';

/** Why an operator could not be created; the message is for the person at the command line. */
export class OperatorCreateError extends Error {
  constructor(
    message: string,
    /** The username is taken (else the input was refused). */
    readonly taken = false,
  ) {
    super(message);
    this.name = 'OperatorCreateError';
  }
}

export const OPERATOR_PASSWORD_MIN = 12;
export const USERNAME_RULE = 'the username must be 3–32 characters: letters, digits, "_", "." or "-"';
const COMMON = ['password', 'qwerty', 'letmein', 'welcome', 'admin', '123456', 'abc123', 'iloveyou', 'nexa'];

/** Operators hold the keys to everyone's money: a longer password than users', mixing letters and digits. */
export function operatorPasswordProblem(username: string, password: string): string | null {
  if (password.length < OPERATOR_PASSWORD_MIN)
    return `the password must have at least ${OPERATOR_PASSWORD_MIN} characters`;
  if (password.length > 256) return 'the password must have at most 256 characters';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'the password must contain letters and digits';
  if (new Set(password).size < 5) return 'the password repeats too few characters';
  const lower = password.toLowerCase();
  if (lower.includes(username.toLowerCase())) return 'the password must not contain the username';
  if (COMMON.some((w) => lower.includes(w) && lower.replace(w, '').replace(/\d+/g, '').length < 4)) {
    return 'the password is too common';
  }
  return null;
}

/** Usernames are compared case-insensitively: stored lower-case. */
export const normalizeOperatorName = (username: string) => username.trim().toLowerCase();

/**
 * Creates an operator (npm run admin:create makes an admin; an admin's `admin/operatorCreate` any role). Refuses a malformed or taken username and a weak password with a
 * sentence saying why; the creation itself is audited, as the new operator's first entry.
 */
export async function createOperator(
  db: Executor,
  input: { username: string; password: string; role?: OperatorRole; createdBy?: string },
  now: () => Date = () => new Date(),
): Promise<{ id: string; username: string }> {
  const parsed = OperatorName.safeParse(input.username);
  if (!parsed.success) {
    throw new OperatorCreateError(USERNAME_RULE);
  }
  const username = normalizeOperatorName(parsed.data);
  const problem = operatorPasswordProblem(username, input.password);
  if (problem) throw new OperatorCreateError(problem);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const role = input.role ?? 'admin';
    const id = await repo.insertOperator(tx, username, passwordHash, now(), role);
    if (!id) throw new OperatorCreateError(`an operator named "${username}" already exists`, true);
    await recordAudit(tx, {
      operatorId: input.createdBy ?? id,
      action: 'operator.create',
      entity: 'operator',
      entityId: id,
      before: null,
      after: { username, role },
      reason: null,
    });
    return { id, username };
  });
}
