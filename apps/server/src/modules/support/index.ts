export { SupportService } from './service.js';
export { supportModule } from './plugin.js';
