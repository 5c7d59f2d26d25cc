import {
  CURRENCIES,
  CURRENCY_CODES,
  type CoinData,
  type ConvertRecord,
  type Currency,
  SLIPPAGE_MAX_PERCENT,
  type SdQuoteBody,
  type SdQuoteData,
  type SdRecData,
  type SdSubmitBody,
} from '@nexa/contract';
import { convertRate, convertReceive, slippageFloor } from '@nexa/rules';
import {
  type Entry,
  InsufficientFunds,
  type Ledger,
  type Money,
  type Posted,
  fitsScale,
  formatAmount,
  money,
  scaleOf,
} from '../../ledger/index.js';
import type { Executor } from '../../platform/db.js';
import { invalid, refused } from '../../platform/errors.js';
import { type Actor, runMoneyCall } from '../../platform/money-call.js';
import type { RateSource } from './rates.js';
import { type ConvertRow, convertRepository as repo } from './repository.js';

export interface ConvertDeps {
  db: Executor;
  ledger: Ledger;
  rates: RateSource;
  now: () => Date;
  /** A price older than this is not traded on. */
  maxPriceAgeMs?: number;
}

export const DEFAULT_MAX_PRICE_AGE_MS = 10_000;
const SLIPPAGE_DEFAULT = '0.5';

/**
 * Convert between spot currencies of the user's current account (spec §2 Convert, §9): at the market rate now,
 * refused when that is worse than the rate the user accepted less their slippage, never mixing real and demo.
 */
export class ConvertService {
  private readonly maxAgeMs: number;

  constructor(private readonly d: ConvertDeps) {
    this.maxAgeMs = d.maxPriceAgeMs ?? DEFAULT_MAX_PRICE_AGE_MS;
  }

  /** Spot currencies with a current USDT rate; a currency without a fresh price is left out, not guessed. */
  async coins(): Promise<CoinData> {
    const prices = await Promise.all(CURRENCY_CODES.map((currency) => this.freshPrice(currency, this.d.db)));
    const list = CURRENCY_CODES.flatMap((currency, i) => {
      const price = prices[i];
      return price ? [{ currency, rate: price.toFixed(), scale: scaleOf(currency) }] : [];
    });
    return { list, slippageMax: SLIPPAGE_MAX_PERCENT, slippageDefault: SLIPPAGE_DEFAULT };
  }

  async quote(body: SdQuoteBody): Promise<SdQuoteData> {
    const amount = checkAmount(body, true);
    const rate = await this.rateOf(body.fromCurrency, body.toCurrency, this.d.db);
    return {
      fromCurrency: body.fromCurrency,
      toCurrency: body.toCurrency,
      amount: formatAmount(amount, body.fromCurrency),
      rate: rate.toFixed(),
      receive: formatAmount(receiveOf(amount, rate, body.toCurrency), body.toCurrency),
      quotedAt: this.d.now().getTime(),
    };
  }

