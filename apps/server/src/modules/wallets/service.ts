import {
  CHANGE_TYPES,
  type ChangeType,
  type Currency,
  type DemoMoneyData,
  type DenominationsData,
  EARNING_CHANGE_TYPES,
  type MoneyData,
  type MoneyLog,
  type MoneyLogsData,
  type MoneyLogsOptionsData,
  type PropertyData,
  QUOTE_CURRENCY,
  type TransferRecord,
  type TransferTypeData,
  WALLETS,
  type Wallet,
  type WalletBalance,
  type ZyRecData,
  type ZySubmitBody,
  walletCurrencies,
} from '@nexa/contract';
import {
  InsufficientFunds,
  type Ledger,
  type Money,
  ZERO,
  fitsScale,
  format2,
  formatAmount,
  money,
  scaleOf,
} from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { invalid, refused } from '../../platform/errors.js';
import type { CallContext } from '../../platform/http.js';
import { t } from '../../platform/i18n/translate.js';
import { lookupOutcome } from '../../platform/idempotency/index.js';
import { type Actor, runMoneyCall } from '../../platform/money-call.js';
import type { PriceSource } from '../../platform/prices.js';
import { type ChangeFilter, type ChangeRow, type WalletTransferRow, walletsRepository as repo } from './repository.js';

export interface WalletsDeps {
  db: Executor;
  ledger: Ledger;
  prices: PriceSource;
  /** Demo assets granted per claim, in the quote currency. */
  /** Read on every claim: operators change it (issue 17). */
  demoAmount: () => Money;
  now: () => Date;
}

/** Wallet balances, transfers between a user's wallets, demo assets and the account change log. */
export class WalletsService {
  constructor(private readonly d: WalletsDeps) {}

  async property(actor: Actor, denomination: string): Promise<PropertyData> {
    const { rate } = await this.rate(denomination);
    const wallets = await this.walletBalances(actor, rate);
    const totalUsdt = wallets.reduce((sum, w) => sum.plus(w.valueUsdt), ZERO);
    const earnings = await this.todayEarningsUsdt(actor);
    return {
      mode: actor.mode,
      denomination,
      rate: rate.toFixed(),
      totalUsdt: format2(totalUsdt),
      total: format2(totalUsdt.times(rate)),
      todayEarningsUsdt: format2(earnings),
      todayEarnings: format2(earnings.times(rate)),
      wallets,
    };
  }

  async money(actor: Actor, wallet: Wallet, denomination: string): Promise<MoneyData> {
    const { rate } = await this.rate(denomination);
    const wallets = await this.walletBalances(actor, rate);
    return { ...wallets.find((w) => w.wallet === wallet)!, mode: actor.mode, denomination };
  }

  transferTypes(): TransferTypeData {
    return { wallets: WALLETS.map((wallet) => ({ wallet, currencies: [...walletCurrencies(wallet)] })) };
  }

  /** Moves money between two of the user's wallets in the current mode: one transaction, once per requestId. */
  async transfer(actor: Actor, body: ZySubmitBody, ctx: CallContext): Promise<TransferRecord> {
    const amount = money(body.amount);
    if (amount.lte(0)) throw invalid([{ field: 'amount', reason: 'invalid' }]);
    if (!fitsScale(amount, body.currency)) {
      throw refused('money.tooManyDecimals', { decimals: scaleOf(body.currency) });
    }
    if (body.from === body.to) throw refused('money.sameWallet');
    for (const wallet of [body.from, body.to]) {
      if (!walletCurrencies(wallet).includes(body.currency)) {
        throw refused('money.currencyNotInWallet', {
          currency: body.currency,
          wallet: t(ctx.lang, `wallet.${wallet}`),
        });
      }
    }
    const userId = actor.userId;
    const { requestId, ...rest } = body;
    const call = {
      actor,
      wallet: body.from,
      scope: 'index/zySubmit',
      requestId,
      input: { ...rest, amount: amount.toFixed() },
      reserve: 'wallet_transfers' as const,
    };
    return runMoneyCall(this.d, call, async (tx, _raise, reserved) => {
      const id = reserved!;
      const posted = await this.moveOrRefuse(() =>
        this.d.ledger.transfer(tx, {
          debit: { userId, mode: actor.mode, wallet: body.from, currency: body.currency },
          credit: { userId, mode: actor.mode, wallet: body.to, currency: body.currency },
          amount,
          types: { debit: 'transfer_out', credit: 'transfer_in' },
          ref: `wallet_transfer:${id}`,
        }),
      );
      const row = await repo.insertWalletTransfer(tx, {
        id,
        userId,
        mode: actor.mode,
        currency: body.currency,
        amount: amount.toFixed(),
        fromWallet: body.from,
        toWallet: body.to,
        fromBefore: posted.debit.availableBefore,
        fromAfter: posted.debit.availableAfter,
        toBefore: posted.credit.availableBefore,
        toAfter: posted.credit.availableAfter,
        transferId: posted.transferId,
        now: this.d.now(),
      });
      return toTransferRecord(row);
    });
  }

