/**
 * The money rules both sides apply, once (docs/decisions.md, "One copy of each money rule"): the decimal, and
 * the pure functions behind every figure a screen previews and the server charges. The server calls the
 * decimal forms; the web calls the string forms, which parse and print around the same functions.
 */
export * from './money.js';
export * from './perpetual.js';
export * from './funding.js';
export * from './convert.js';
export * from './delivery.js';
export * from './safeguards.js';
export * from './referral.js';
export * from './copy.js';
export * from './admin-config.js';
