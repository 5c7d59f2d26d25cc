import { request } from '@/lib/http';

export const settingsApi = {
  /** Revokes the session on the server. Silent: logging out locally must work even when this fails. */
  logout: () => request('user/logout', {}, { silent: true }),
};
