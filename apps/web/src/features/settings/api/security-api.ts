import { request } from '@/lib/http';

export const securityApi = {
  totpSetup: () => request('security/totpSetup', {}),
  totpEnable: (code: string, password: string) => request('security/totpEnable', { code, password }),
  totpDisable: (code: string) => request('security/totpDisable', { code }),
  sessions: (signal?: AbortSignal) => request('security/sessions', {}, { method: 'GET', signal }),
  revokeSession: (sessionId: string) => request('security/revokeSession', { sessionId }),
  revokeOthers: () => request('security/revokeOtherSessions', {}),
  loginHistory: (page: number, pageSize: number, signal?: AbortSignal) =>
    request('security/loginHistory', { page, pageSize }, { method: 'GET', signal }),
  antiPhishing: (phrase: string) => request('security/antiPhishing', { phrase }),
};
