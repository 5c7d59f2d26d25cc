import type { Router } from '../../platform/http.js';
import type { KycService } from './service.js';

export function registerKycRoutes(r: Router, k: KycService, perIpPerMinute: number) {
  r.handle('user_verification/getCountryList', async (_body, ctx) => k.countries(ctx.lang));
  r.handle('user_verification/submitIdentityVerification', (body, ctx) => k.submit(ctx.user, body), {
    perIpPerMinute,
  });
  r.handle('user_verification/getUserVerification', (_body, ctx) => k.state(ctx.user));
}
