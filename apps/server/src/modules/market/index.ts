export type { Tick } from './feed/types.js';
export { marketChannels, registerMarketRoutes, wireMarketToHub } from './routes.js';
export { type MarketConfig, MarketService } from './service.js';
