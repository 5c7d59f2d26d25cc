import { request } from '@/lib/http';
import type { ApiBody } from '@nexa/contract';

/** Customer service: the channels (index/kefu), the user's conversation, and a visitor's message. */
export const supportApi = {
  channels: (signal?: AbortSignal) => request('index/kefu', {}, { method: 'GET', signal, silent: true }),
  history: (body: ApiBody<'support/history'>, signal?: AbortSignal) =>
    request('support/history', body, { method: 'GET', signal, silent: true }),
  send: (body: ApiBody<'support/send'>) => request('support/send', body),
  visitorMessage: (body: ApiBody<'support/visitorMessage'>) => request('support/visitorMessage', body),
};

export const supportKeys = {
  channels: ['support', 'channels'] as const,
  history: ['support', 'history'] as const,
};
