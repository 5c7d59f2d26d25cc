import type { Lang } from '@nexa/contract';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { Router } from '../../platform/http.js';
import { contentRepository as repo } from './repository.js';

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());

function summarize(body: string): string {
  return body.length <= 120 ? body : `${body.slice(0, 117).trimEnd()}…`;
}

export function registerContentRoutes(r: Router, db: Executor) {
  r.handle('index/carouselList', async (_b, ctx) => ({ list: await repo.carousel(db, ctx.lang) }));
  r.handle('index/getList', async (body, ctx) => {
    const { total, list } = await repo.notices(db, body.type, ctx.lang, body.pageSize, (body.page - 1) * body.pageSize);
    return {
      list: list.map((n) => ({
        id: n.id,
        type: n.type as 'notice',
        title: n.title,
        summary: summarize(n.body),
        createdAt: ms(n.createdAt),
      })),
      total,
      page: body.page,
      pageSize: body.pageSize,
    };
  });
  r.handle('index/noticeDetail', async (body, ctx) => {
    const n = await repo.notice(db, body.id, ctx.lang as Lang);
    if (!n) throw notFound();
    return {
      id: n.id,
      type: n.type as 'notice',
      title: n.title,
      summary: summarize(n.body),
      body: n.body,
      createdAt: ms(n.createdAt),
    };
  });
}
