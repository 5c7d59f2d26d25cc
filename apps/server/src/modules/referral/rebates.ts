import { REBATE_CURRENCY } from '@nexa/contract';
import { type Money, money, rebateOf, rebateRate, teamLevel } from '@nexa/rules';
import type { BatchOp, Ledger } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import { type Lane, type NewRebate, type RevenueEvent, referralRepository as repo } from './repository.js';
import { asTable, versionAt } from './service.js';

/**
 * Where rebates come from: revenue events read from the rows that record them (the ledger's fee transfers, settled
 * orders), so none is missed whatever happened to the process that made them. Adding a product is one call,
 * `RebateBatches.addSource`, with a name and a reader of its unclaimed events.
 */
export interface RebateSource {
  /** Unique among sources; with the event's id, the event's key in `rebate_events`. */
  name: string;
  /**
   * Oldest first; with `since`, only events of that time or later (a windowed pass), else all of them; only those
   * of the lane's share (`id % of = k`).
   */
  unclaimed(ex: Executor, limit: number, since: Date | null, lane: Lane): Promise<RevenueEvent[]>;
}

const ONE_LANE: Lane = { k: 0, of: 1 };

export const PERPETUAL_FEES: RebateSource = {
  name: 'perp_fee',
  unclaimed: (ex, n, since, lane) => repo.unclaimedFees(ex, n, since, lane),
};
/** Delivery orders on the delivery wallet, and copy orders (delivery orders on the copy wallet). */
export const SETTLED_STAKES: RebateSource = {
  name: 'stake',
  unclaimed: (ex, n, since, lane) => repo.unclaimedStakes(ex, n, since, lane),
};

export interface RebateBatchesDeps {
  db: Executor;
  ledger: Ledger;
  now: () => Date;
  messages?: Pick<MessagePort, 'notifyMany'>;
  /** Events per batch transaction. */
  batchSize?: number;
  /** Batches of one source running side by side, each on its share of the events (default 2). */
  lanes?: number;
}

const DEFAULT_BATCH = 2_500;
const DEFAULT_LANES = 2;

/**
 * Pays rebates in batches: each batch claims a source's unclaimed events (a unique key, so however many nodes run
 * batches each event is claimed once; a racing batch waits for the first to commit, then skips), prices each for
 * the three uplines, and posts the rebates from the `rebates` account to each earner's real spot wallet with their
 * records, all in one transaction: a node that dies mid-batch leaves nothing claimed, and the next batch pays.
 */
export class RebateBatches {
  private readonly sources: RebateSource[] = [PERPETUAL_FEES, SETTLED_STAKES];

  constructor(private readonly d: RebateBatchesDeps) {}

  addSource(source: RebateSource): void {
    if (this.sources.some((s) => s.name === source.name)) throw new Error(`rebate source ${source.name} twice`);
    this.sources.push(source);
  }

  /**
   * Runs batches until every source is drained; returns the rebates paid. With `since`, a windowed pass: only events
   * of that time or later are looked at (the worker's frequent passes), so a batch does not read every event ever
   * claimed; without, every event (a node's first pass and an hourly one, for any that committed late).
   */
  async drain(opts: { since?: Date | null; maxBatches?: number } = {}): Promise<number> {
    let paid = 0;
    const of = this.d.lanes ?? DEFAULT_LANES;
    for (const source of this.sources) {
      // Lanes side by side, each on its share of the events: on PostgreSQL their batches use more than one core,
      // and they meet only on the earners' accounts, which a batch locks for its posting and commit alone.
      await Promise.all(
        Array.from({ length: of }, async (_, k) => {
          for (let i = 0; i < (opts.maxBatches ?? 1000); i++) {
            const r = await this.runBatch(source, opts.since ?? null, { k, of });
            paid += r.paid;
            if (r.events < (this.d.batchSize ?? DEFAULT_BATCH)) break;
          }
        }),
      );
    }
    return paid;
  }

  /** One batch of one source (of one lane's share): the events it found and the rebates it paid. */
  async runBatch(
    source: RebateSource,
    since: Date | null = null,
    lane: Lane = ONE_LANE,
  ): Promise<{ events: number; paid: number }> {
    const limit = this.d.batchSize ?? DEFAULT_BATCH;
    return this.d.db.transaction(async (tx) => {
      const found = await source.unclaimed(tx, limit, since, lane);
      const claimed = await repo.claim(
        tx,
        source.name,
        found.map((e) => e.sourceId),
      );
      const events = found.filter((e) => claimed.has(e.sourceId));
      const rebates = await this.price(tx, source.name, events);
      if (rebates.length > 0) {
        const key = batchKey(source.name, events);
        const earners = perEarner(rebates);
        // Told first: the posting's locks on the earners' accounts are then held only for it and the commit.
        await this.tell(tx, key, earners);
        await this.pay(tx, key, earners);
      }
      return { events: found.length, paid: rebates.length };
    });
  }

