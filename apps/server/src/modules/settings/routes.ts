import type { SettingKey, SettingValues } from '@nexa/contract';
import type { Router } from '../../platform/http.js';
import type { AdjustmentsService } from './adjustments.js';
import type { ProductsService, SettingsService } from './service.js';

/**
 * The operators' configuration calls. Roles (issue 17): settings and products are `admin`'s, adjustments
 * `finance`'s (the operator roles module enforces them); the four-eyes rule is the service's.
 */
export function registerSettingsRoutes(r: Router, settings: SettingsService, adjustments: AdjustmentsService) {
  r.handle('admin/settings', async () => settings.list());
  r.handle('admin/updateSetting', (b, ctx) =>
    settings.update(b.key, b.value as SettingValues[SettingKey], {
      operatorId: ctx.operator.id,
      version: b.version,
      reason: b.reason,
    }),
  );

  r.handle('admin/adjustments', (b) => adjustments.list(b));
  r.handle('admin/proposeAdjustment', (b, ctx) => adjustments.propose(b, ctx.operator.id));
  r.handle('admin/approveAdjustment', (b, ctx) => adjustments.approve(b.id, ctx.operator.id, b.reason));
  r.handle('admin/rejectAdjustment', (b, ctx) => adjustments.reject(b.id, ctx.operator.id, b.reason));
}

export function registerProductRoutes(r: Router, products: ProductsService) {
  r.handle('admin/products', async () => products.list());
  r.handle('admin/updateProduct', (b, ctx) => products.update(b, ctx.operator.id));
  r.handle('admin/setDeliveryPeriods', (b, ctx) => products.setPeriods(b, ctx.operator.id));
}
