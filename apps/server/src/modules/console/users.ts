import {
  type AdminUserDetail,
  type AdminUserSummary,
  type Currency,
  type DeliveryOrder,
  type PerpPosition,
  QUOTE_CURRENCY,
  type SessionRevocation,
  maskBankAccount,
} from '@nexa/contract';
import { formatAmount, money, usdt } from '@nexa/rules';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { AuthOperator } from '../../platform/http.js';
import { recordAudit } from '../../platform/review.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import { type UserRow, consoleRepository as repo } from './repository.js';

export interface ConsoleUsersDeps {
  db: Executor;
  now: () => Date;
  /**
   * Tells every node's sockets that these sessions are over (the auth module's bus topic): best effort, never rejects
   * (`revocationPublisher` logs a failure).
   */
  sessionsRevoked: (r: SessionRevocation) => Promise<void>;
  /** A position's live figures as its owner sees them (the perpetual module's one computation of them). */
  positionFigures: (p: PositionTerms) => Pick<PerpPosition, 'markPrice' | 'unrealizedPnl' | 'liquidationPrice'>;
  /** Delivery orders as their owners see them, by id (the delivery module's view: profit and payout). */
  deliveryOrders: (ids: readonly string[]) => Promise<Map<string, DeliveryOrder>>;
  /** Tells a user their withdrawals were paused or resumed (a login freeze needs no message: they cannot read it). */
  messages?: MessagePort;
}

/** What a position's figures are computed from. */
export interface PositionTerms {
  symbol: string;
  side: 'long' | 'short';
  quantity: string;
  contractSize: string;
  entryPrice: string;
  margin: string;
  status: 'open' | 'closed' | 'liquidated';
}

const ms = (d: Date | string) => new Date(d).getTime();
const pageArgs = (b: { page: number; pageSize: number }) => [b.pageSize, (b.page - 1) * b.pageSize] as const;
const paged = <R, T>(b: { page: number; pageSize: number }, p: { total: number; list: R[] }, f: (r: R) => T) => ({
  list: p.list.map(f),
  total: p.total,
  page: b.page,
  pageSize: b.pageSize,
});

/**
 * Users as support sees them: search, a user's profile with balances (read only: a balance is never edited
 * here), the change log, orders, positions, deposits and withdrawals; and the actions, each audited with its
 * reason in the same transaction: freeze or unfreeze logins or withdrawals, revoke sessions, reset 2FA.
 */
export class ConsoleUsers {
  constructor(private readonly d: ConsoleUsersDeps) {}

  async search(b: { q: string; page: number; pageSize: number }) {
    return paged(b, await repo.searchUsers(this.d.db, b.q.trim(), ...pageArgs(b)), summaryOf);
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const { db, now } = this.d;
    const row = await repo.user(db, userId);
    if (!row) throw notFound();
    const [verifications, balances, addresses, bank, sessions, lastFreezes] = await Promise.all([
      repo.verifications(db, userId),
      repo.balances(db, userId),
      repo.addresses(db, userId),
      repo.bankCard(db, userId),
      repo.liveSessions(db, userId, now()),
      row.logins_frozen || row.withdrawals_frozen ? repo.lastFreezes(db, userId) : Promise.resolve([]),
    ]);
    const inForce = { logins: Boolean(row.logins_frozen), withdrawals: Boolean(row.withdrawals_frozen) };
    const freezes = (['logins', 'withdrawals'] as const).flatMap((what) => {
      const set = lastFreezes.find(
        (f) => f.action === (what === 'logins' ? 'user.freezeLogins' : 'user.freezeWithdrawals'),
      );
      return inForce[what] && set
        ? [
            {
              what,
              reason: set.reason,
              operatorId: set.operator_id,
              operatorName: set.username,
              at: ms(set.created_at),
            },
          ]
        : [];
    });
    return {
      ...summaryOf(row),
      inviterUid: row.inviter_uid === null ? null : Number(row.inviter_uid),
      inviterId: row.inviter_id,
      freezes,
      twoFactorEnabled: Boolean(row.totp_on),
      verifications: verifications.map((v) => ({ ...v, createdAt: ms(v.created_at) })),
      // At the currency's scale, as the user's own Assets shows them (wallets' walletBalances).
      balances: balances.map((b) => ({
        ...b,
        available: formatAmount(b.available, b.currency as Currency),
        frozen: formatAmount(b.frozen, b.currency as Currency),
      })),
      bankCard: bank
        ? {
            bankName: bank.bank_name,
            userName: bank.user_name,
            cardNumber: maskBankAccount(bank.card_number),
            boundAt: ms(bank.updated_at),
          }
        : null,
      addresses: addresses.map((a) => ({
        chain: a.chain,
        address: a.address,
        label: a.label,
        boundAt: ms(a.updated_at),
        usableAt: ms(a.usable_at),
      })),
      sessions: sessions.map((s) => ({
        id: s.id,
        createdAt: ms(s.created_at),
        expiresAt: ms(s.expires_at),
        lastSeenAt: s.last_seen_at === null ? null : ms(s.last_seen_at),
        ip: s.ip,
        userAgent: s.user_agent,
      })),
    };
  }

