// The call registry on its own, for `request()`'s dynamic import: with the contract free of side effects
// (`"sideEffects": false`), this chunk holds the registry's schemas and zod, and the first route does not.
export { api } from '@nexa/contract';
