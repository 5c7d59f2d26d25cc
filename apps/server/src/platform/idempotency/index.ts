import { sha256 } from '../crypto.js';
import type { Executor } from '../db.js';
import { refused } from '../errors.js';
import { deferWrite } from '../tx-scope.js';
import { type ReservableTable, idempotencyRepository as repo } from './repository.js';

export type { ReservableTable };

export interface IdempotencyKey {
  userId: bigint;
  requestId: string;
  /** The call, e.g. `index/zySubmit`: one requestId cannot be replayed against another call. */
  scope: string;
  /** The call's input without the requestId; a repeat must carry the same. */
  body: unknown;
  /** A table whose next id the claim draws for the call's record (`run` receives it); none by default. */
  reserve?: ReservableTable;
}

/**
 * Runs a money call once per (user, requestId) inside the caller's transaction. The key is claimed first: on
 * PostgreSQL a concurrent repeat waits on the unique key until the first commits, then reads its result. A
 * repeat with the same body returns the first result and moves nothing; a different body is refused. A call
 * that fails rolls back its claim, so a retry runs again.
 */
export async function idempotent<T>(
  tx: Executor,
  key: IdempotencyKey,
  run: (reserved: string | null) => Promise<T>,
): Promise<T> {
  const bodyHash = sha256(`${key.scope}\n${canonicalJson(key.body)}`);
  const claim = await repo.claim(tx, key.userId, key.requestId, key.scope, bodyHash, key.reserve);
  if (claim) {
    const result = await run(claim.reserved);
    // Stored with the transaction's last statements (no round trip of its own); outside a scope, now.
    await deferWrite(tx, repo.saveResponse(key.userId, key.requestId, result));
    return result;
  }
  const first = await repo.find(tx, key.userId, key.requestId);
  if (!first || first.scope !== key.scope || !Buffer.from(first.body_hash).equals(bodyHash)) {
    throw refused('idempotency.mismatch');
  }
  return first.response as T;
}

/** Whether a call with this requestId was already answered (or burned): its repeat needs no fresh checks. */
export async function hasOutcome(db: Executor, userId: bigint, requestId: string): Promise<boolean> {
  return (await repo.find(db, userId, requestId)) !== undefined;
}

/** The scope a requestId is burned under once its lookup found it never applied. */
const NOT_APPLIED = 'not-applied';

/**
 * What became of a money call whose answer was lost (a timeout): `applied` with the call and its stored answer, or
 * `not-applied`. Not applied is final: the requestId is burned, so a copy of the call still on its way is refused
 * (idempotency.mismatch) rather than moving money after the user was told it did not. A call still running holds
 * its claim: the lookup waits for it to commit or roll back (PostgreSQL's unique-key wait), so it never answers early.
 */
export async function lookupOutcome(
  db: Executor,
  userId: bigint,
  requestId: string,
): Promise<{ status: 'applied'; scope: string; response: unknown } | { status: 'not-applied' }> {
  return db.transaction(async (tx) => {
    if (await repo.claim(tx, userId, requestId, NOT_APPLIED, sha256(NOT_APPLIED))) return { status: 'not-applied' };
    const first = (await repo.find(tx, userId, requestId))!;
    if (first.scope === NOT_APPLIED) return { status: 'not-applied' };
    return { status: 'applied', scope: first.scope, response: first.response };
  });
}

/** JSON with sorted keys, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
