import { SUPPORT_LIMITS } from '@nexa/contract';
import type { Router } from '../../platform/http.js';
import type { SupportService } from './service.js';

export function registerSupportRoutes(r: Router, s: SupportService) {
  r.handle('index/kefu', () => s.kefu());
  r.handle('support/history', (body, ctx) => s.history(ctx.user.id, body));
  r.handle('support/send', (body, ctx) => s.send(ctx.user.id, body), { perIpPerMinute: 120 });
  r.handle('support/visitorMessage', (body, ctx) => s.visitorMessage(body, ctx.lang), {
    perIpPerMinute: SUPPORT_LIMITS.visitorPerIpPerMinute,
  });

  // Operators (role `support`; the channels: role `admin`). Every change is audited by the service.
  r.handle('admin/supportChannels', () => s.settings());
  r.handle('admin/setSupportChannels', (body, ctx) => s.setChannels(ctx.operator, body));
  r.handle('admin/supportConversations', (body, ctx) => s.list(ctx.operator, body));
  r.handle('admin/supportConversation', (body) => s.thread(body));
  r.handle('admin/assignSupport', (body, ctx) => s.assign(ctx.operator, body));
  r.handle('admin/replySupport', (body, ctx) => s.reply(ctx.operator, body));
  r.handle('admin/closeSupport', (body, ctx) => s.setStatus(ctx.operator, body.id, 'closed'));
  r.handle('admin/reopenSupport', (body, ctx) => s.setStatus(ctx.operator, body.id, 'open'));
}
