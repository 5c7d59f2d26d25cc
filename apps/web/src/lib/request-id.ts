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

/**
 * Remembers the requestId of an action whose outcome is unknown (a timeout or a network failure), and what that
 * attempt sent. Asking again for the same action (same fingerprint: what the user chose, without the requestId)
 * gives that id back with exactly what the first attempt sent (a convert keeps its first quoted rate, so the
 * server sees a true repeat); any other action, or any action after an answer arrived, gets a fresh id.
 */
export class RequestIdKeeper<V = undefined> {
  private pending: { fingerprint: string; id: string; vars: V } | null = null;

  constructor(private readonly generate: () => string = () => newRequestId()) {}

  /** The id to send for the action described by `fingerprint`, and what to send with it. */
  attempt(fingerprint: string, vars: V): { id: string; vars: V } {
    if (this.pending?.fingerprint !== fingerprint) this.pending = { fingerprint, id: this.generate(), vars };
    return { id: this.pending.id, vars: this.pending.vars };
  }

  /**
   * Call when the action settled. `outcomeUnknown`: the call failed before any answer came back, so it may have
   * been applied: keep the id for a retry. Otherwise (success, or a refusal) the next action is a new one.
   */
  settle(outcomeUnknown: boolean): void {
    if (!outcomeUnknown) this.pending = null;
  }
}
