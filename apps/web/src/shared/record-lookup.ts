import { ApiError } from '@/lib/request';
/**
 * Reading one record when the API has no "by id" call (delivery orders, perpetual orders and fills): scan the
 * newest history pages, and do not retry an answer that says the record is not there.
 */
import type { PageOf } from '@/lib/use-paged-list';

/** History pages read when looking a record up (100 records each). */
export const LOOKUP_PAGES = 5;
export const LOOKUP_PAGE_SIZE = 100;

/** Whether a call failed because the record does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 404;
}

/** A query's retry rule for a record: twice, but never after a 404. */
export function retryUnlessNotFound(count: number, error: unknown): boolean {
  return count < 2 && !isNotFound(error);
}

/**
 * The records of the first LOOKUP_PAGES pages (newest first) that `match`; with `firstOnly` it stops at the first
 * page that has one.
 */
export async function scanPages<T>(
  readPage: (page: number, pageSize: number) => Promise<PageOf<T>>,
  match: (record: T) => boolean,
  firstOnly: boolean,
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= LOOKUP_PAGES; page += 1) {
    const data = await readPage(page, LOOKUP_PAGE_SIZE);
    for (const record of data.list) if (match(record)) out.push(record);
    if ((firstOnly && out.length > 0) || page * data.pageSize >= data.total) break;
  }
  return out;
}

/** The first record of the history pages that has `id`, or a 404. */
export async function findInPages<T extends { id: string }>(
  readPage: (page: number, pageSize: number) => Promise<PageOf<T>>,
  id: string,
): Promise<T> {
  const [found] = await scanPages(readPage, (record) => record.id === id, true);
  if (!found) throw new ApiError(404, 'record not found');
  return found;
}
