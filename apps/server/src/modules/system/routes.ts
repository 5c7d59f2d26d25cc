import { LANGS, type Lang, REACH } from '@nexa/contract';
import type { Router } from '../../platform/http.js';
import { languages, listRegions } from './service.js';

export interface SystemSettings {
  defaultLang: Lang;
  inviteCodeRequired: () => boolean;
  platformName: string;
  supportEmail: string;
  /** Where prices come from ('sim' or 'okx'), said on the about page. */
  marketSource: string;
  /** Products on offer now (the market module answers). */
  productCount: () => number;
  /** Products on offer now per market category (the market module answers). */
  productCategories: () => { category: string; count: number }[];
}

export function registerSystemRoutes(r: Router, s: SystemSettings) {
  r.handle('index/regions', async (_body, ctx) => ({ list: listRegions(ctx.lang) }));
  r.handle('index/language', async () => languages(s.defaultLang));
  r.handle('index/getInviteCodeSwitch', async () => ({ required: s.inviteCodeRequired() }));
  r.handle('index/info', async () => ({
    name: s.platformName,
    productCount: s.productCount(),
    // The figure the texts say ("130+ countries"), not the size of the calling-code table.
    countryCount: REACH.countries,
    supportEmail: s.supportEmail,
    marketSource: s.marketSource,
    categories: s.productCategories(),
    languageCount: LANGS.length,
  }));
}
