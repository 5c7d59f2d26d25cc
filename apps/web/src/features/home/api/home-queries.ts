import { tickerStore } from '@/lib/ticker-store';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { homeApi } from './home-api';

/** Notices shown in the home bar. */
const NOTICE_BAR_SIZE = 5;
/** The rankings' order is re-read this often; prices in the rows move live in between. */
const OVERVIEW_REFRESH_MS = 30_000;

// What the home screen reads first, as query options its hooks and the start's prefetch share (one definition of
// each key and call). Content comes back in the caller's language: the language is part of each content key.

export const carouselQuery = (lang: string | null) =>
  queryOptions({
    queryKey: ['content', 'carousel', lang],
    queryFn: ({ signal }) => homeApi.carousel(signal),
    staleTime: 10 * 60_000,
  });

export const noticesQuery = (lang: string | null) =>
  queryOptions({
    queryKey: ['content', 'notices', lang, NOTICE_BAR_SIZE],
    queryFn: ({ signal }) => homeApi.notices(1, NOTICE_BAR_SIZE, signal),
    staleTime: 5 * 60_000,
  });

export const overviewQuery = () =>
  queryOptions({
    queryKey: ['market', 'overview'],
    queryFn: async ({ signal }) => {
      const data = await homeApi.overview(signal);
      // The rows read their prices from the ticker store (newer socket ticks win over this answer).
      tickerStore.put(data.turnover);
      return data;
    },
    refetchInterval: OVERVIEW_REFRESH_MS,
    staleTime: OVERVIEW_REFRESH_MS,
  });

/**
 * Asks for the home screen's first reads now, beside the download of its code (a start on the home tab): the banner,
 * the notices and the rankings are then on their way, or here, when the page first renders, instead of being asked
 * for by that render. The page's own queries pick up these answers (same keys); a failure here is theirs to show.
 * Before a language is chosen (`lang` null) the content waits for the page: the answer's language is not known yet.
 */
export function prefetchHome(client: QueryClient, lang: string | null): void {
  void client.prefetchQuery(overviewQuery());
  if (lang === null) return;
  void client.prefetchQuery(carouselQuery(lang));
  void client.prefetchQuery(noticesQuery(lang));
}
