import { nexaModule } from '../../platform/kernel.js';
import { UploadStore } from '../../platform/uploads.js';
import { registerSupportUploadRoute } from './http.js';
import { registerSupportRoutes } from './routes.js';
import { SupportService } from './service.js';

/** Customer service (issue 16): `index/kefu`, the support conversation, and the operators' side of it. */
export const supportModule = nexaModule('support', async (app) => {
  const { config, database, router, now, userEvents, messenger } = app.platform;
  const service = new SupportService({
    db: database.db,
    now,
    userEvents,
    messenger,
    defaults: config.supportChannels,
    onSendError: (err) => app.log.error({ err }, 'support: a visitor answer could not be e-mailed'),
  });
  await service.seed();
  registerSupportRoutes(router, service);
  await registerSupportUploadRoute(app, {
    store: new UploadStore({ db: database.db, dataDir: config.dataDir, now }),
    service,
    authenticate: (token) => router.operatorFor('admin/supportUpload', token),
    defaultLang: config.defaultLang,
  });
});