  /** What became of one of the user's money calls whose answer was lost (a timeout): see `lookupOutcome`. */
  outcome(actor: Actor, requestId: string) {
    return lookupOutcome(this.d.db, actor.userId, requestId);
  }

  async transfers(actor: Actor, page: number, pageSize: number): Promise<ZyRecData> {
    const { total, list } = await repo.pageWalletTransfers(
      this.d.db,
      actor.userId,
      actor.mode,
      pageSize,
      (page - 1) * pageSize,
    );
    return { list: list.map(toTransferRecord), total, page, pageSize };
  }

  /** Demo assets: demo mode only, once per calendar month (UTC), into the demo spot wallet. */
  async claimDemo(actor: Actor, requestId: string): Promise<DemoMoneyData> {
    if (actor.mode !== 'demo') throw refused('demo.onlyInDemo');
    const userId = actor.userId;
    const now = this.d.now();
    const month = now.toISOString().slice(0, 7);
    const next = nextMonthStart(now);
    const refuseClaimed = () =>
      refused('demo.alreadyClaimed', { date: next.toISOString().slice(0, 10) }, { nextClaimAt: next.getTime() });
    const amount = this.d.demoAmount();
    const call = { actor, wallet: 'spot' as const, scope: 'user/getDemoMoney', requestId, input: { month } };
    // The key first, as in every money call: a repeat of a successful claim answers with its first result.
    return runMoneyCall(this.d, call, async (tx) => {
      if (await repo.hasDemoClaim(tx, userId, month)) throw refuseClaimed();
      const posted = await this.d.ledger.transfer(tx, {
        debit: { system: 'demo_faucet', mode: 'demo', currency: QUOTE_CURRENCY },
        credit: { userId, mode: 'demo', wallet: 'spot', currency: QUOTE_CURRENCY },
        amount,
        types: { debit: 'demo_claim', credit: 'demo_claim' },
        ref: `demo_claim:${userId}:${month}`,
      });
      const claimed = await repo.insertDemoClaim(tx, {
        userId,
        month,
        currency: QUOTE_CURRENCY,
        amount: amount.toFixed(),
        transferId: posted.transferId,
        now,
      });
      // A concurrent claim for the same month won: roll this one back.
      if (!claimed) throw refuseClaimed();
      return { currency: QUOTE_CURRENCY, amount: formatAmount(amount, QUOTE_CURRENCY), nextClaimAt: next.getTime() };
    });
  }

  moneyLogOptions(): MoneyLogsOptionsData {
    return { types: [...CHANGE_TYPES], wallets: [...WALLETS] };
  }

  async moneyLogs(actor: Actor, filter: ChangeFilter, page: number, pageSize: number): Promise<MoneyLogsData> {
    if (filter.startMs !== undefined && filter.endMs !== undefined && filter.endMs < filter.startMs) {
      throw invalid([{ field: 'end', reason: 'invalid' }]);
    }
    const { total, list } = await repo.pageChanges(
      this.d.db,
      actor.userId,
      actor.mode,
      filter,
      pageSize,
      (page - 1) * pageSize,
    );
    return { list: list.map(toMoneyLog), total, page, pageSize };
  }