  /** Amounts at the currency's scale, as the user's own change log (`order/moneyLogs`) shows them. */
  async changes(b: { userId: string; page: number; pageSize: number }) {
    return paged(b, await repo.changes(this.d.db, b.userId, ...pageArgs(b)), (r) => {
      const f = (v: string) => formatAmount(v, r.currency as Currency);
      return {
        id: r.id,
        mode: r.mode,
        wallet: r.wallet,
        currency: r.currency,
        type: r.type,
        amount: f(r.amount),
        frozenChange: f(r.frozen_change),
        balanceAfter: f(r.balance_after),
        ref: r.ref,
        createdAt: ms(r.created_at),
      };
    });
  }

  /**
   * Both products settle in the quote currency. A delivery order's PnL is its profit as its owner sees it; a perpetual
   * order's, what its closing fills realised; its liquidation price, its position's while that is open.
   */
  async orders(b: { userId: string; page: number; pageSize: number }) {
    const page = await repo.orders(this.d.db, b.userId, ...pageArgs(b));
    const delivery = await this.d.deliveryOrders(page.list.filter((r) => r.product === 'delivery').map((r) => r.id));
    return paged(b, page, (r) => {
      const perpetual = r.product === 'perpetual';
      const position =
        perpetual && r.p_status === 'open'
          ? this.d.positionFigures({
              symbol: r.symbol,
              side: r.p_side!,
              quantity: r.p_quantity!,
              contractSize: r.p_contract_size!,
              entryPrice: r.p_entry_price!,
              margin: r.p_margin!,
              status: r.p_status,
            })
          : null;
      return {
        product: r.product,
        id: r.id,
        mode: r.mode,
        symbol: r.symbol,
        side: r.side,
        amount: perpetual ? r.amount : formatAmount(r.amount, QUOTE_CURRENCY),
        currency: QUOTE_CURRENCY,
        pnl: perpetual
          ? r.closed_pnl === null
            ? null
            : usdt(money(r.closed_pnl))
          : (delivery.get(r.id)?.profit ?? null),
        liquidationPrice: position?.liquidationPrice ?? null,
        status: r.status,
        createdAt: ms(r.created_at),
      };
    });
  }

  async positions(b: { userId: string; page: number; pageSize: number }) {
    return paged(b, await repo.positions(this.d.db, b.userId, ...pageArgs(b)), (r) => {
      const open = r.status === 'open';
      const figures = open
        ? this.d.positionFigures({
            symbol: r.symbol,
            side: r.side as 'long' | 'short',
            quantity: r.quantity,
            contractSize: r.contract_size,
            entryPrice: r.entry_price,
            margin: r.margin,
            status: r.status,
          })
        : null;
      return {
        id: r.id,
        mode: r.mode,
        symbol: r.symbol,
        side: r.side,
        quantity: r.quantity,
        leverage: Number(r.leverage),
        entryPrice: r.entry_price,
        margin: usdt(money(r.margin)),
        currency: QUOTE_CURRENCY,
        realizedPnl: usdt(money(r.realized_pnl)),
        markPrice: figures?.markPrice ?? null,
        unrealizedPnl: figures?.unrealizedPnl ?? null,
        liquidationPrice: figures?.liquidationPrice ?? null,
        status: r.status,
        openedAt: ms(r.opened_at),
      };
    });
  }

  async funding(b: { userId: string; page: number; pageSize: number }) {
    return paged(b, await repo.funding(this.d.db, b.userId, ...pageArgs(b)), (r) => ({
      ...r,
      createdAt: ms(r.created_at),
    }));
  }