  /**
   * One transaction, once per requestId: user spot `from` → house, house → user spot `to`. The price is read
   * after the request is claimed, so a repeat returns the first fill rather than pricing again.
   */
  async submit(actor: Actor, body: SdSubmitBody): Promise<ConvertRecord> {
    const amount = checkAmount(body, false);
    const quotedRate = money(body.rate);
    if (quotedRate.lte(0)) throw invalid([{ field: 'rate', reason: 'invalid' }]);
    const slippage = money(body.slippage);
    const userId = actor.userId;
    const { mode } = actor;
    const { requestId, fromCurrency, toCurrency } = body;
    const input = {
      fromCurrency,
      toCurrency,
      amount: amount.toFixed(),
      slippage: slippage.toFixed(),
      rate: quotedRate.toFixed(),
    };
    const call = {
      actor,
      wallet: 'spot' as const,
      scope: 'index/sdSubmit',
      requestId,
      input,
      reserve: 'convert_orders' as const,
    };
    return runMoneyCall(this.d, call, async (tx, _raise, reserved) => {
      const rate = await this.rateOf(fromCurrency, toCurrency, tx);
      // The least the user agreed to: their rate less the slippage. A better current rate is theirs.
      const floor = slippageFloor(quotedRate, slippage);
      if (rate.lt(floor)) {
        throw refused('convert.priceMoved', { slippage: slippage.toFixed() }, { rate: rate.toFixed() });
      }
      const receive = receiveOf(amount, rate, toCurrency);
      if (receive.lte(0)) throw refused('convert.receiveTooSmall');
      const id = reserved!;
      const ref = `convert_order:${id}`;
      try {
        const outEntry: Entry = {
          debit: { userId, mode, wallet: 'spot', currency: fromCurrency },
          credit: { system: 'house', mode, currency: fromCurrency },
          amount,
          types: { debit: 'convert_out', credit: 'convert_out' },
          ref,
        };
        const inEntry: Entry = {
          debit: { system: 'house', mode, currency: toCurrency },
          credit: { userId, mode, wallet: 'spot', currency: toCurrency },
          amount: receive,
          types: { debit: 'convert_in', credit: 'convert_in' },
          ref,
        };
        // Accounts are locked currency by currency in one fixed order, so two opposite converts (even of
        // different users, through the shared house shards) never wait on each other in a circle.
        let out: Posted;
        let got: Posted;
        if (fromCurrency < toCurrency) {
          out = await this.d.ledger.transfer(tx, outEntry);
          got = await this.d.ledger.transfer(tx, inEntry);
        } else {
          got = await this.d.ledger.transfer(tx, inEntry);
          out = await this.d.ledger.transfer(tx, outEntry);
        }
        const row = await repo.insert(tx, {
          id,
          userId,
          mode,
          requestId,
          currencyOut: fromCurrency,
          amountOut: amount.toFixed(),
          beforeOut: out.debit.availableBefore,
          afterOut: out.debit.availableAfter,
          currencyIn: toCurrency,
          amountIn: receive.toFixed(),
          beforeIn: got.credit.availableBefore,
          afterIn: got.credit.availableAfter,
          rate: rate.toFixed(),
          quotedRate: quotedRate.toFixed(),
          slippage: slippage.toFixed(),
          transferOutId: out.transferId,
          transferInId: got.transferId,
          now: this.d.now(),
        });
        return toRecord(row);
      } catch (err) {
        if (err instanceof InsufficientFunds) throw refused('money.insufficient');
        throw err;
      }
    });
  }

  async records(actor: Actor, page: number, pageSize: number): Promise<SdRecData> {
    const { total, list } = await repo.page(this.d.db, actor.userId, actor.mode, pageSize, (page - 1) * pageSize);
    return { list: list.map(toRecord), total, page, pageSize };
  }

  /** `to` received per one `from`, now; refused when either price is missing or stale. */
  private async rateOf(from: Currency, to: Currency, ex: Executor): Promise<Money> {
    const pFrom = await this.freshPrice(from, ex);
    if (!pFrom) throw refused('convert.priceUnavailable', { currency: from });
    const pTo = await this.freshPrice(to, ex);
    if (!pTo) throw refused('convert.priceUnavailable', { currency: to });
    const rate = convertRate(pFrom, pTo);
    if (rate.lte(0)) throw refused('convert.priceUnavailable', { currency: to });
    return rate;
  }

  private async freshPrice(currency: Currency, ex: Executor): Promise<Money | undefined> {
    const q = await this.d.rates.usdtQuote(currency, ex, this.maxAgeMs);
    if (!q || !q.price.isFinite() || q.price.lte(0)) return undefined;
    return this.d.now().getTime() - q.ts > this.maxAgeMs ? undefined : q.price;
  }
}

/** The receive amount: rounded DOWN to the currency's decimals. */
function receiveOf(amount: Money, rate: Money, to: Currency): Money {
  return convertReceive(amount, rate, CURRENCIES[to].scale);
}

function checkAmount(body: { fromCurrency: Currency; toCurrency: Currency; amount: string }, allowZero: boolean) {
  if (body.fromCurrency === body.toCurrency) throw refused('convert.sameCurrency');
  const amount = money(body.amount);
  if (amount.isNeg() || (!allowZero && amount.isZero())) throw invalid([{ field: 'amount', reason: 'invalid' }]);
  if (!fitsScale(amount, body.fromCurrency)) {
    throw refused('money.tooManyDecimals', { decimals: scaleOf(body.fromCurrency) });
  }
  return amount;
}

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());

function toRecord(r: ConvertRow): ConvertRecord {
  const out = r.currency_out as Currency;
  const inC = r.currency_in as Currency;
  return {
    id: r.id,
    mode: r.mode,
    currencyOut: out,
    walletOut: 'spot',
    amountOut: formatAmount(r.amount_out, out),
    beforeOut: formatAmount(r.before_out, out),
    afterOut: formatAmount(r.after_out, out),
    currencyIn: inC,
    walletIn: 'spot',
    amountIn: formatAmount(r.amount_in, inC),
    beforeIn: formatAmount(r.before_in, inC),
    afterIn: formatAmount(r.after_in, inC),
    rate: r.rate,
    quotedRate: r.quoted_rate,
    slippage: r.slippage,
    createdAt: ms(r.created_at),
  };
}