  async denominations(): Promise<DenominationsData> {
    const rows = await repo.fiatRates(this.d.db);
    return { list: rows.map((r) => ({ code: r.code, symbol: r.symbol, rate: money(r.rate).toFixed() })) };
  }

  private async rate(denomination: string): Promise<{ rate: Money }> {
    const rates = await repo.fiatRates(this.d.db);
    const found = rates.find((r) => r.code === denomination);
    if (!found) throw invalid([{ field: 'denomination', reason: 'invalid' }]);
    return { rate: money(found.rate) };
  }

  private async walletBalances(actor: Actor, rate: Money): Promise<WalletBalance[]> {
    const rows = await this.d.ledger.balances(this.d.db, actor.userId, actor.mode);
    return WALLETS.map((wallet) => {
      const currencies = walletCurrencies(wallet).map((currency) => {
        const row = rows.find((r) => r.wallet === wallet && r.currency === currency);
        const available = money(row?.available ?? 0);
        const frozen = money(row?.frozen ?? 0);
        const price = this.d.prices.usdtPrice(currency) ?? ZERO;
        return {
          currency,
          available: formatAmount(available, currency),
          frozen: formatAmount(frozen, currency),
          valueUsdt: available.plus(frozen).times(price),
          availableUsdt: available.times(price),
          frozenUsdt: frozen.times(price),
        };
      });
      const sum = (k: 'valueUsdt' | 'availableUsdt' | 'frozenUsdt') => currencies.reduce((s, c) => s.plus(c[k]), ZERO);
      return {
        wallet,
        availableUsdt: format2(sum('availableUsdt')),
        frozenUsdt: format2(sum('frozenUsdt')),
        valueUsdt: format2(sum('valueUsdt')),
        value: format2(sum('valueUsdt').times(rate)),
        currencies: currencies.map((c) => ({
          currency: c.currency,
          available: c.available,
          frozen: c.frozen,
          valueUsdt: format2(c.valueUsdt),
        })),
      };
    });
  }

  private async todayEarningsUsdt(actor: Actor): Promise<Money> {
    const now = this.d.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const sums = await repo.sumChanges(this.d.db, actor.userId, actor.mode, EARNING_CHANGE_TYPES, midnight);
    return sums.reduce(
      (s, r) => s.plus(money(r.total).times(this.d.prices.usdtPrice(r.currency as Currency) ?? ZERO)),
      ZERO,
    );
  }

  private async moveOrRefuse<T>(move: () => Promise<T>): Promise<T> {
    try {
      return await move();
    } catch (err) {
      if (err instanceof InsufficientFunds) throw refused('money.insufficient');
      throw err;
    }
  }
}

function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());

function toTransferRecord(r: WalletTransferRow): TransferRecord {
  const currency = r.currency as Currency;
  const f = (v: string) => formatAmount(v, currency);
  return {
    id: r.id,
    mode: r.mode,
    amount: f(r.amount),
    currencyOut: currency,
    walletOut: r.from_wallet as Wallet,
    beforeOut: f(r.from_before),
    afterOut: f(r.from_after),
    currencyIn: currency,
    walletIn: r.to_wallet as Wallet,
    beforeIn: f(r.to_before),
    afterIn: f(r.to_after),
    createdAt: ms(r.created_at),
  };
}

function toMoneyLog(r: ChangeRow): MoneyLog {
  const currency = r.currency as Currency;
  const f = (v: string) => formatAmount(v, currency);
  return {
    id: r.id,
    type: r.type as ChangeType,
    wallet: r.wallet as Wallet,
    currency,
    amount: f(r.amount),
    balanceBefore: f(r.balance_before),
    balanceAfter: f(r.balance_after),
    frozenChange: f(r.frozen_change),
    ref: r.ref,
    createdAt: ms(r.created_at),
  };
}
