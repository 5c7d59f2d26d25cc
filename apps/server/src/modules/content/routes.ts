import { fillPlaceholders } from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { Router } from '../../platform/http.js';
import type { MessagePort } from '../messages/index.js';
import { contentAdminRepository } from './admin-repository.js';
import { contentRepository as repo } from './repository.js';
import { type ContentSettings, contentAdminService, placeholderValues, summarize, toAdminItem } from './service.js';

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
const paged = (b: { page: number; pageSize: number }) => ({ page: b.page, pageSize: b.pageSize });

export function registerContentRoutes(
  r: Router,
  db: Executor,
  settings: ContentSettings,
  messages?: Pick<MessagePort, 'notifyAll' | 'withdraw'>,
) {
  // Texts are filled with today's figures as they are read.
  const fill = async (texts: string[]) => {
    const values = await placeholderValues(db, settings);
    return texts.map((t) => fillPlaceholders(t, values));
  };
  const notice = (n: { id: string; type: string; title: string; pinned: boolean; createdAt: Date | string }) => ({
    id: n.id,
    type: n.type as 'notice',
    title: n.title,
    pinned: n.pinned,
    createdAt: ms(n.createdAt),
  });

  r.handle('index/carouselList', async (_b, ctx) => ({ list: await repo.carousel(db, ctx.lang) }));
  r.handle('index/getList', async (body, ctx) => {
    const { total, list } = await repo.notices(db, body.type, ctx.lang, body.pageSize, (body.page - 1) * body.pageSize);
    const bodies = await fill(list.map((n) => n.body));
    return { list: list.map((n, i) => ({ ...notice(n), summary: summarize(bodies[i]!) })), total, ...paged(body) };
  });
  r.handle('index/noticeDetail', async (body, ctx) => {
    const n = await repo.notice(db, body.id, ctx.lang);
    if (!n) throw notFound();
    const [text] = await fill([n.body]);
    return { ...notice(n), summary: summarize(text!), body: text! };
  });

  r.handle('content/announcements', async (body, ctx) => {
    const offset = (body.page - 1) * body.pageSize;
    const { total, list, unread } = await repo.announcements(db, ctx.user.id, ctx.lang, body.pageSize, offset);
    const bodies = await fill(list.map((n) => n.body));
    const items = list.map((n, i) => ({ ...notice(n), summary: summarize(bodies[i]!), read: n.read }));
    return { list: items, total, unread, ...paged(body) };
  });
  r.handle('content/readAnnouncement', async (body, ctx) => {
    if (!(await repo.markRead(db, ctx.user.id, body.id))) throw notFound();
    return { unread: await repo.unread(db, ctx.user.id) };
  });

  r.handle('content/helpCategories', async (_b, ctx) => ({ list: await repo.helpCategories(db, ctx.lang) }));
  r.handle('content/helpArticles', async (body, ctx) => {
    const offset = (body.page - 1) * body.pageSize;
    const [page, category] = await Promise.all([
      repo.helpArticles(db, ctx.lang, body, body.pageSize, offset),
      body.categoryId ? repo.helpCategories(db, ctx.lang, body.categoryId) : Promise.resolve([]),
    ]);
    if (body.categoryId && category.length === 0) throw notFound();
    const bodies = await fill(page.list.map((a) => a.body));
    return {
      list: page.list.map((a, i) => ({
        id: a.id,
        categoryId: a.categoryId,
        title: a.title,
        summary: summarize(bodies[i]!),
      })),
      total: page.total,
      category: category[0] ?? null,
      ...paged(body),
    };
  });
  r.handle('content/helpArticle', async (body, ctx) => {
    const a = await repo.helpArticle(db, body.id, ctx.lang);
    if (!a) throw notFound();
    const [text] = await fill([a.body]);
    return { ...a, summary: summarize(text!), body: text!, updatedAt: ms(a.updatedAt) };
  });

  registerContentAdminRoutes(r, db, messages);
}

/** Operator calls (role `content`): list, create or edit, publish or unpublish, order, delete; each audited. */
function registerContentAdminRoutes(r: Router, db: Executor, messages?: Pick<MessagePort, 'notifyAll' | 'withdraw'>) {
  const service = contentAdminService(db, messages);
  r.handle('admin/contentList', async (b) => {
    const page = await contentAdminRepository.list(db, b.kind, b.pageSize, (b.page - 1) * b.pageSize);
    return { list: page.list.map((row) => toAdminItem(b.kind, row)), total: page.total, ...paged(b) };
  });
  r.handle('admin/saveContent', (b, ctx) => service.save(b, ctx.operator.id));
  r.handle('admin/publishContent', (b, ctx) => service.publish(b.kind, b.id, b.published, ctx.operator.id));
  r.handle('admin/orderContent', (b, ctx) => service.order(b.kind, b.ids, ctx.operator.id));
  r.handle('admin/deleteContent', (b, ctx) => service.remove(b.kind, b.id, ctx.operator.id));
}
