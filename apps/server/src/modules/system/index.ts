export { registerSystemRoutes, type SystemSettings } from './routes.js';
