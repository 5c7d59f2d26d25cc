import { request } from '@/lib/http';

/**
 * Home content calls (spec §7 index/carouselList, getList, noticeDetail, overview, info): all public. The
 * banner, the notice bar and the rankings (re-read every 30 s) show their own states, so they do not toast.
 */
export const homeApi = {
  carousel: (signal?: AbortSignal) => request('index/carouselList', {}, { method: 'GET', signal, silent: true }),
  notices: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('index/getList', { type: 'notice', page, pageSize }, { method: 'GET', signal, silent: true }),
  notice: (id: string, signal?: AbortSignal) => request('index/noticeDetail', { id }, { method: 'GET', signal }),
  overview: (signal?: AbortSignal) => request('index/overview', {}, { method: 'GET', signal, silent: true }),
  info: (signal?: AbortSignal) => request('index/info', {}, { method: 'GET', signal }),
  /** Announcements with the signed-in user's read marks. */
  announcements: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('content/announcements', { page, pageSize }, { method: 'GET', signal }),
  readAnnouncement: (id: string) => request('content/readAnnouncement', { id }, { silent: true }),
};
