import {
  type AdminContentItem,
  type AnnouncementsData,
  Body,
  type CarouselData,
  type HelpArticle,
  type HelpArticlesData,
  type HelpCategoriesData,
  LANGS,
  type MessageListData,
  type NoticeDetail,
  type NoticeListData,
  Title,
  type UnreadData,
  placeholdersOf,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ARTICLES, SEED_CATEGORIES } from '../../migrations/seed/help-articles.js';
import { queryRows } from '../../platform/db.js';
import { type TestApp, call, createTestApp, loginOperator, registerUser } from '../../testing.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  // A fee and a limit of its own: the articles must say these, not the defaults.
  t = await createTestApp({ funding: { feePercent: '2.5', dailyLimit: 7, minUsd: '15' } });
  op = (await loginOperator(t)).token;
});
afterAll(() => t?.close());

const admin = <T = unknown>(path: string, body: object = {}, lang = 'en') =>
  call<T>(t.app, path, body, { 'ADMIN-TOKEN': op, lang });
const visitor = <T = unknown>(path: string, body: object = {}, lang = 'en') => call<T>(t.app, path, body, { lang });
const field = (res: { data: unknown }) => (res.data as { fields: { field: string }[] }).fields[0]?.field;
const bannerTitles = async () => (await visitor<CarouselData>('index/carouselList')).data.list.map((b) => b.title);
const newBanner = (title: string, link: string) =>
  admin<AdminContentItem>('admin/saveContent', {
    kind: 'banner',
    title: { en: title },
    image: '/h5/banners/markets.svg',
    link,
  });
/** A new announcement, unpublished; its id. */
async function newAnnouncement(title: string, body: string, pinned = false): Promise<string> {
  const res = await admin<AdminContentItem>('admin/saveContent', {
    kind: 'announcement',
    title: { en: title },
    body: { en: body },
    pinned,
  });
  expect(res.code, res.msg).toBe(1);
  return res.data.id;
}
/** A new category with one article in it, both unpublished. */
async function newCategoryWithArticle(category: string, article: { title: Record<string, string>; body: string }) {
  const cat = await admin<AdminContentItem>('admin/saveContent', { kind: 'category', title: { en: category } });
  const art = await admin<AdminContentItem>('admin/saveContent', {
    kind: 'article',
    categoryId: cat.data.id,
    title: article.title,
    body: { en: article.body },
    faq: false,
  });
  expect(art.code, art.msg).toBe(1);
  return { cat, art };
}

