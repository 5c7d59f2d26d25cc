export { registerSystemRoutes, type SystemSettings } from './routes.js';
export { countryCount } from './service.js';
