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

/**
 * Runs `fn` once the browser has painted the next frame (a task queued from an animation frame runs after that
 * frame's paint): work the first paint must not wait for, such as downloads of what only a later action needs.
 * React may run an effect before the browser paints, so an effect alone does not guarantee it.
 */
export function afterNextPaint(fn: () => void): Cancel {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Resolves in a later task, so what follows runs after the browser has had the main thread (input, a paint): splits
 * start-up work that would otherwise be one long task. `scheduler.yield()` where the browser has it (its
 * continuation runs before other queued tasks), a zero-delay timer elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `load` run by the first call and shared by every call after it (a chunk's download, say). A failure is forgotten,
 * so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * Runs `fn` once the page has loaded and the browser has an idle moment (`timeoutMs` after the load at the latest;
 * where there is no `requestIdleCallback`, a short timer): work that must not compete with the first screen's own
 * content for the network and the main thread, such as opening the live user channel.
 */
export function afterLoadIdle(fn: () => void, timeoutMs = 2_000): Cancel {
  let cancelIdle: Cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(fn, { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(fn, 50);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancelIdle();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}