describe('the seeded help centre', () => {
  it('is valid content in all 13 locales, its figures only placeholders', () => {
    for (const item of [...SEED_CATEGORIES, ...SEED_ARTICLES]) {
      expect(Object.keys(item.title).sort()).toEqual([...LANGS].sort());
      expect(Title.safeParse(item.title).success, item.title.en).toBe(true);
    }
    for (const a of SEED_ARTICLES) {
      expect(Object.keys(a.body).sort()).toEqual([...LANGS].sort());
      expect(Body.safeParse(a.body).error?.issues ?? []).toEqual([]);
      // Every locale quotes the same figures as English, and none is written out as a number.
      for (const lang of LANGS) {
        expect(placeholdersOf(a.body[lang]).sort(), `${a.title.en} ${lang}`).toEqual(placeholdersOf(a.body.en).sort());
        expect(a.body[lang]).not.toMatch(/\b\d{2,}\b/);
      }
    }
  });

  it('lists categories and articles, filled with the configured fees and limits', async () => {
    const cats = await visitor<HelpCategoriesData>('content/helpCategories', {}, 'zh');
    expect(cats.code).toBe(1);
    expect(cats.data.list.map((c) => c.title)).toEqual(SEED_CATEGORIES.map((c) => c.title.zh));
    const funds = cats.data.list[0]!;
    expect(funds.articleCount).toBe(2);

    const list = await visitor<HelpArticlesData>('content/helpArticles', { categoryId: funds.id });
    expect(list.data.category?.id).toBe(funds.id);
    expect(list.data.list).toHaveLength(2);
    const withdrawals = list.data.list[1]!;
    const article = await visitor<HelpArticle>('content/helpArticle', { id: withdrawals.id }, 'de');
    expect(article.code).toBe(1);
    expect(article.data.title).toBe('Auszahlungen: Gebühren und Limits');
    expect(article.data.body).toContain('2.5 %');
    expect(article.data.body).toContain('Bis zu 7 Auszahlungen');
    expect(article.data.body).toContain('15 bis 50000 USD');
    expect(article.data.body).not.toContain('{{');

    const delivery = await visitor<HelpArticlesData>('content/helpArticles', { q: 'delivery' });
    const d = await visitor<HelpArticle>('content/helpArticle', { id: delivery.data.list[0]!.id });
    // From the catalogue: periods 30–600 s, yields 80–90 %.
    expect(d.data.body).toContain('80% to 90%');
    expect(d.data.body).toContain('30 to 600 seconds');
  });

  it('searches in the reader language and in English, and lists the FAQ', async () => {
    const ar = await visitor<HelpArticlesData>('content/helpArticles', { q: 'السحب' }, 'ar');
    expect(ar.data.list.length).toBeGreaterThan(0);
    const en = await visitor<HelpArticlesData>('content/helpArticles', { q: 'rebates' }, 'jp');
    expect(en.data.list.map((a) => a.title)).toContain('招待とリベート');
    const none = await visitor<HelpArticlesData>('content/helpArticles', { q: '%_' });
    expect(none.data.total).toBe(0);
    const faq = await visitor<HelpArticlesData>('content/helpArticles', { faq: true, pageSize: 100 });
    expect(faq.data.total).toBe(SEED_ARTICLES.filter((a) => a.faq).length);
  });

  it('refuses bad input and unknown ids', async () => {
    expect((await visitor('content/helpArticle', { id: 'x' })).code).toBe(400);
    expect((await visitor('content/helpArticle', { id: '999999' })).code).toBe(404);
    expect((await visitor('content/helpArticles', { categoryId: '999999' })).code).toBe(404);
    const long = await visitor('content/helpArticles', { q: 'x'.repeat(61) });
    expect([long.code, field(long)]).toEqual([400, 'q']);
    expect((await visitor('content/helpArticles', { pageSize: 1000 })).code).toBe(400);
  });
});

describe('announcements', () => {
  it('lists pinned first with per-user unread marks; reading is per user and idempotent', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const first = await a.as<AnnouncementsData>('content/announcements');
    expect(first.code).toBe(1);
    expect(first.data.list[0]!.pinned).toBe(true);
    expect(first.data.list.every((n) => !n.read)).toBe(true);
    const unread = first.data.unread;
    expect(unread).toBe(first.data.total);

    const id = first.data.list[1]!.id;
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => a.as<{ unread: number }>('content/readAnnouncement', { id })),
    );
    expect(reads.every((r) => r.code === 1 && r.data.unread === unread - 1)).toBe(true);
    const after = await a.as<AnnouncementsData>('content/announcements');
    expect(after.data.list.find((n) => n.id === id)?.read).toBe(true);
    expect((await b.as<AnnouncementsData>('content/announcements')).data.unread).toBe(unread);

    expect((await visitor('content/announcements')).code).toBe(401);
    expect((await a.as('content/readAnnouncement', { id: '999999' })).code).toBe(404);
  });

  it('index/getList answers visitors with summaries without markup, pinned first', async () => {
    const res = await visitor<NoticeListData>('index/getList', { type: 'notice', page: 1, pageSize: 10 }, 'ar');
    expect(res.code).toBe(1);
    expect(res.data.list[0]).toMatchObject({ pinned: true, title: 'مرحبًا بك في Nexa' });
  });
});

