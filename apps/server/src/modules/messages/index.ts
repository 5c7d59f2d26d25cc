export type { MessagePort, NewMessage, NotifyOptions } from './service.js';
export { MessageService } from './service.js';
export { MESSAGE_LINKS } from './links.js';
export { PushSender, type PushSend, pushPayload } from './push.js';
