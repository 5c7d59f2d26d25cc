import { useSession } from '@/lib/session-store';
import { usePagedList } from '@/lib/use-paged-list';
import { retryUnlessNotFound } from '@/shared/record-lookup';
import { useQuery } from '@tanstack/react-query';
import { contentApi } from '../api/content-api';

/** Help texts change when operators edit them or a configured figure changes: re-read after a few minutes. */
const STALE_MS = 5 * 60_000;
export const isId = (id: string) => /^\d{1,18}$/.test(id);

// Content comes back in the caller's language: the language is part of each key.
export function useHelpCategories() {
  const lang = useSession((s) => s.lang);
  return useQuery({
    queryKey: ['content', 'helpCategories', lang],
    queryFn: ({ signal }) => contentApi.categories(signal),
    staleTime: STALE_MS,
  });
}

export function useHelpArticles(query: { categoryId?: string; q?: string; faq?: boolean }, enabled = true) {
  const lang = useSession((s) => s.lang);
  return usePagedList(
    ['content', 'helpArticles', lang, query],
    (page, pageSize, signal) => contentApi.articles(query, page, pageSize, signal),
    enabled,
  );
}

export function useHelpArticle(id: string) {
  const lang = useSession((s) => s.lang);
  return useQuery({
    queryKey: ['content', 'helpArticle', lang, id],
    queryFn: ({ signal }) => contentApi.article(id, signal),
    enabled: isId(id),
    staleTime: STALE_MS,
    retry: retryUnlessNotFound,
  });
}
