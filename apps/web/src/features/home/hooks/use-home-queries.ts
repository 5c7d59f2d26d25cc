import { useSession } from '@/lib/session-store';
import { seedTickers } from '@/lib/use-market';
import { usePagedList } from '@/lib/use-paged-list';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { homeApi } from '../api/home-api';

/** Notices shown in the home bar. */
export const NOTICE_BAR_SIZE = 5;
/** The rankings' order is re-read this often; prices in the rows move live in between. */
const OVERVIEW_REFRESH_MS = 30_000;

// Content comes back in the caller's language: the language is part of each key.
export function useCarousel() {
  const lang = useSession((s) => s.lang);
  return useQuery({
    queryKey: ['content', 'carousel', lang],
    queryFn: ({ signal }) => homeApi.carousel(signal),
    staleTime: 10 * 60_000,
  });
}

export function useNotices() {
  const lang = useSession((s) => s.lang);
  return useQuery({
    queryKey: ['content', 'notices', lang, NOTICE_BAR_SIZE],
    queryFn: ({ signal }) => homeApi.notices(1, NOTICE_BAR_SIZE, signal),
    staleTime: 5 * 60_000,
  });
}

export function useNotice(id: string) {
  const lang = useSession((s) => s.lang);
  return useQuery({
    queryKey: ['content', 'notice', lang, id],
    queryFn: ({ signal }) => homeApi.notice(id, signal),
    enabled: /^\d{1,18}$/.test(id),
    staleTime: 10 * 60_000,
  });
}

export function useOverview() {
  return useQuery({
    queryKey: ['market', 'overview'],
    queryFn: async ({ signal }) => {
      const data = await homeApi.overview(signal);
      seedTickers(data.turnover);
      return data;
    },
    refetchInterval: OVERVIEW_REFRESH_MS,
    staleTime: OVERVIEW_REFRESH_MS,
  });
}

export function usePlatformInfo() {
  return useQuery({
    queryKey: ['content', 'info'],
    queryFn: ({ signal }) => homeApi.info(signal),
    staleTime: 10 * 60_000,
  });
}

/** The announcements, pinned first, each marked read or not for this user. */
export function useAnnouncements() {
  const lang = useSession((s) => s.lang);
  return usePagedList(['content', 'announcements', lang], (page, pageSize, signal) =>
    homeApi.announcements(page, pageSize, signal),
  );
}

/** Marks an announcement read once it is shown to a signed-in user; the list's marks follow. */
export function useMarkAnnouncementRead(id: string | undefined) {
  const signedIn = useSession((s) => Boolean(s.token));
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (noticeId: string) => homeApi.readAnnouncement(noticeId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['content', 'announcements'] }),
  });
  useEffect(() => {
    if (signedIn && id) mutate(id);
  }, [signedIn, id, mutate]);
}
