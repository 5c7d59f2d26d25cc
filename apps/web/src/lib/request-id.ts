/**
 * Idempotency keys for calls that move money (ARCHITECTURE §6): one per user action, and the same one again when
 * that action is retried after the network failed, so the server applies it once whatever happened to the
 * first answer.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 random characters of [A-Za-z0-9] (the API takes 8–64 of [A-Za-z0-9_-]). */
export function newRequestId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  // crypto.randomUUID exists only in secure contexts; getRandomValues works over plain http too.
  const bytes = random(new Uint8Array(32));
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
