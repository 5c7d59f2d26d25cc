import type { Router } from '../../platform/http.js';
import { actorOf } from '../../platform/money-call.js';
import type { ConvertService } from './service.js';

export function registerConvertRoutes(r: Router, c: ConvertService) {
  r.handle('index/coin', async () => c.coins());
  r.handle('index/sdQuote', async (body) => c.quote(body));
  r.handle('index/sdSubmit', (body, ctx) => c.submit(actorOf(ctx.user), body));
  r.handle('index/sdRec', (body, ctx) => c.records(actorOf(ctx.user), body.page, body.pageSize));
}
