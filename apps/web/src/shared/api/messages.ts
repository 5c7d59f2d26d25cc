import { request } from '@/lib/http';

/** The message centre's calls (message/*): the bell on Home and Assets and the inbox read the same cache. */
export const messagesApi = {
  list: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('message/list', { page, pageSize }, { method: 'GET', signal }),
  unread: (signal?: AbortSignal) => request('message/unread', {}, { method: 'GET', signal }),
  read: (id: string) => request('message/read', { id }),
  readAll: () => request('message/readAll', {}),
};

export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  list: ['messages', 'list'] as const,
};
