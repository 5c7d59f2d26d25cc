/**
 * Money calls whose outcome is unknown (the answer was lost: a timeout, a dropped connection), kept beyond the
 * screen that sent them. While one is unknown, the same action tried again — on that screen, after leaving it and
 * coming back, or after a reload of the tab — sends the same requestId with exactly what the first attempt sent, so
 * the server applies it once (ARCHITECTURE §6). When the connection returns, each is looked up and the user told
 * whether it went through. A reviewer's transfer sent just before the phone went offline was applied, reported as a
 * network error, and done a second time when they left Assets, came back online and sent it again from a new screen.
 *
 * Kept in the tab's sessionStorage, per signed-in user (another user of the tab never reuses them), for a day.
 */
import type { MoneyCallOutcomeData } from '@nexa/contract';
import { newRequestId } from './request-id';

/** An action sent under `id` whose outcome is unknown. */
export interface PendingCall<V = unknown> {
  /** The call's path (`index/zySubmit`): the lookup answers for it, and two kinds of call never share an id. */
  scope: string;
  /** What the user chose, without the requestId: the same action tried again has the same one. */
  fingerprint: string;
  id: string;
  vars: V;
  owner: string;
  at: number;
  /** `sent`: in flight on this page; `unknown`: no answer came (or the page that sent it is gone). */
  state: 'sent' | 'unknown';
}

export type PendingStorage = Pick<Storage, 'getItem' | 'setItem'>;

const STORAGE_KEY = 'nexa-pending-money-calls';
const MAX_AGE_MS = 24 * 60 * 60_000;
const MAX_ENTRIES = 20;

/**
 * Whether the tab keeps any money call at all (anyone's, unread): a cheap test before loading what looks them up
 * (lib/use-money-call.ts brings the call registry, every schema of the contract).
 */
export function hasStoredMoneyCalls(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    const stored = storage?.getItem(STORAGE_KEY);
    return stored !== null && stored !== undefined && stored !== '[]';
  } catch {
    return false;
  }
}

export class PendingMoneyCalls {
  /** Attempts in flight or settled as unknown, by scope and fingerprint. */
  private entries: PendingCall[];

  constructor(
    private readonly storage: PendingStorage | null,
    private readonly owner: () => string,
    private readonly now: () => number = () => Date.now(),
    private readonly generate: () => string = () => newRequestId(),
  ) {
    // The page that sent what is stored is gone: none of it is in flight any more.
    this.entries = this.read().map((e) => ({ ...e, state: 'unknown' as const }));
  }

  /** The id to send for this action, and what to send with it (the first attempt's, while its outcome is unknown). */
  attempt<V>(scope: string, fingerprint: string, vars: V): { id: string; vars: V } {
    const found = this.find(scope, fingerprint);
    if (found) {
      found.state = 'sent';
      this.write();
      return { id: found.id, vars: found.vars as V };
    }
    const entry: PendingCall = {
      scope,
      fingerprint,
      id: this.generate(),
      vars,
      owner: this.owner(),
      at: this.now(),
      state: 'sent',
    };
    this.entries = [...this.entries, entry].slice(-MAX_ENTRIES);
    this.write();
    return { id: entry.id, vars };
  }

  /**
   * The action settled. `outcomeUnknown`: no answer came back, so it may have applied: keep its id for a retry and
   * for the lookup when the connection returns. Otherwise (an answer, a refusal) the next action is a new one.
   */
  settle(scope: string, fingerprint: string, outcomeUnknown: boolean): void {
    const found = this.find(scope, fingerprint);
    if (!found) return;
    if (outcomeUnknown) {
      found.state = 'unknown';
      this.write();
    } else this.drop(found.id);
  }

  /** The signed-in user's calls whose outcome is unknown (none in flight: looking one up would void it). */
  unknown(): PendingCall[] {
    const owner = this.owner();
    return this.fresh().filter((e) => e.owner === owner && e.state === 'unknown');
  }

  /** The outcome of `id` is known now (looked up): it is forgotten. */
  drop(id: string): void {
    this.entries = this.entries.filter((e) => e.id !== id);
    this.write();
  }

  private find(scope: string, fingerprint: string): PendingCall | undefined {
    const owner = this.owner();
    return this.fresh().find((e) => e.scope === scope && e.fingerprint === fingerprint && e.owner === owner);
  }

  private fresh(): PendingCall[] {
    const since = this.now() - MAX_AGE_MS;
    return this.entries.filter((e) => e.at >= since);
  }

  private read(): PendingCall[] {
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isPendingCall) : [];
    } catch {
      return [];
    }
  }

  private write(): void {
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(this.fresh()));
    } catch {
      // Storage full or refused (private mode): kept in memory for this page only.
    }
  }
}

function isPendingCall(v: unknown): v is PendingCall {
  const e = v as Partial<PendingCall> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.scope === 'string' &&
    typeof e.fingerprint === 'string' &&
    typeof e.id === 'string' &&
    typeof e.owner === 'string' &&
    typeof e.at === 'number' &&
    (e.state === 'sent' || e.state === 'unknown')
  );
}

/**
 * Looks up each unknown outcome (when the connection is back): an applied call is forgotten and `applied` gets the
 * answer it gave; one that never applied (the lookup voids its requestId) is forgotten and `notApplied` told. A
 * lookup that fails (still offline) leaves it for the next time. Answers how many were settled.
 */
export async function resolveUnknownOutcomes(
  pending: PendingMoneyCalls,
  lookup: (requestId: string) => Promise<MoneyCallOutcomeData>,
  tell: { applied: (call: PendingCall, answer: unknown) => void; notApplied: (call: PendingCall) => void },
): Promise<number> {
  let settled = 0;
  for (const call of pending.unknown()) {
    let outcome: Awaited<ReturnType<typeof lookup>>;
    try {
      outcome = await lookup(call.id);
    } catch {
      continue;
    }
    pending.drop(call.id);
    settled += 1;
    if (outcome.status === 'applied') tell.applied(call, outcome.response);
    else tell.notApplied(call);
  }
  return settled;
}