  /** The rebates of each event for its uplines at depth 1–3, at the rates of each earner's level. */
  private async price(tx: Executor, source: string, events: RevenueEvent[]): Promise<Omit<NewRebate, 'transferId'>[]> {
    if (events.length === 0) return [];
    const uplines = await repo.uplines(tx, [...new Set(events.map((e) => e.userId))]);
    const earners = new Set<bigint>();
    for (const chain of uplines.values()) for (const e of chain) if (e !== null) earners.add(e);
    const counts = await repo.qualifiedCounts(tx, [...earners]);
    const versions = await repo.tableVersions(tx);
    const now = this.d.now();
    const out: Omit<NewRebate, 'transferId'>[] = [];
    for (const event of events) {
      const version = versionAt(versions, event.atMs);
      const table = asTable(version);
      (uplines.get(event.userId) ?? []).forEach((earnerId, i) => {
        if (earnerId === null) return;
        const [direct, second] = counts.get(earnerId) ?? [0, 0];
        const level = teamLevel(table, direct, second);
        const rate = rebateRate(table, level, i + 1, event.product);
        const rebate = rebateOf(event.base, rate);
        if (rebate.lte(0)) return;
        out.push({
          source,
          sourceId: event.sourceId,
          earnerId,
          sourceUserId: event.userId,
          depth: i + 1,
          product: event.product,
          currency: REBATE_CURRENCY,
          base: event.base,
          rate,
          rebate: rebate.toFixed(),
          level,
          tableVersion: version.version,
          now,
        });
      });
    }
    return out;
  }

  /** One message per earner for the batch, with their sum (the batch's key: no other batch can claim its events). */
  private async tell(tx: Executor, key: string, earners: EarnerSum[]) {
    if (!this.d.messages) return;
    await this.d.messages.notifyMany(
      tx,
      earners.map((s) => ({
        userId: s.earnerId,
        message: {
          key,
          kind: 'referral.rebate' as const,
          params: { amount: s.amount.toFixed(), currency: REBATE_CURRENCY, count: String(s.rebates.length) },
          link: MESSAGE_LINKS.inviteCentre,
        },
      })),
      { live: true },
    );
  }

  /**
   * One transfer per earner for the batch, `rebates` → the earner's real spot wallet, of the sum of their rebates in
   * it; each rebate's record names that transfer, so the transfer is re-derivable as the sum of its records
   * (docs/decisions.md "Rebates at settlement scale"). The records go first, under transfer ids reserved for them:
   * the posting locks the earners' accounts, which every lane's batch credits, so it comes last, just before the
   * commit.
   */
  private async pay(tx: Executor, key: string, earners: EarnerSum[]): Promise<void> {
    const ids = await this.d.ledger.reserveTransferIds(tx, earners.length);
    await repo.insertRebates(
      tx,
      earners.flatMap((s, i) => s.rebates.map((r) => ({ ...r, transferId: ids[i]! }))),
    );
    const ops: BatchOp[] = earners.map((s, i) => ({
      kind: 'transfer',
      id: ids[i]!,
      entry: {
        debit: { system: 'rebates', mode: 'real', currency: REBATE_CURRENCY },
        credit: { userId: s.earnerId, mode: 'real', wallet: 'spot', currency: REBATE_CURRENCY },
        amount: s.amount,
        types: { debit: 'rebate', credit: 'rebate' },
        ref: `${key}:${s.earnerId}`,
      },
    }));
    await this.d.ledger.postBatch(tx, ops);
  }
}

/** A batch's name: its source and the claimed events' range and count, which no other batch can claim again. */
function batchKey(source: string, events: RevenueEvent[]): string {
  const ids = events.map((e) => e.sourceId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `rebate:${source}:${ids[0]}:${ids[ids.length - 1]}:${ids.length}`;
}

type PricedRebate = Omit<NewRebate, 'transferId'>;
interface EarnerSum {
  earnerId: bigint;
  amount: Money;
  rebates: PricedRebate[];
}

/** The rebates grouped by earner (in order of first appearance), with each earner's sum. */
function perEarner(rebates: readonly PricedRebate[]): EarnerSum[] {
  const out = new Map<bigint, EarnerSum>();
  for (const r of rebates) {
    const s = out.get(r.earnerId) ?? { earnerId: r.earnerId, amount: money(0), rebates: [] };
    s.amount = s.amount.plus(r.rebate);
    s.rebates.push(r);
    out.set(r.earnerId, s);
  }
  return [...out.values()];
}
