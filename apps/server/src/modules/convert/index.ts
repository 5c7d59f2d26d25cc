export { type CurrentTicks, type RateSource, type UsdtQuote, marketRates } from './rates.js';
export { registerConvertRoutes } from './routes.js';
export { ConvertService, DEFAULT_MAX_PRICE_AGE_MS } from './service.js';
