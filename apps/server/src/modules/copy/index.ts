export { copyModule, type CopyModuleOptions } from './plugin.js';
export { CopyPlacement } from './placement.js';
export { DEFAULT_COPY_LIMITS, type CopyLimits, CopyPlans } from './service.js';
