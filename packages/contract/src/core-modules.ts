/**
 * The contract modules of the web app's `contract-core` chunk (apps/web/vite.config.ts builds its test from this
 * list): what the home page and the first reads' registry need. The list must be closed under the modules' own
 * imports (apps/web/src/app/contract-core.test.ts checks it): a core module importing any other contract module would put the whole
 * rest of the contract back on the signed-in home's first render (docs/decisions.md, session 36).
 */
export const CONTRACT_CORE_MODULES = [
  'common',
  'define',
  'auth',
  'market',
  'messages',
  'wallets',
  'safeguards',
  'first-reads',
  'events-core',
] as const;
