import {
  type AdminContentItem,
  type ContentKind,
  type ContentPlaceholder,
  REACH,
  type SaveContentBody,
  fillPlaceholders,
  markdownToPlain,
} from '@nexa/contract';
import { money } from '@nexa/rules';
import type { FundingConfig } from '../../config.js';
import type { Executor } from '../../platform/db.js';
import { invalid, notFound, refused } from '../../platform/errors.js';
import { recordAudit } from '../../platform/review.js';
import { MESSAGE_LINKS, type MessagePort } from '../messages/index.js';
import { type ContentRow, contentAdminRepository as admin } from './admin-repository.js';
import { contentRepository as repo } from './repository.js';

export interface ContentSettings {
  funding: FundingConfig;
  demoAmount: string;
  supportEmail: string;
}

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
const percent = (rate: string | null) => (rate === null ? '' : money(rate).times(100).toString());
const range = (a: string, b: string) => (a === b ? a : `${a}–${b}`);
/** The key of the message publishing an announcement leaves each user, and deleting it takes back. */
const announcementKey = (id: string) => `announcement:${id}`;

/** A text's first words, without markup, for lists. */
export function summarize(body: string): string {
  const plain = markdownToPlain(body);
  return plain.length <= 120 ? plain : `${plain.slice(0, 117).trimEnd()}…`;
}

/**
 * The figures `{{name}}` placeholders stand for, read now from the configuration and the catalogue: a text never
 * carries a copied number, so a changed fee or limit is what every article says at once.
 */
export async function placeholderValues(db: Executor, s: ContentSettings): Promise<Record<ContentPlaceholder, string>> {
  const c = await repo.catalogueFigures(db);
  const offered = s.funding.deposits.flatMap((d) =>
    d.chains
      .filter((ch) => s.funding.depositAddresses[ch.chain])
      .map((ch) => `${ch.minAmount} ${d.currency} (${ch.chain})`),
  );
  const all = s.funding.deposits.flatMap((d) => d.chains.map((ch) => `${ch.minAmount} ${d.currency} (${ch.chain})`));
  return {
    products: String(c.products),
    countries: String(REACH.countries),
    supportEmail: s.supportEmail,
    demoAmount: s.demoAmount,
    depositMinimums: (offered.length > 0 ? offered : all).join(', '),
    withdrawalMinUsd: s.funding.minUsd,
    withdrawalMaxUsd: s.funding.maxUsd,
    withdrawalFeePercent: s.funding.feePercent,
    withdrawalDailyLimit: String(s.funding.dailyLimit),
    withdrawalAddressDelayHours: String(s.funding.addressDelayHours),
    deliveryMinSeconds: String(c.minSeconds ?? ''),
    deliveryMaxSeconds: String(c.maxSeconds ?? ''),
    deliveryMinPayoutPercent: percent(c.minYield),
    deliveryMaxPayoutPercent: percent(c.maxYield),
    perpetualMaxLeverage: String(c.maxLeverage ?? ''),
    perpetualFeePercent: range(percent(c.minFee), percent(c.maxFee)),
  };
}

export function toAdminItem(kind: ContentKind, r: ContentRow): AdminContentItem {
  return {
    kind,
    id: r.id,
    title: r.title,
    body: r.body,
    image: r.image,
    link: r.link,
    categoryId: r.categoryId,
    pinned: r.pinned,
    faq: r.faq,
    published: r.published,
    sort: Number(r.sort),
    updatedAt: ms(r.updatedAt),
  };
}

/** Operators' changes: each in one transaction with its audit row (entity `content.<kind>`). */
export function contentAdminService(db: Executor, messages?: Pick<MessagePort, 'notifyAll' | 'withdraw'>) {
  const current = async (tx: Executor, kind: ContentKind, id: string) => {
    const row = await admin.get(tx, kind, id);
    if (!row) throw notFound();
    return toAdminItem(kind, row);
  };
  return {
    async save(b: SaveContentBody, operatorId: string): Promise<AdminContentItem> {
      return db.transaction(async (tx) => {
        if (b.kind === 'article' && !(await admin.lockCategory(tx, b.categoryId))) {
          throw invalid([{ field: 'categoryId', reason: 'invalid' }]);
        }
        const before = b.id ? await current(tx, b.kind, b.id) : null;
        const id = b.id ?? (await admin.insert(tx, b));
        if (b.id) await admin.update(tx, b.id, b);
        const after = await current(tx, b.kind, id);
        await recordAudit(tx, {
          operatorId,
          action: `content.${b.kind}.${b.id ? 'edit' : 'create'}`,
          entity: `content.${b.kind}`,
          entityId: id,
          before,
          after,
          reason: null,
        });
        return after;
      });
    },

    async publish(kind: ContentKind, id: string, published: boolean, operatorId: string) {
      return db.transaction(async (tx) => {
        const before = await current(tx, kind, id);
        await admin.publish(tx, kind, id, published);
        // Every user told of a published announcement, once: its key makes publishing it again store nothing.
        if (kind === 'announcement' && published && !before.published) {
          await messages?.notifyAll(tx, {
            key: announcementKey(id),
            kind: 'announcement',
            params: {},
            link: MESSAGE_LINKS.notice(id),
          });
        }
        const after = await current(tx, kind, id);
        const action = `content.${kind}.${published ? 'publish' : 'unpublish'}`;
        await recordAudit(tx, {
          operatorId,
          action,
          entity: `content.${kind}`,
          entityId: id,
          before,
          after,
          reason: null,
        });
        return after;
      });
    },

    /**
     * Deletes for good; the audit row keeps what it was. An announcement's messages go with it; a category goes only
     * once it has no articles.
     */
    async remove(kind: ContentKind, id: string, operatorId: string) {
      return db.transaction(async (tx) => {
        const before = await current(tx, kind, id);
        if (kind === 'category' && (await admin.categoryHasArticles(tx, id))) {
          throw refused('admin.categoryNotEmpty');
        }
        await admin.remove(tx, kind, id);
        // Its message leaves every user's message centre with it: its link would open "not found".
        if (kind === 'announcement') await messages?.withdraw(tx, announcementKey(id));
        await recordAudit(tx, {
          operatorId,
          action: `content.${kind}.delete`,
          entity: `content.${kind}`,
          entityId: id,
          before,
          after: null,
          reason: null,
        });
        return { id };
      });
    },

    async order(kind: ContentKind, ids: string[], operatorId: string) {
      return db.transaction(async (tx) => {
        if (new Set(ids).size !== ids.length) throw invalid([{ field: 'ids', reason: 'invalid' }]);
        const done = await admin.order(tx, kind, ids);
        if (done < 0) throw invalid([{ field: 'ids', reason: 'invalid' }]);
        await recordAudit(tx, {
          operatorId,
          action: `content.${kind}.order`,
          entity: `content.${kind}`,
          entityId: ids[0]!,
          before: null,
          after: { ids },
          reason: null,
        });
        const page = await admin.list(tx, kind, 100, 0);
        return { list: page.list.map((r) => toAdminItem(kind, r)) };
      });
    },
  };
}
