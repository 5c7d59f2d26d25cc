export { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits, DeliveryOrders } from './orders.js';
export { deliveryModule } from './plugin.js';
export { registerDeliveryRoutes } from './routes.js';
export { profitOf } from './rules.js';
export { DeliverySettlement } from './settlement.js';
export { type OrderCopies, OrderViews } from './views.js';