  /** Freezes or unfreezes; a login freeze also ends the user's sessions, so it takes effect at once. */
  async freeze(
    op: AuthOperator,
    b: { userId: string; what: 'logins' | 'withdrawals'; frozen: boolean; reason: string },
  ): Promise<AdminUserSummary> {
    const { db, now } = this.d;
    const revoked = await db.transaction(async (tx) => {
      if (!(await repo.user(tx, b.userId))) throw notFound();
      const before = await repo.lockFreezes(tx, b.userId);
      await repo.setFreeze(tx, b.userId, b.what, b.frozen, now());
      const ended = b.what === 'logins' && b.frozen ? await repo.revokeSessions(tx, b.userId, now()) : [];
      if (b.what === 'withdrawals' && Boolean(before.withdrawals_frozen) !== b.frozen) {
        // The reason stays the operators' (an investigation's notes are not the user's to read): the message says
        // what changed and, when paused, where to ask.
        await this.d.messages?.notify(tx, b.userId, {
          key: `withdrawals:${b.userId}:${b.frozen ? 'frozen' : 'unfrozen'}:${now().getTime()}`,
          kind: b.frozen ? 'withdrawals.frozen' : 'withdrawals.unfrozen',
          params: {},
          link: b.frozen ? MESSAGE_LINKS.service : MESSAGE_LINKS.withdrawal,
        });
      }
      await recordAudit(tx, {
        operatorId: op.id,
        action: `user.${b.frozen ? 'freeze' : 'unfreeze'}${b.what === 'logins' ? 'Logins' : 'Withdrawals'}`,
        entity: 'user',
        entityId: b.userId,
        before: { loginsFrozen: before.logins_frozen, withdrawalsFrozen: before.withdrawals_frozen },
        after: {
          loginsFrozen: b.what === 'logins' ? b.frozen : before.logins_frozen,
          withdrawalsFrozen: b.what === 'withdrawals' ? b.frozen : before.withdrawals_frozen,
          ...(ended.length > 0 ? { sessionsRevoked: ended.length } : {}),
        },
        reason: b.reason,
      });
      return ended;
    });
    if (revoked.length > 0) await this.revoked({ userId: b.userId });
    const row = await repo.user(db, b.userId);
    return summaryOf(row!);
  }

  /**
   * Best effort after commit, as the auth module does: the sessions are revoked in the database whatever the bus
   * does, so a lost message is not the operator's error; every node's sockets also re-check their sessions.
   */
  private async revoked(r: SessionRevocation): Promise<void> {
    await this.d.sessionsRevoked(r);
  }

  async revokeSessions(op: AuthOperator, b: { userId: string; reason: string }) {
    const ended = await this.d.db.transaction(async (tx) => {
      if (!(await repo.user(tx, b.userId))) throw notFound();
      const ids = await repo.revokeSessions(tx, b.userId, this.d.now());
      await recordAudit(tx, {
        operatorId: op.id,
        action: 'user.revokeSessions',
        entity: 'user',
        entityId: b.userId,
        before: { sessions: ids.length },
        after: { sessions: 0 },
        reason: b.reason,
      });
      return ids;
    });
    await this.revoked({ userId: b.userId });
    return { revoked: ended.length };
  }

  /** Turns the user's authenticator off (lost phone): they log in with the password alone and may enrol again. */
  async resetTwoFactor(op: AuthOperator, b: { userId: string; reason: string }) {
    return this.d.db.transaction(async (tx) => {
      if (!(await repo.user(tx, b.userId))) throw notFound();
      const wasOn = await repo.resetTwoFactor(tx, b.userId);
      await recordAudit(tx, {
        operatorId: op.id,
        action: 'user.reset2fa',
        entity: 'user',
        entityId: b.userId,
        before: { twoFactorEnabled: wasOn },
        after: { twoFactorEnabled: false },
        reason: b.reason,
      });
      return { wasOn };
    });
  }
}

function summaryOf(r: UserRow): AdminUserSummary {
  return {
    userId: r.id,
    uid: Number(r.uid),
    email: r.email,
    mobile: r.mobile ? `+${r.area_code ?? ''} ${r.mobile}` : null,
    inviteCode: r.invite_code,
    mode: r.mode,
    createdAt: ms(r.created_at),
    loginsFrozen: Boolean(r.logins_frozen),
    withdrawalsFrozen: Boolean(r.withdrawals_frozen),
  };
}
