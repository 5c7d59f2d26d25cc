import { request } from '@/lib/http';
import { useQuery } from '@tanstack/react-query';

/** The native apps operators publish (index/getAppDownloadUrl); visitors may read it. */
export function useAppDownload() {
  return useQuery({
    queryKey: ['appDownload'],
    queryFn: ({ signal }) => request('index/getAppDownloadUrl', {}, { method: 'GET', signal }),
    staleTime: 5 * 60_000,
  });
}

/** The server's Web Push key (null: push is off on this deployment). */
export function usePushConfig() {
  return useQuery({
    queryKey: ['pushConfig'],
    queryFn: ({ signal }) => request('push/config', {}, { method: 'GET', signal }),
    staleTime: 10 * 60_000,
  });
}
