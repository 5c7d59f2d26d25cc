/**
 * Freshness of the market WebSocket's channels (ws-client.ts): a price on screen must never look current when it
 * is not. A channel is `stale` once it has been silent for longer than its feed ever is (tickers: 3 s; the server
 * sends every product's ticker at least once a second), and every channel is `reconnecting` while the connection
 * is down. Views read it through lib/use-freshness.ts and grey their prices; money actions that quote a live
 * price refuse to confirm on a stale one.
 */
import type { Cancel, Schedule } from './async';
import type { ConnectionStatus, Freshness } from './market-ws-protocol';

/**
 * How long a channel may be silent before what it showed is stale. Only `tickers` has a floor under its rate (the
 * feed moves every product at least once a second); a quiet book, candle, tape or user is not a stale one, so the
 * others turn stale only while the connection is down.
 */
const STALE_AFTER_MS: Record<string, number> = { tickers: 3_000 };

export function staleAfterMs(channel: string): number | undefined {
  return STALE_AFTER_MS[channel];
}

/** How often freshness is checked against the clock while anyone watches it. */
export const FRESHNESS_CHECK_MS = 500;

export interface FreshnessDeps {
  schedule: Schedule;
  now: () => number;
  status: () => ConnectionStatus;
  /** When the channel last delivered a frame (or got its first listener); undefined while nobody listens. */
  lastFrameAt: (channel: string) => number | undefined;
}

/** What `channel` is worth right now. A channel nobody listens to shows nothing, so it is not stale. */
export function freshnessOf(deps: FreshnessDeps, channel: string): Freshness {
  if (deps.status() === 'reconnecting') return 'reconnecting';
  const at = deps.lastFrameAt(channel);
  const limit = staleAfterMs(channel);
  if (at === undefined || limit === undefined) return 'live';
  return deps.now() - at > limit ? 'stale' : 'live';
}

/**
 * The freshness of the channels views asked about, kept so that a read between two changes returns the same
 * value (React's useSyncExternalStore), and re-checked on the clock, on every status change and on the first
 * frame of a stale channel; watchers are told when any of them changed.
 */
export class FreshnessWatch {
  private readonly known = new Map<string, Freshness>();
  private readonly watchers = new Set<() => void>();
  private cancelCheck: Cancel | null = null;
  private readonly deps: FreshnessDeps;

  constructor(deps: FreshnessDeps) {
    this.deps = deps;
  }

  of(channel: string): Freshness {
    let value = this.known.get(channel);
    if (value === undefined) {
      value = freshnessOf(this.deps, channel);
      this.known.set(channel, value);
    }
    return value;
  }

  watch(watcher: () => void): () => void {
    this.watchers.add(watcher);
    this.arm();
    return () => {
      this.watchers.delete(watcher);
      if (this.watchers.size > 0) return;
      this.cancelCheck?.();
      this.cancelCheck = null;
    };
  }

  /** A frame arrived on `channel`: a stale one is live again at once. */
  framed(channel: string) {
    const value = this.known.get(channel);
    if (value !== undefined && value !== 'live') this.check();
  }

  /** Re-reads every known channel and tells the watchers when any changed. */
  check() {
    let changed = false;
    for (const [channel, before] of this.known) {
      const now = freshnessOf(this.deps, channel);
      if (now === before) continue;
      this.known.set(channel, now);
      changed = true;
    }
    if (changed) for (const w of [...this.watchers]) w();
  }

  stop() {
    this.watchers.clear();
    this.cancelCheck?.();
    this.cancelCheck = null;
  }

  private arm() {
    if (this.cancelCheck) return;
    this.cancelCheck = this.deps.schedule(() => {
      this.cancelCheck = null;
      this.check();
      if (this.watchers.size > 0) this.arm();
    }, FRESHNESS_CHECK_MS);
  }
}
