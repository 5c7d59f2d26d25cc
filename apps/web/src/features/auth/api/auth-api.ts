import { request } from '@/lib/http';
import type { ApiBody, CodeScene } from '@nexa/contract';
import type { IdentityInput } from '../fields';

/** The identity part of a body: only the fields the chosen type uses. */
export function identityBody(v: IdentityInput) {
  return v.type === 'email'
    ? { type: 'email' as const, email: v.email.trim() }
    : { type: 'mobile' as const, areaCode: v.areaCode, mobile: v.mobile.trim() };
}

/** The identity forms' calls: silent, because the form says a refusal itself (under its fields, else a toast). */
const FORM = { silent: true } as const;

export const authApi = {
  login: (body: ApiBody<'user/login'>) => request('user/login', body, FORM),
  /** The second step when the account has 2FA on: the challenge of the first and a code or recovery code. */
  login2fa: (challenge: string, code: string) => request('user/login2fa', { challenge, code }),
  register: (body: ApiBody<'user/register'>) => request('user/register', body, FORM),
  resetPassword: (body: ApiBody<'user/resetpwd'>) => request('user/resetpwd', body, FORM),
  /** Sends a code by e-mail or SMS, whichever the identity uses; resolves with the wait before the next one. */
  sendCode: async (identity: IdentityInput, scene: CodeScene) => {
    const sent =
      identity.type === 'email'
        ? await request('ems/send', { email: identity.email.trim(), scene }, FORM)
        : await request('sms/send', { areaCode: identity.areaCode, mobile: identity.mobile.trim(), scene }, FORM);
    return sent;
  },
  regions: (signal?: AbortSignal) => request('index/regions', {}, { method: 'GET', signal }),
  inviteCodeSwitch: (signal?: AbortSignal) =>
    request('index/getInviteCodeSwitch', {}, { method: 'GET', signal, silent: true }),
};
