import { ApiError } from '@/lib/request';
import { type MoneyCallOutcomeData, api } from '@nexa/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import i18n from 'i18next';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { request } from './http';
import { PendingMoneyCalls, resolveUnknownOutcomes } from './pending-money-calls';
import { queryClient } from './query-client';
import { getSession } from './session-store';

/** The code of a money call that, looked up after its answer was lost, never applied (nothing moved). */
export const CLIENT_NOT_APPLIED = -3;

/**
 * The answer a call gave, as the outcome lookup stored it, read by the call's own contract schema (the scope is the
 * call's path); undefined when it does not match (the outcome then stays unknown).
 */
function storedAnswer(outcome: { scope: string; response: unknown }): { answer: unknown } | undefined {
  const def = (api as Record<string, { data: z.ZodType } | undefined>)[outcome.scope];
  if (!def) return { answer: outcome.response };
  const parsed = def.data.safeParse(outcome.response);
  if (parsed.success) return { answer: parsed.data };
  console.error(`[api] ${outcome.scope}: the looked-up answer does not match the contract`, parsed.error.issues);
  return undefined;
}

/**
 * After a transport failure the outcome of a money call is unknown: ask the server what became of its requestId.
 * Applied: the answer it gave (nothing said of the lost answer). Not applied: nothing moved, and that requestId can no
 * longer apply. The lookup failing too (still offline): the transport's message and the original error, so a retry
 * by the user sends the same requestId.
 */
export async function settleUnknownOutcome<R>(
  error: unknown,
  requestId: string,
  lookup: (requestId: string) => Promise<MoneyCallOutcomeData>,
): Promise<R> {
  if (!(error instanceof ApiError && error.isTransport)) throw error;
  let outcome: MoneyCallOutcomeData;
  try {
    outcome = await lookup(requestId);
  } catch {
    // Still unknown: the transport's own message (the request helper leaves it to this), and the same action tried
    // again keeps its requestId.
    Toast.show({ content: error.msg, duration: 2000 });
    throw error;
  }
  if (outcome.status === 'applied') {
    const stored = storedAnswer(outcome);
    if (!stored) throw error;
    return stored.answer as R;
  }
  const notApplied = new ApiError(CLIENT_NOT_APPLIED, i18n.t('errors.notApplied'));
  Toast.show({ content: notApplied.msg });
  throw notApplied;
}

const lookupOutcome = (requestId: string) =>
  request('index/moneyCallOutcome', { requestId }, { silent: true }) as Promise<MoneyCallOutcomeData>;

/** The tab's money calls whose outcome is unknown (lib/pending-money-calls.ts), per signed-in user. */
const pending = new PendingMoneyCalls(typeof sessionStorage === 'undefined' ? null : sessionStorage, () =>
  String(getSession().user?.uid ?? ''),
);

/**
 * Screens on show that sent a call of a scope: told when its lost answer is found (`answer`: applied with it; null:
 * it never applied).
 */
const settledListeners = new Map<string, Set<(outcome: { answer: unknown } | null, vars: unknown) => void>>();

function tellSettled(scope: string, outcome: { answer: unknown } | null, vars: unknown) {
  for (const listener of [...(settledListeners.get(scope) ?? [])]) listener(outcome, vars);
}

let resolving: Promise<void> | null = null;

/**
 * Looks up every unknown outcome now (the connection came back, or a page starts with some from before a reload) and
 * tells the user what became of each: the screens that sent them store the answer, every query is read again.
 */
export function resolvePendingMoneyCalls(): Promise<void> {
  resolving ??= (async () => {
    try {
      const settled = await resolveUnknownOutcomes(pending, lookupOutcome, {
        applied: (call, response) => {
          const stored = storedAnswer({ scope: call.scope, response });
          Toast.show({ icon: 'success', content: i18n.t('errors.appliedLater'), duration: 3000 });
          if (stored) tellSettled(call.scope, stored, call.vars);
        },
        notApplied: (call) => {
          Toast.show({ content: i18n.t('errors.notApplied'), duration: 3000 });
          tellSettled(call.scope, null, call.vars);
        },
      });
      if (settled > 0) await queryClient.invalidateQueries();
    } finally {
      resolving = null;
    }
  })();
  return resolving;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void resolvePendingMoneyCalls());
  // A reload while some were unknown: ask once this module has loaded.
  if (pending.unknown().length > 0) setTimeout(() => void resolvePendingMoneyCalls(), 0);
}

/** What a screen does with a money call's settled outcome, besides reading `refresh` again. */
export interface MoneyCallHooks<V, R> {
  /** The call applied (answered, or found applied after its answer was lost, also once the connection is back). */
  onSuccess?: (result: R, vars: V) => void;
  /** The call is known not to have applied (refused, or found not applied), or its outcome is still unknown. */
  onError?: (error: unknown) => void;
  /**
   * A call whose answer was lost was looked up later (the connection came back, the next load) and its outcome is
   * known now: `applied` or not. A sheet still open for that very action closes (or shows what is true now): tapping
   * it again would be a new action, no longer the retry of the lost one.
   */
  onSettledLater?: (vars: V, applied: boolean) => void;
}

/**
 * Every call of the app that moves money (a transfer, a demo claim, a deposit or withdrawal, a delivery order,
 * a perpetual order, close, cancel, margin or TP/SL change, a convert) goes through here, named by its API path
 * (`scope`). Each user action gets a requestId. It is never retried without the user: when the answer is lost
 * (timeout, dropped connection) the call's outcome is looked up and the user told what actually happened; while that
 * cannot be known (offline), the same action tried again (same `fingerprint`) sends the same requestId with exactly
 * what the first attempt sent, so the server applies it once — also from another screen or after a reload — and
 * when the connection returns the user is told whether it went through. After a success the queries under
 * `refresh` are read again.
 */
export function useMoneyCall<V, R>(
  scope: string,
  call: (vars: V, requestId: string) => Promise<R>,
  fingerprint: (vars: V) => string,
  refresh: readonly QueryKey[],
  hooks: MoneyCallHooks<V, R> = {},
) {
  const client = useQueryClient();
  const later = useRef(hooks);
  later.current = hooks;
  useEffect(() => {
    const listener = (outcome: { answer: unknown } | null, vars: unknown) => {
      if (outcome) later.current.onSuccess?.(outcome.answer as R, vars as V);
      later.current.onSettledLater?.(vars as V, outcome !== null);
    };
    const listeners = settledListeners.get(scope) ?? new Set();
    listeners.add(listener);
    settledListeners.set(scope, listeners);
    return () => void listeners.delete(listener);
  }, [scope]);
  return useMutation<R, unknown, V>({
    mutationFn: async (vars) => {
      const attempt = pending.attempt(scope, fingerprint(vars), vars);
      try {
        return await call(attempt.vars, attempt.id);
      } catch (error) {
        return settleUnknownOutcome<R>(error, attempt.id, lookupOutcome);
      }
    },
    onSuccess: async (result, vars) => {
      pending.settle(scope, fingerprint(vars), false);
      hooks.onSuccess?.(result, vars);
      await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error, vars) => {
      // Still unknown (offline): the same action keeps its requestId. Known (refused, or not applied): a new one.
      pending.settle(scope, fingerprint(vars), error instanceof ApiError && error.isTransport);
      hooks.onError?.(error);
    },
  });
}
