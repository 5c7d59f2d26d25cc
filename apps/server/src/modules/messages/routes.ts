import type { AppDownloadData } from '@nexa/contract';
import type { Router } from '../../platform/http.js';
import type { PushSender } from './push.js';
import type { MessageService } from './service.js';

export function registerMessagesRoutes(
  r: Router,
  s: MessageService,
  push: PushSender,
  download: () => AppDownloadData,
) {
  r.handle('message/list', (body, ctx) => s.list(ctx.user, body.page, body.pageSize));
  r.handle('message/unread', (_body, ctx) => s.unread(ctx.user));
  r.handle('message/read', (body, ctx) => s.read(ctx.user, body.id));
  r.handle('message/readAll', (_body, ctx) => s.readAll(ctx.user));
  r.handle('push/config', async () => ({ publicKey: push.publicKey }));
  r.handle('push/subscribe', (body, ctx) => s.subscribe(ctx.user, body, ctx.lang));
  r.handle('push/unsubscribe', (body, ctx) => s.unsubscribe(ctx.user, body.endpoint));
  r.handle('index/getAppDownloadUrl', async () => download());
}
