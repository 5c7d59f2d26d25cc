export { registerDeliveryRoutes } from './routes.js';
export { profitOf } from './rules.js';
export { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits, DeliveryService } from './service.js';
