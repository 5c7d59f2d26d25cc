import type { Router } from '../../platform/http.js';
import type { AuthService } from './service.js';

export function registerAuthRoutes(r: Router, auth: AuthService, perIpPerMinute: number) {
  r.handle('ems/send', (body, ctx) => auth.sendEmailCode(body, ctx), { perIpPerMinute });
  r.handle('sms/send', (body, ctx) => auth.sendSmsCode(body, ctx), { perIpPerMinute });
  r.handle('user/register', (body, ctx) => auth.register(body, ctx), { perIpPerMinute });
  r.handle('user/login', (body, ctx) => auth.login(body, ctx), { perIpPerMinute });
  r.handle('user/resetpwd', (body) => auth.resetPassword(body), { perIpPerMinute });
  r.handle('user/logout', (_body, ctx) => auth.logout(ctx.user));
  r.handle('user/getUserinfo', (_body, ctx) => auth.getUser(ctx.user));
  r.handle('index/resetPassword', (body, ctx) => auth.changePassword(ctx.user, body, ctx), { perIpPerMinute });
  r.handle('user/changeUser', (body, ctx) => auth.changeMode(ctx.user, body.mode));
}
