import type { DashboardData } from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { dashboardRepository as repo } from './dashboard-repository.js';

export interface DashboardDeps {
  db: Executor;
  now: () => Date;
  feedOn: boolean;
  leads: () => { feed: boolean; triggers: boolean };
  /** The newest stored tick's time per priced product (ms). */
  storedTicks: () => Promise<number[]>;
  settlementLagMs: () => Promise<number>;
}

const DAY_MS = 86_400_000;
const ms = (d: Date | string) => new Date(d).getTime();

/** What an operator sees first: what waits, what moved today, what the house made and risks, whether prices flow. */
export async function dashboard(d: DashboardDeps): Promise<DashboardData> {
  const now = d.now();
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const windows = {
    today,
    days7: new Date(today.getTime() - 6 * DAY_MS),
    days30: new Date(today.getTime() - 29 * DAY_MS),
  };
  const [reviews, users, funds, pnl, oi, exposure, ticks, lag] = await Promise.all([
    repo.reviews(d.db),
    repo.users(d.db, today),
    repo.fundsToday(d.db, today),
    repo.housePnl(d.db, windows),
    repo.openInterest(d.db),
    repo.deliveryExposure(d.db),
    d.feedOn ? d.storedTicks() : Promise.resolve([]),
    d.settlementLagMs(),
  ]);
  const leads = d.leads();
  const ticked = ticks.filter((t) => t > 0);
  return {
    reviews: reviews.map((r) => ({
      kind: r.kind,
      waiting: Number(r.waiting),
      oldestAt: r.oldest ? ms(r.oldest) : null,
    })),
    users: { total: Number(users.total), today: Number(users.today) },
    fundsToday: funds.map((f) => ({
      currency: f.currency,
      deposits: Number(f.deposits),
      depositAmount: f.deposit_amount,
      withdrawals: Number(f.withdrawals),
      withdrawalAmount: f.withdrawal_amount,
    })),
    housePnl: pnl,
    openInterest: oi.map((o) => ({ ...o, positions: Number(o.positions) })),
    deliveryExposure: exposure.map((e) => ({
      expiresAt: ms(e.expires_at),
      mode: e.mode,
      orders: Number(e.orders),
      stake: e.stake,
      maxPayout: e.max_payout,
    })),
    feed: {
      on: d.feedOn,
      thisNodeLeadsFeed: leads.feed,
      thisNodeLeadsTriggers: leads.triggers,
      lastTickAgeMs: ticked.length === 0 ? null : Math.max(0, now.getTime() - Math.min(...ticked)),
    },
    settlementLagMs: Math.round(lag),
    at: now.getTime(),
  };
}
