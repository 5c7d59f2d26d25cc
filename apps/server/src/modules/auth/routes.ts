import type { Router } from '../../platform/http.js';
import type { SecurityCentre } from './security-centre.js';
import type { AuthService } from './service.js';
import type { TwoFactor } from './two-factor.js';

export function registerAuthRoutes(r: Router, auth: AuthService, perIpPerMinute: number) {
  r.handle('ems/send', (body, ctx) => auth.sendEmailCode(body, ctx), { perIpPerMinute });
  r.handle('sms/send', (body, ctx) => auth.sendSmsCode(body, ctx), { perIpPerMinute });
  r.handle('user/register', (body, ctx) => auth.register(body, ctx), { perIpPerMinute });
  r.handle('user/login', (body, ctx) => auth.login(body, ctx), { perIpPerMinute });
  r.handle('user/login2fa', (body, ctx) => auth.login2fa(body, ctx), { perIpPerMinute });
  r.handle('user/resetpwd', (body) => auth.resetPassword(body), { perIpPerMinute });
  r.handle('user/logout', (_body, ctx) => auth.logout(ctx.user));
  r.handle('user/getUserinfo', (_body, ctx) => auth.getUser(ctx.user));
  r.handle('index/resetPassword', (body, ctx) => auth.changePassword(ctx.user, body, ctx), { perIpPerMinute });
  r.handle('user/changeUser', (body, ctx) => auth.changeMode(ctx.user, body.mode));
  r.handle('security/totpSetup', (_body, ctx) => auth.totpSetup(ctx.user));
  r.handle('security/totpEnable', (body, ctx) => auth.enableTwoFactor(ctx.user, body, ctx), { perIpPerMinute });
}

/** The security centre (mine → settings → Security). Calls that check a code share the per-address cap. */
export function registerSecurityRoutes(
  r: Router,
  centre: SecurityCentre,
  twoFactor: TwoFactor,
  perIpPerMinute: number,
) {
  const limited = { perIpPerMinute };
  r.handle('security/overview', (_body, ctx) => centre.overview(ctx.user));
  r.handle(
    'security/totpDisable',
    async (body, ctx) => {
      await twoFactor.disable(BigInt(ctx.user.id), body.code);
      return null;
    },
    limited,
  );
  r.handle('security/sessions', (_body, ctx) => centre.sessions(ctx.user));
  r.handle('security/revokeSession', (body, ctx) => centre.revokeSession(ctx.user, body.sessionId));
  r.handle('security/revokeOtherSessions', (_body, ctx) => centre.revokeOthers(ctx.user));
  r.handle('security/loginHistory', (body, ctx) => centre.loginHistory(ctx.user, body.page, body.pageSize));
  r.handle('security/antiPhishing', (body, ctx) => centre.setAntiPhishing(ctx.user, body.phrase));
}
