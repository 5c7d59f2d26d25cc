import { nexaModule } from '../../platform/kernel.js';
import { PushSender } from './push.js';
import { registerMessagesRoutes } from './routes.js';
import { MessageService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The message centre: domains tell a user about their records in their own transaction. */
    messages: MessageService;
    /** Web Push (tests replace its transport). */
    webPush: PushSender;
  }
}

/** Message centre, Web Push and the app download links (issue 16). */
export const messagesModule = nexaModule(
  'messages',
  async (app) => {
    const { config, database, router, userEvents, now } = app.platform;
    const push = new PushSender({ db: database.db, log: app.log, config: config.webPush });
    const messages = new MessageService({ db: database.db, userEvents, push, now, log: app.log });
    registerMessagesRoutes(router, messages, push, () => app.settings.get('appDownload'));
    app.decorate('messages', messages);
    app.decorate('webPush', push);
  },
  ['settings'],
);
