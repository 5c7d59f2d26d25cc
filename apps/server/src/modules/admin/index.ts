export { registerAdminFileRoute } from './http.js';
export {
  OPERATOR_PASSWORD_MIN,
  OperatorCreateError,
  createOperator,
  normalizeOperatorName,
  operatorPasswordProblem,
} from './operators.js';
export { type AdminPorts, registerAdminRoutes } from './routes.js';
export { ADMIN_SESSION_TTL_MS, AdminAuthService, operatorTokenHash } from './service.js';
