// The first reads' registry on its own (see request()): a few schemas, in the contract's core chunk.
export { firstReadsApi } from '@nexa/contract/first-reads';
