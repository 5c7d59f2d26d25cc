export { registerWalletRoutes } from './routes.js';
export { WalletsService } from './service.js';
