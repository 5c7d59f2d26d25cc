export { type GuardedOrder, SafeguardsService } from './service.js';
export { registerSafeguardsRoutes } from './routes.js';