describe('operators manage content', () => {
  it('creates, edits, publishes, unpublishes and orders an announcement, audited', async () => {
    const created = await admin<AdminContentItem>('admin/saveContent', {
      kind: 'announcement',
      title: { en: 'Fee change', zh: '费用调整' },
      body: {
        en: 'Withdrawal fee is now **{{withdrawalFeePercent}}%**. See [help](#/pages/tabbarPages/home/helpCenter).',
      },
      pinned: false,
    });
    expect(created.code, created.msg).toBe(1);
    expect(created.data.published).toBe(false);
    const id = created.data.id;
    // Not shown before it is published.
    expect((await visitor('index/noticeDetail', { id })).code).toBe(404);

    const pub = await admin<AdminContentItem>('admin/publishContent', { kind: 'announcement', id, published: true });
    expect(pub.data.published).toBe(true);
    const shown = await visitor<NoticeDetail>('index/noticeDetail', { id }, 'zh');
    expect(shown.data.title).toBe('费用调整');
    // No Chinese body: English, with the configured fee.
    expect(shown.data.body).toContain('**2.5%**');
    expect(shown.data.summary).toBe('Withdrawal fee is now 2.5%. See help.');

    const edit = await admin<AdminContentItem>('admin/saveContent', {
      kind: 'announcement',
      id,
      title: { en: 'Fee change (updated)' },
      body: { en: 'Updated.' },
      pinned: true,
    });
    expect(edit.data).toMatchObject({ pinned: true, published: true, title: { en: 'Fee change (updated)' } });

    const list = await admin<{ list: AdminContentItem[] }>('admin/contentList', { kind: 'announcement' });
    const ids = list.data.list.map((n) => n.id);
    const reordered = [...ids].reverse();
    const ordered = await admin<{ list: AdminContentItem[] }>('admin/orderContent', {
      kind: 'announcement',
      ids: reordered,
    });
    expect(ordered.code).toBe(1);
    const pinned = ordered.data.list.filter((n) => n.pinned).map((n) => n.id);
    const rest = ordered.data.list.filter((n) => !n.pinned).map((n) => n.id);
    expect([...pinned, ...rest]).toEqual([
      ...reordered.filter((x) => pinned.includes(x)),
      ...reordered.filter((x) => rest.includes(x)),
    ]);

    const off = await admin<AdminContentItem>('admin/publishContent', { kind: 'announcement', id, published: false });
    expect(off.data.published).toBe(false);
    expect((await visitor('index/noticeDetail', { id })).code).toBe(404);

    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE entity = 'content.announcement' AND entity_id = ${id} ORDER BY id`,
    );
    expect(audit.map((r) => r.action)).toEqual([
      'content.announcement.create',
      'content.announcement.publish',
      'content.announcement.edit',
      'content.announcement.unpublish',
    ]);
  });

  it('manages banners, categories and articles', async () => {
    const banner = await newBanner('Read the news', '#/pages/tabbarPages/home/noticeDetail?id=1');
    expect(banner.code, banner.msg).toBe(1);
    await admin('admin/publishContent', { kind: 'banner', id: banner.data.id, published: true });
    expect(await bannerTitles()).toContain('Read the news');
    await admin('admin/publishContent', { kind: 'banner', id: banner.data.id, published: false });
    expect(await bannerTitles()).not.toContain('Read the news');

    const { cat, art } = await newCategoryWithArticle('Promotions', {
      title: { en: 'Spring promotion', fr: 'Promotion de printemps' },
      body: '## Rules\n- Deposit at least {{depositMinimums}}.',
    });
    await admin('admin/publishContent', { kind: 'article', id: art.data.id, published: true });
    // The category is not published yet: its article is not shown.
    expect((await visitor('content/helpArticle', { id: art.data.id })).code).toBe(404);
    await admin('admin/publishContent', { kind: 'category', id: cat.data.id, published: true });
    const shown = await visitor<HelpArticle>('content/helpArticle', { id: art.data.id }, 'fr');
    expect(shown.data).toMatchObject({ title: 'Promotion de printemps', categoryTitle: 'Promotions' });
    expect(shown.data.body).toContain('10 USDT (TRC20)');
  });

  it('deletes an announcement, a banner, an article and an empty category for good, audited; readers lose them', async () => {
    const user = await registerUser(t);
    const reader = <T = unknown>(path: string, body: object = {}) =>
      call<T>(t.app, path, body, { TOKEN: user.token, lang: 'en' });
    const id = await newAnnouncement('Short-lived notice', 'Soon gone.', true);
    await admin('admin/publishContent', { kind: 'announcement', id, published: true });
    expect((await reader('content/readAnnouncement', { id })).code).toBe(1);
    const listed = async () => {
      const [mine, visitors] = await Promise.all([
        reader<AnnouncementsData>('content/announcements', { pageSize: 100 }),
        visitor<NoticeListData>('index/getList', { type: 'notice', pageSize: 100 }),
      ]);
      return [mine.data.list.some((n) => n.id === id), visitors.data.list.some((n) => n.id === id)];
    };
    expect(await listed()).toEqual([true, true]);

    const del = await admin<{ id: string }>('admin/deleteContent', { kind: 'announcement', id });
    expect(del.code, del.msg).toBe(1);
    expect(await listed()).toEqual([false, false]);
    expect((await visitor('index/noticeDetail', { id })).code).toBe(404);
    expect((await reader('content/readAnnouncement', { id })).code).toBe(404);
    expect((await admin('admin/deleteContent', { kind: 'announcement', id })).code).toBe(404);
    const kept = await queryRows<{ action: string; before: { title: { en: string } }; after: unknown }>(
      t.database.db,
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'content.announcement' AND entity_id = ${id}
          ORDER BY id DESC LIMIT 1`,
    );
    expect(kept[0]).toMatchObject({
      action: 'content.announcement.delete',
      before: { title: { en: 'Short-lived notice' } },
    });
    expect(kept[0]!.after).toBeNull();

    const banner = await newBanner('Gone banner', '#/pages/tabbarPages/home/more');
    await admin('admin/publishContent', { kind: 'banner', id: banner.data.id, published: true });
    expect((await admin('admin/deleteContent', { kind: 'banner', id: banner.data.id })).code).toBe(1);
    expect(await bannerTitles()).not.toContain('Gone banner');

    // A category with an article is kept (the article would have no place); emptied, it goes.
    const { cat, art } = await newCategoryWithArticle('Old', { title: { en: 'Old article' }, body: 'Old.' });
    await admin('admin/publishContent', { kind: 'category', id: cat.data.id, published: true });
    await admin('admin/publishContent', { kind: 'article', id: art.data.id, published: true });
    expect((await visitor('content/helpArticle', { id: art.data.id })).code).toBe(1);
    const busy = await admin('admin/deleteContent', { kind: 'category', id: cat.data.id });
    expect(busy).toMatchObject({ code: 0, msg: expect.stringContaining('still has articles') });
    expect((await admin('admin/deleteContent', { kind: 'article', id: art.data.id })).code).toBe(1);
    expect((await visitor('content/helpArticle', { id: art.data.id })).code).toBe(404);
    expect((await admin('admin/deleteContent', { kind: 'category', id: cat.data.id })).code).toBe(1);
    expect((await visitor('content/helpArticles', { categoryId: cat.data.id })).code).toBe(404);
    // An id of another kind is not found; strangers and other roles are refused before anything is looked at.
    expect((await admin('admin/deleteContent', { kind: 'banner', id: art.data.id })).code).toBe(404);
    expect((await call(t.app, 'admin/deleteContent', { kind: 'banner', id: '1' }, { TOKEN: user.token })).code).toBe(
      401,
    );
  });

  it('pages a kind for operators: page and a bounded page size, with the total', async () => {
    for (let i = 0; i < 3; i++) {
      await admin('admin/saveContent', { kind: 'category', title: { en: `Paged ${i}` } });
    }
    const all = await admin<{ list: AdminContentItem[]; total: number }>('admin/contentList', {
      kind: 'category',
      pageSize: 100,
    });
    expect(all.data.total).toBe(all.data.list.length);
    const second = await admin<{ list: AdminContentItem[]; total: number; page: number }>('admin/contentList', {
      kind: 'category',
      page: 2,
      pageSize: 2,
    });
    expect(second.data).toMatchObject({ total: all.data.total, page: 2 });
    expect(second.data.list.map((c) => c.id)).toEqual(all.data.list.slice(2, 4).map((c) => c.id));
    expect((await admin('admin/contentList', { kind: 'category', pageSize: 101 })).code).toBe(400);
  });

  it('refuses unknown locales, HTML, unsafe links, oversized text and strangers, naming the field', async () => {
    const base = { kind: 'announcement', title: { en: 'T' }, body: { en: 'B' }, pinned: false };
    const cases: [object, string][] = [
      [{ ...base, title: { en: 'T', xx: 'T' } }, 'title.xx'],
      [{ ...base, title: { zh: 'T' } }, 'title.en'],
      [{ ...base, body: { en: 'B', ar: '<script>alert(1)</script>' } }, 'body.ar'],
      [{ ...base, body: { en: '<img src=x onerror=alert(1)>' } }, 'body.en'],
      [{ ...base, body: { en: '[x](javascript:alert(1))' } }, 'body.en'],
      [{ ...base, body: { en: 'x'.repeat(8001) } }, 'body.en'],
      [{ ...base, title: { en: 'x'.repeat(121) } }, 'title.en'],
      [{ ...base, body: { en: '{{databaseUrl}}' } }, 'body.en'],
      [{ kind: 'banner', title: { en: 'T' }, image: '/h5/a.svg', link: 'javascript:alert(1)' }, 'link'],
      [{ kind: 'banner', title: { en: 'T' }, image: 'http://x.example/a.png', link: '#/pages/a' }, 'image'],
      [{ kind: 'article', categoryId: '999999', title: { en: 'T' }, body: { en: 'B' }, faq: false }, 'categoryId'],
      [{ kind: 'nope', title: { en: 'T' } }, 'kind'],
    ];
    for (const [body, name] of cases) {
      const res = await admin('admin/saveContent', body, 'de');
      expect([res.code, field(res)], JSON.stringify(body).slice(0, 80)).toEqual([400, name]);
      expect(res.msg).not.toMatch(/invalid input/i);
    }
    expect((await admin('admin/saveContent', { ...base, id: '999999' })).code).toBe(404);
    expect((await admin('admin/orderContent', { kind: 'banner', ids: ['999999'] })).code).toBe(400);
    expect((await admin('admin/orderContent', { kind: 'banner', ids: ['1', '1'] })).code).toBe(400);

    const user = await registerUser(t);
    expect((await call(t.app, 'admin/saveContent', base, { 'ADMIN-TOKEN': user.token })).code).toBe(401);
    expect((await visitor('admin/contentList', { kind: 'banner' })).code).toBe(401);
  });
});

