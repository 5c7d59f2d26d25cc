export { registerDeliveryRoutes } from './routes.js';
export { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits, DeliveryService, profitOf } from './service.js';
