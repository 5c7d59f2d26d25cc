/**
 * The highest user-event number this page has seen (the server numbers each user's events 1, 2, 3…): a socket that
 * (re)subscribes to `user` asks the server to replay what came after it. 0: nothing seen, nothing to replay.
 */
let highestSeen = 0;

export function lastUserEventSeq(): number {
  return highestSeen;
}

export function noteUserEventSeq(seq: number) {
  if (seq > highestSeen) highestSeen = seq;
}

/** A new session (sign-in, sign-out) starts numbering afresh. */
export function resetUserEventSeq() {
  highestSeen = 0;
}
