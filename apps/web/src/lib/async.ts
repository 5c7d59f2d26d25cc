/** Cancels a scheduled callback. */
export type Cancel = () => void;
/** Runs `fn` after `ms`; injectable so tests drive time by hand. */
export type Schedule = (fn: () => void, ms: number) => Cancel;

export const browserSchedule: Schedule = (fn, ms) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

export class TimeoutError extends Error {
  constructor(readonly afterMs: number) {
    super(`Timed out after ${afterMs} ms`);
    this.name = 'TimeoutError';
  }
}

/** Settles like `promise`, or rejects with a TimeoutError once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number, schedule: Schedule = browserSchedule): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = schedule(() => reject(new TimeoutError(ms)), ms);
    promise.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });
}
