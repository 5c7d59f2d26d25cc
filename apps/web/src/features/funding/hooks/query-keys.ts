/** The funding queries' keys live in the shared layer: the message centre refreshes them on a review decision. */
export { WALLETS_KEY, fundingKeys } from '@/shared/api/funding-keys';