describe('publishing an announcement tells every user, deleting it takes that back (issue 16 message centre)', () => {
  const countOf = async (q: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number }>(t.database.db, q))[0]?.n ?? -1);
  const messagesOf = (id: string) =>
    queryRows<{ user_id: string; link: string; kind: string }>(
      t.database.db,
      sql`SELECT user_id::text AS user_id, link, kind FROM messages WHERE key = ${`announcement:${id}`}`,
    );
  type Reader = Awaited<ReturnType<typeof registerUser>>;
  /** The `message.removed` events journaled for the reader's `user` channel. */
  const removals = async (reader: Reader) => {
    const users = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id::text AS id FROM users WHERE uid = ${reader.user.uid}`,
    );
    const journal = await t.app.platform.userEvents.replay(users[0]!.id, 0);
    if (journal === 'resync') throw new Error('the journal no longer holds all of the reader events');
    return journal.map((e) => e.event).filter((e) => e.type === 'message.removed');
  };

  it('stores one message per user linking to the notice, once, however often it is published again', async () => {
    const reader = await registerUser(t);
    const id = await newAnnouncement('Maintenance', 'Short maintenance tonight.');
    // Saving (unpublished) tells nobody.
    expect(await messagesOf(id)).toEqual([]);
    const before = await reader.as<UnreadData>('message/unread');

    await admin('admin/publishContent', { kind: 'announcement', id, published: true });
    const users = await countOf(sql`SELECT count(*)::int AS n FROM users`);
    const stored = await messagesOf(id);
    expect(stored).toHaveLength(Number(users));
    expect(new Set(stored.map((m) => m.user_id)).size).toBe(Number(users));
    expect(stored.every((m) => m.kind === 'announcement')).toBe(true);

    const list = await reader.as<MessageListData>('message/list', { page: 1, pageSize: 20 });
    const mine = list.data.list.filter((m) => m.kind === 'announcement' && m.link?.endsWith(`?id=${id}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.link).toBe(`/pages/tabbarPages/home/noticeDetail?id=${id}`);
    expect(list.data.unread).toBe(before.data.unread + 1);

    // Published again, unpublished and republished: still one each.
    await admin('admin/publishContent', { kind: 'announcement', id, published: true });
    await admin('admin/publishContent', { kind: 'announcement', id, published: false });
    await admin('admin/publishContent', { kind: 'announcement', id, published: true });
    expect(await messagesOf(id)).toHaveLength(Number(users));
    const after = await reader.as<UnreadData>('message/unread');
    expect(after.data.unread).toBe(before.data.unread + 1);
  });

  it('deleting it takes the message back from everyone who had it, read or not, told on the user channel', async () => {
    const [unreadReader, readReader] = [await registerUser(t), await registerUser(t)];
    const inboxOf = async (u: Reader) => (await u.as<MessageListData>('message/list', { pageSize: 100 })).data;
    const before = [(await inboxOf(unreadReader)).unread, (await inboxOf(readReader)).unread];
    const id = await newAnnouncement('Published by mistake', 'Please ignore.');
    await admin('admin/publishContent', { kind: 'announcement', id, published: true });
    const link = `/pages/tabbarPages/home/noticeDetail?id=${id}`;
    const [unreadMessage, readMessage] = [
      (await inboxOf(unreadReader)).list.find((m) => m.link === link)!,
      (await inboxOf(readReader)).list.find((m) => m.link === link)!,
    ];
    expect((await inboxOf(unreadReader)).unread).toBe(before[0]! + 1);
    expect((await readReader.as<UnreadData>('message/read', { id: readMessage.id })).data.unread).toBe(before[1]);
    // Joined after it was published: never had its message, so is told nothing.
    const latecomer = await registerUser(t);

    const del = await admin('admin/deleteContent', { kind: 'announcement', id });
    expect(del.code, del.msg).toBe(1);
    expect(await messagesOf(id)).toEqual([]);
    for (const [reader, message, unread] of [
      [unreadReader, unreadMessage, before[0]!],
      [readReader, readMessage, before[1]!],
    ] as const) {
      const inbox = await inboxOf(reader);
      expect(inbox.list.map((m) => m.id)).not.toContain(message.id);
      expect(inbox.unread).toBe(unread);
      expect((await reader.as<UnreadData>('message/unread')).data.unread).toBe(unread);
      expect(await removals(reader)).toEqual([{ type: 'message.removed', messageId: message.id, unread }]);
      expect((await reader.as('message/read', { id: message.id })).code).toBe(404);
    }
    expect(await removals(latecomer)).toEqual([]);

    // Deleted again: not found, and nothing more is written or told.
    const audits = sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'content.announcement'
                       AND entity_id = ${id}`;
    const audited = await countOf(audits);
    expect((await admin('admin/deleteContent', { kind: 'announcement', id })).code).toBe(404);
    expect(await countOf(audits)).toBe(audited);
    expect(await removals(unreadReader)).toHaveLength(1);
    expect(await removals(readReader)).toHaveLength(1);
  });

  it('tells nobody when a banner or an article is published', async () => {
    const banner = await newBanner('Promo', '#/pages/tabbarPages/home/helpCenter');
    expect(banner.code, banner.msg).toBe(1);
    const before = await countOf(sql`SELECT count(*)::int AS n FROM messages`);
    await admin('admin/publishContent', { kind: 'banner', id: banner.data.id, published: true });
    const after = await countOf(sql`SELECT count(*)::int AS n FROM messages`);
    expect(after).toBe(before);
  });
});
