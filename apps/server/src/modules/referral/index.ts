export { RebateBatches, type RebateSource } from './rebates.js';
export { ReferralService } from './service.js';
