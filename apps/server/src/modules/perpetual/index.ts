export { DEFAULT_ENGINE_OPTIONS, type EngineOptions, TriggerEngine } from './engine.js';
export { registerPerpetualRoutes } from './routes.js';
export { DEFAULT_PERPETUAL_LIMITS, type PerpetualLimits, PerpetualService } from './service.js';
