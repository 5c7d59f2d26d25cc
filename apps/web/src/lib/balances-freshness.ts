/**
 * Whether the balances on screen can be trusted as current. Balances follow the user socket (shared/live-balances.tsx:
 * every `wallet.balance` frame reads them again); while that socket is down, or the last read of them failed, a
 * balance shown is the one read before and nothing says when it changes. The price header already says
 * "Reconnecting…"; the Assets and wallet screens say the same of their figures, with the time they were read
 * (components/ui/balances-as-of.tsx), until the socket is back and the balances were read again after it.
 */
import { useSyncExternalStore } from 'react';

export interface UserChannelState {
  /** The socket's `user` channel was confirmed at least once this session (before that, screens read on open). */
  everLive: boolean;
  /** It is confirmed now. */
  live: boolean;
  /** When it last came back after having been down (0: never down): balances read before that may be old. */
  backAtMs: number;
}

const INITIAL: UserChannelState = { everLive: false, live: false, backAtMs: 0 };
let state: UserChannelState = INITIAL;
const watchers = new Set<() => void>();

function set(next: UserChannelState) {
  if (next.everLive === state.everLive && next.live === state.live && next.backAtMs === state.backAtMs) return;
  state = next;
  for (const w of [...watchers]) w();
}

/**
 * The user channel is confirmed (`live`) or not: called by the live balances. Answers whether it turned live (the
 * first time, or back after having been down): the moment the server is known to answer again.
 */
export function noteUserChannelLive(live: boolean, nowMs: number): boolean {
  const turnedLive = live && !state.live;
  set({
    everLive: state.everLive || live,
    live,
    backAtMs: turnedLive && state.everLive ? nowMs : state.backAtMs,
  });
  return turnedLive;
}

/** A new session (or signed out): nothing is known of its socket yet. */
export function resetUserChannelState() {
  set(INITIAL);
}

/** Runs `then` once the user channel has been confirmed (at once, in a microtask, when it already was). */
export function afterUserChannelLive(then: () => void): () => void {
  let cancelled = false;
  const check = () => {
    if (cancelled || !state.everLive) return;
    cancelled = true;
    watchers.delete(check);
    then();
  };
  watchers.add(check);
  queueMicrotask(check);
  return () => {
    cancelled = true;
    watchers.delete(check);
  };
}

export function useUserChannelState(): UserChannelState {
  return useSyncExternalStore(
    (onChange) => {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
    () => state,
    () => INITIAL,
  );
}

/** What a screen knows of its balance read (a react-query result fits). */
export interface BalanceRead {
  /** When the figures on screen were read (0: nothing read yet). */
  dataUpdatedAt: number;
  /** The last read failed (the figures on screen, if any, are older ones). */
  isError: boolean;
}

/**
 * When the balances on screen were read, if they may be out of date, else null: the socket that would tell of a
 * change is down (after having been up), the last read of them failed, or the socket came back and they were not
 * read since. Nothing on screen (no read yet) is not out of date: the screen shows its loading or error state.
 */
export function balancesAsOf(channel: UserChannelState, read: BalanceRead): number | null {
  if (read.dataUpdatedAt === 0) return null;
  const socketDown = channel.everLive && !channel.live;
  const notReadSinceBack = read.dataUpdatedAt < channel.backAtMs;
  return socketDown || read.isError || notReadSinceBack ? read.dataUpdatedAt : null;
}
