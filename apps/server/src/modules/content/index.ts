export { contentModule } from './plugin.js';
