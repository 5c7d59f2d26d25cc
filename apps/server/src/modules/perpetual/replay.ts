import { money } from '@nexa/rules';
import type { Tick } from '../market/index.js';
import { type Trigger, TriggerIndex } from './trigger-index.js';

/**
 * Catching up after a gap (issue 12 item 5): the rule for which stored ticks fire which resting triggers when the
 * engine did not hear them live (a new leader, a restart, a reconnect, a bus outage, an event-loop stall). Pure:
 * the engine reads the ticks and acts on what this returns, re-checking each in its own transaction as for a live
 * tick, so a crossing fills at the price rules of the live path (a limit at its limit, TP/SL and liquidation at
 * the crossing tick's price): always a price the ticks table shows or a limit it shows was reached.
 */

/** A resting trigger and the moment (epoch ms) its position's or order's current state was written. */
export interface ArmedTrigger {
  trigger: Trigger;
  armedAt: number;
}

/** The stored tick at which a trigger was first reached or passed. */
export interface Crossing {
  trigger: Trigger;
  tick: Tick;
}

/**
 * The prices that can fire any of `triggers` (one product's): at or above the lowest `up` level, or at or below
 * the highest `down` one. A tick strictly between the two fires nothing, so the engine reads only ticks beyond
 * them (in a calm market, none). Undefined sides have no trigger. Compared as exact decimals.
 */
export function replayBand(triggers: Iterable<Trigger>): { atOrAbove?: string; atOrBelow?: string } {
  let atOrAbove: string | undefined;
  let atOrBelow: string | undefined;
  for (const t of triggers) {
    if (t.side === 'up' && (atOrAbove === undefined || money(t.level).lt(atOrAbove))) atOrAbove = t.level;
    if (t.side === 'down' && (atOrBelow === undefined || money(t.level).gt(atOrBelow))) atOrBelow = t.level;
  }
  return { ...(atOrAbove === undefined ? {} : { atOrAbove }), ...(atOrBelow === undefined ? {} : { atOrBelow }) };
}

/**
 * Which stored ticks fire which triggers, in tick order: walking `ticks` oldest first, a trigger takes part from
 * the first tick strictly after its `armedAt` (a tick from before a limit was placed or a TP was set cannot fill
 * it) and fires at the first tick that reaches or passes its level, by the same index rule as a live tick. Each
 * trigger fires at most once.
 */
export function replayCrossings(armed: Iterable<ArmedTrigger>, ticks: readonly Tick[]): Crossing[] {
  const waiting = [...armed].sort((a, b) => a.armedAt - b.armedAt);
  const sorted = [...ticks].sort((a, b) => a.ts - b.ts);
  const index = new TriggerIndex();
  const out: Crossing[] = [];
  let next = 0;
  for (const tick of sorted) {
    while (next < waiting.length && waiting[next]!.armedAt < tick.ts) index.add(waiting[next++]!.trigger);
    for (const trigger of index.fire(tick.symbol, Number.parseFloat(tick.price))) out.push({ trigger, tick });
  }
  return out;
}

/**
 * The positions and orders to act on, each once, at its first crossing (`o:7`, `p:12`: the engine's refs). A
 * position's later crossings (its stop-loss after its take-profit) are moot once the first closes it; one that
 * is still open after acting (a crossing not exact in decimals) waits for the next live tick.
 */
export function firstCrossingPerRef(crossings: readonly Crossing[]): { ref: string; tick: Tick }[] {
  const seen = new Set<string>();
  const out: { ref: string; tick: Tick }[] = [];
  for (const { trigger, tick } of crossings) {
    const ref = `${trigger.kind === 'limit' ? 'o' : 'p'}:${trigger.ref}`;
    if (seen.has(ref)) continue;
    seen.add(ref);
    out.push({ ref, tick });
  }
  return out;
}
