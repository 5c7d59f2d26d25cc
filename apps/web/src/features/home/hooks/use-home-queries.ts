import { earlyAnswer } from '@/lib/early-reads';
import { useSession } from '@/lib/session-store';
import { usePagedList } from '@/lib/use-paged-list';
import { CarouselData } from '@nexa/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { homeApi } from '../api/home-api';
import { carouselQuery, noticesQuery, overviewQuery } from '../api/home-queries';

export function useCarousel() {
  const lang = useSession((s) => s.lang);
  // The banners public/boot.js already fetched and drew show at once, until the query's own answer (the same one,
  // adopted by the request helper) is read.
  return useQuery({
    ...carouselQuery(lang),
    placeholderData: () => earlyAnswer('index/carouselList', lang, CarouselData),
  });
}

export function useNotices() {
  const lang = useSession((s) => s.lang);
  return useQuery(noticesQuery(lang));
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
  return useQuery(overviewQuery());
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
