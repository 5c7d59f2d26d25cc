import { z } from 'zod';
import { EpochMs, Page, hasControlChars, pageOf } from './common.js';
import { type ApiDef, def } from './define.js';
import { LANGS } from './locales.js';
import { markdownProblem, placeholdersOf } from './markdown.js';
import { NoticeSummary } from './market.js';

/**
 * What operators publish for readers (issue 16): announcements (the `notices` of type notice), banners, and help
 * articles in categories. Every text is stored per locale; a reader gets theirs, else English. Bodies are the
 * Markdown subset of `markdown.ts`, with `{{name}}` placeholders the server fills from the configuration.
 */
export const CONTENT_LIMITS = { titleMax: 120, bodyMax: 8_000, searchMax: 60, orderMax: 200 } as const;

/**
 * The figures a text may quote, filled from the configuration and the catalogue when it is read, never copied
 * into the text: change the configuration and every article says the new figure.
 */
export const CONTENT_PLACEHOLDERS = [
  'products',
  'countries',
  'supportEmail',
  'demoAmount',
  'depositMinimums',
  'withdrawalMinUsd',
  'withdrawalMaxUsd',
  'withdrawalFeePercent',
  'withdrawalDailyLimit',
  'withdrawalAddressDelayHours',
  'deliveryMinSeconds',
  'deliveryMaxSeconds',
  'deliveryMinPayoutPercent',
  'deliveryMaxPayoutPercent',
  'perpetualMaxLeverage',
  'perpetualFeePercent',
] as const;
export type ContentPlaceholder = (typeof CONTENT_PLACEHOLDERS)[number];

const isLang = (k: string) => (LANGS as readonly string[]).includes(k);

/**
 * A text in several locales: `{ en: "…", zh: "…" }`. English is required (the fallback); an unknown locale, a
 * control character, raw HTML, a link other than ours or https, an unknown placeholder or an oversized text is
 * refused naming the field (`title.xx`, `body.xx`).
 */
export function translations(max: number, opts: { markdown: boolean }) {
  return z.record(z.string(), z.string()).superRefine((value, ctx) => {
    if (!value.en?.trim()) ctx.addIssue({ code: 'custom', message: 'required', path: ['en'] });
    for (const [lang, text] of Object.entries(value)) {
      const path = [lang];
      if (!isLang(lang)) ctx.addIssue({ code: 'custom', message: 'invalid', path });
      else if (typeof text !== 'string' || text.trim() === '')
        ctx.addIssue({ code: 'custom', message: 'required', path });
      else if (text.length > max)
        ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, path });
      else if (hasControlChars(text, opts.markdown)) ctx.addIssue({ code: 'custom', message: 'invalid', path });
      else if (markdownProblem(text)) ctx.addIssue({ code: 'custom', message: 'invalid', path });
      else if (placeholdersOf(text).some((p) => !(CONTENT_PLACEHOLDERS as readonly string[]).includes(p))) {
        ctx.addIssue({ code: 'custom', message: 'invalid', path });
      }
    }
  });
}
export const Title = translations(CONTENT_LIMITS.titleMax, { markdown: false });
export const Body = translations(CONTENT_LIMITS.bodyMax, { markdown: true });
export type Translations = Record<string, string>;

const Id = z.string().regex(/^\d{1,18}$/);

/** An announcement as a signed-in reader sees it in the list: pinned first, read or not. */
export const AnnouncementSummary = NoticeSummary.extend({ read: z.boolean() });
export type AnnouncementSummary = z.infer<typeof AnnouncementSummary>;
export const AnnouncementsData = pageOf(AnnouncementSummary).extend({ unread: z.number().int().nonnegative() });
export type AnnouncementsData = z.infer<typeof AnnouncementsData>;

export const HelpCategory = z.object({
  id: z.string(),
  title: z.string(),
  articleCount: z.number().int().nonnegative(),
});
export type HelpCategory = z.infer<typeof HelpCategory>;
export const HelpCategoriesData = z.object({ list: z.array(HelpCategory) });
export type HelpCategoriesData = z.infer<typeof HelpCategoriesData>;

