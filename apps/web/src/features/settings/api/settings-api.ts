import { request } from '@/lib/http';

export const settingsApi = {
  /** Revokes the session on the server. Silent: logging out locally must work even when this fails. */
  /** Revokes `token` on the server (the app forgets it first, so nothing else is sent with it meanwhile). */
  logout: (token: string) => request('user/logout', {}, { silent: true, token }),
};
