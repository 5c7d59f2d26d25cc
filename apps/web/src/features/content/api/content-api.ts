import { request } from '@/lib/http';

/** The help centre (issue 16): public calls, answered in the reader's language with today's figures filled in. */
export const contentApi = {
  categories: (signal?: AbortSignal) => request('content/helpCategories', {}, { method: 'GET', signal }),
  articles: (
    query: { categoryId?: string; q?: string; faq?: boolean },
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => request('content/helpArticles', { ...query, page, pageSize }, { method: 'GET', signal }),
  article: (id: string, signal?: AbortSignal) => request('content/helpArticle', { id }, { method: 'GET', signal }),
};
