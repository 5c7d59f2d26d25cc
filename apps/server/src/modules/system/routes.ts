import type { Lang } from '@nexa/contract';
import type { Router } from '../../platform/http.js';
import { languages, listRegions } from './service.js';

export interface SystemSettings {
  defaultLang: Lang;
  inviteCodeRequired: () => boolean;
}

export function registerSystemRoutes(r: Router, s: SystemSettings) {
  r.handle('index/regions', async (_body, ctx) => ({ list: listRegions(ctx.lang) }));
  r.handle('index/language', async () => languages(s.defaultLang));
  r.handle('index/getInviteCodeSwitch', async () => ({ required: s.inviteCodeRequired() }));
}
