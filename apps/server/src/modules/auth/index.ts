export { registerAuthRoutes } from './routes.js';
export { type AuthDeps, AuthService } from './service.js';