export const HelpArticlesBody = Page.extend({
  categoryId: Id.optional(),
  /** Words searched in the reader's language (and English), in titles and bodies. */
  q: z.string().trim().max(CONTENT_LIMITS.searchMax).optional(),
  /** Only the frequently asked questions (mine/help). */
  faq: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
});
export const HelpArticleSummary = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  summary: z.string(),
});
export type HelpArticleSummary = z.infer<typeof HelpArticleSummary>;
export const HelpArticlesData = pageOf(HelpArticleSummary).extend({ category: HelpCategory.nullable() });
export type HelpArticlesData = z.infer<typeof HelpArticlesData>;
export const HelpArticle = HelpArticleSummary.extend({
  categoryTitle: z.string(),
  /** Markdown subset, placeholders filled. */
  body: z.string(),
  updatedAt: EpochMs,
});
export type HelpArticle = z.infer<typeof HelpArticle>;

export const IdBody = z.object({ id: Id });

/** The users' content calls; index/getList, index/noticeDetail and index/carouselList are in market.ts. */
export const contentApi = {
  'content/announcements': def(true, true, Page, AnnouncementsData),
  'content/readAnnouncement': def(false, true, IdBody, z.object({ unread: z.number().int().nonnegative() })),
  'content/helpCategories': def(true, false, z.object({}).passthrough(), HelpCategoriesData),
  'content/helpArticles': def(true, false, HelpArticlesBody, HelpArticlesData),
  'content/helpArticle': def(true, false, IdBody, HelpArticle),
} as const satisfies Record<string, ApiDef>;

// ---- Operator calls (role `content`) ----

export const ContentKind = z.enum(['announcement', 'banner', 'category', 'article']);
export type ContentKind = z.infer<typeof ContentKind>;

/** Where a banner leads: an in-app route (`#/pages/…`, an announcement is `#/pages/tabbarPages/home/noticeDetail?id=N`) or https. */
export const BannerLink = z
  .string()
  .trim()
  .max(500)
  .regex(/^(#\/pages\/[A-Za-z0-9/_-]+(\?[A-Za-z0-9=&_.%-]*)?|https:\/\/[A-Za-z0-9.-]+(\/[^\s"'<>`\\]*)?)$/);
/** A banner image: one of ours (`/h5/…`) or https. */
export const BannerImage = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/h5\/[A-Za-z0-9/_.-]+|https:\/\/[A-Za-z0-9.-]+(\/[^\s"'<>`\\]*)?)$/);

export const SaveContentBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('announcement'), id: Id.optional(), title: Title, body: Body, pinned: z.boolean() }),
  z.object({ kind: z.literal('banner'), id: Id.optional(), title: Title, image: BannerImage, link: BannerLink }),
  z.object({ kind: z.literal('category'), id: Id.optional(), title: Title }),
  z.object({
    kind: z.literal('article'),
    id: Id.optional(),
    categoryId: Id,
    title: Title,
    body: Body,
    faq: z.boolean(),
  }),
]);
export type SaveContentBody = z.infer<typeof SaveContentBody>;

/** An item as operators see it: every translation, and whether readers see it. */
export const AdminContentItem = z.object({
  kind: ContentKind,
  id: z.string(),
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()).nullable(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  categoryId: z.string().nullable(),
  pinned: z.boolean(),
  faq: z.boolean(),
  published: z.boolean(),
  sort: z.number().int(),
  updatedAt: EpochMs,
});
export type AdminContentItem = z.infer<typeof AdminContentItem>;

export const AdminContentListBody = Page.extend({ kind: ContentKind });
export const PublishContentBody = z.object({ kind: ContentKind, id: Id, published: z.boolean() });
/** The new order of a kind's items: the ids listed come first, in this order. */
export const OrderContentBody = z.object({
  kind: ContentKind,
  ids: z.array(Id).min(1).max(CONTENT_LIMITS.orderMax),
});
/**
 * Removes an item for good (its last state stays in the audit log): readers' lists drop it and its link answers
 * not found. A category is removed only once it has no articles left.
 */
export const DeleteContentBody = z.object({ kind: ContentKind, id: Id });

export const contentAdminApi = {
  'admin/contentList': def(true, 'operator', AdminContentListBody, pageOf(AdminContentItem)),
  'admin/saveContent': def(false, 'operator', SaveContentBody, AdminContentItem),
  'admin/publishContent': def(false, 'operator', PublishContentBody, AdminContentItem),
  'admin/orderContent': def(false, 'operator', OrderContentBody, z.object({ list: z.array(AdminContentItem) })),
  'admin/deleteContent': def(false, 'operator', DeleteContentBody, z.object({ id: z.string() })),
} as const satisfies Record<string, ApiDef>;
