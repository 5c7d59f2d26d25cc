import { REBATE_CURRENCY, type ReferralTable } from '@nexa/contract';
import { type Money, money, rebateOf, rebateRate, teamLevel } from '@nexa/rules';
import type { BatchOp, Ledger } from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import {
  type Lane,
  type NewRebate,
  type RevenueEvent,
  type TableVersionRow,
  referralRepository as repo,
  stakeProduct,
} from './repository.js';
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

/** A delivery order as settlement hands it over (the fields its turnover rebate needs). */
export interface SettledStake {
  id: string;
  userId: string;
  mode: string;
  wallet: string;
  status: string;
  stake: string;
  settledAt: Date | string | null;
}

/**
 * The revenue event of a settled order, if it earns rebates: real money settled as won or lost (a draw or a refund
 * is no turnover); `unclaimedStakes` selects the same orders in SQL.
 */
export function stakeEvent(o: SettledStake): RevenueEvent | null {
  if (o.mode !== 'real' || (o.status !== 'won' && o.status !== 'lost') || o.settledAt === null) return null;
  return {
    sourceId: BigInt(o.id),
    userId: BigInt(o.userId),
    product: stakeProduct(o.wallet),
    base: o.stake,
    atMs: o.settledAt instanceof Date ? o.settledAt.getTime() : new Date(o.settledAt).getTime(),
  };
}

export interface RebateBatchesDeps {
  db: Executor;
  ledger: Ledger;
  now: () => Date;
  log?: { error(obj: object, msg: string): void };
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
      return { events: found.length, paid: await this.payEvents(tx, source.name, found) };
    });
  }

  /**
   * In a delivery settlement batch's transaction, after every other part of it: the rebates of the real stakes it
   * settled as won or lost, claimed as a batch claims its events (the worker's stake batches then skip them). Paid
   * with the settlement, they need no batch of their own after it: no second read of the orders, no transaction
   * more, no wait for the settlement to commit first (docs/decisions.md, session 31). The earners' spot wallets are
   * the last accounts it locks: settlement and its other hooks move delivery and copy wallets only. Pricing that
   * fails (a table the rules cannot read) claims nothing and is logged: the settlement commits, and the worker's
   * stake batches are left to pay them once it can.
   */
  paySettled(tx: Executor, orders: readonly SettledStake[]): Promise<number> {
    const events = orders.flatMap((o) => {
      const event = stakeEvent(o);
      return event ? [event] : [];
    });
    return this.payEvents(tx, SETTLED_STAKES.name, events, (err) =>
      this.d.log?.error({ err }, 'rebates: pricing a settlement batch failed; the rebate batches will pay it'),
    );
  }

  /**
   * Prices the events for their uplines, claims those no other batch claimed first, and pays them; the rebates paid.
   * With `onPricingError`, a pricing rule that throws ends it there, nothing claimed; without, the error is thrown.
   */
  private async payEvents(
    tx: Executor,
    source: string,
    found: readonly RevenueEvent[],
    onPricingError?: (err: unknown) => void,
  ): Promise<number> {
    if (found.length === 0) return 0;
    const inputs = await this.pricingInputs(tx, found);
    let priced: PricedRebate[];
    try {
      priced = priceEvents(found, inputs);
    } catch (err) {
      if (!onPricingError) throw err;
      onPricingError(err);
      return 0;
    }
    const claimed = await repo.claim(
      tx,
      source,
      found.map((e) => e.sourceId),
    );
    const events = found.filter((e) => claimed.has(e.sourceId));
    const rebates = priced.filter((r) => claimed.has(r.sourceId));
    if (rebates.length > 0) {
      const key = batchKey(source, events);
      const earners = perEarner(rebates);
      // Told first: the posting's locks on the earners' accounts are then held only for it and the commit.
      await this.tell(tx, key, earners);
      await this.pay(tx, source, key, earners);
    }
    return rebates.length;
  }

  /** What pricing the events reads: each user's three uplines, the earners' qualified counts, the table versions. */
  private async pricingInputs(tx: Executor, events: readonly RevenueEvent[]): Promise<PricingInputs> {
    const uplines = await repo.uplines(tx, [...new Set(events.map((e) => e.userId))]);
    const earners = new Set<bigint>();
    for (const chain of uplines.values()) for (const e of chain) if (e !== null) earners.add(e);
    const counts = await repo.qualifiedCounts(tx, [...earners]);
    const versions = await repo.tableVersions(tx);
    return { uplines, counts, versions };
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
  private async pay(tx: Executor, source: string, key: string, earners: EarnerSum[]): Promise<void> {
    const ids = await this.d.ledger.reserveTransferIds(tx, earners.length);
    await repo.insertRebates(
      tx,
      { source, currency: REBATE_CURRENCY, at: this.d.now() },
      earners.flatMap((s, i) =>
        s.rebates.map(({ amount, ...r }) => ({ ...r, rebate: amount.toFixed(), transferId: ids[i]! })),
      ),
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

interface PricingInputs {
  uplines: Map<bigint, (bigint | null)[]>;
  counts: Map<bigint, [number, number]>;
  versions: TableVersionRow[];
}

/** The rebates of each event for its uplines at depth 1–3, at the rates of each earner's level (no I/O). */
function priceEvents(events: readonly RevenueEvent[], { uplines, counts, versions }: PricingInputs): PricedRebate[] {
  // An earner's level under a table version, worked out once per batch (thousands of events share a few earners).
  const levels = new Map<TableVersionRow, Map<bigint, number>>();
  const levelOf = (version: TableVersionRow, table: ReferralTable, earnerId: bigint) => {
    const known = levels.get(version) ?? new Map<bigint, number>();
    levels.set(version, known);
    let level = known.get(earnerId);
    if (level === undefined) {
      const [direct, second] = counts.get(earnerId) ?? [0, 0];
      level = teamLevel(table, direct, second);
      known.set(earnerId, level);
    }
    return level;
  };
  const out: PricedRebate[] = [];
  for (const event of events) {
    const version = versionAt(versions, event.atMs);
    const table = asTable(version);
    (uplines.get(event.userId) ?? []).forEach((earnerId, i) => {
      if (earnerId === null) return;
      const level = levelOf(version, table, earnerId);
      const rate = rebateRate(table, level, i + 1, event.product);
      const rebate = rebateOf(event.base, rate);
      if (rebate.lte(0)) return;
      out.push({
        sourceId: event.sourceId,
        earnerId,
        sourceUserId: event.userId,
        depth: i + 1,
        product: event.product,
        base: event.base,
        rate,
        amount: rebate,
        level,
        tableVersion: version.version,
      });
    });
  }
  return out;
}

/** A batch's name: its source and the claimed events' range and count, which no other batch can claim again. */
function batchKey(source: string, events: readonly RevenueEvent[]): string {
  const ids = events.map((e) => e.sourceId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `rebate:${source}:${ids[0]}:${ids[ids.length - 1]}:${ids.length}`;
}

/** A rebate priced, before its batch reserves the transfer that pays it. */
type PricedRebate = Omit<NewRebate, 'transferId' | 'rebate'> & { amount: Money };
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
    s.amount = s.amount.plus(r.amount);
    s.rebates.push(r);
    out.set(r.earnerId, s);
  }
  return [...out.values()];
}
