import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenReadsSettle } from './query-client';

/** A query answered when the returned function is called. */
function pendingRead(client: QueryClient, key: string) {
  let answer: (value: string) => void = () => {};
  const read = () =>
    new Promise<string>((resolve) => {
      answer = resolve;
    });
  void client.fetchQuery({ queryKey: [key], queryFn: read });
  return async (value: string) => {
    answer(value);
    await vi.waitFor(() => expect(client.getQueryData([key])).toBe(value));
  };
}

/** An idle scheduler run by hand: `idle.run()` is the browser's idle moment. */
function manualIdle() {
  let queued: (() => void) | null = null;
  const schedule = vi.fn((then: () => void) => {
    queued = then;
    return () => {
      queued = null;
    };
  });
  return {
    schedule,
    run: () => {
      const then = queued;
      queued = null;
      then?.();
    },
    get queued() {
      return queued !== null;
    },
  };
}

describe('whenReadsSettle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at the next idle moment when nothing is being read', () => {
    const idle = manualIdle();
    const fn = vi.fn();
    whenReadsSettle(new QueryClient(), fn, 10_000, idle.schedule);
    expect(fn).not.toHaveBeenCalled();
    idle.run();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits for the last read in flight to answer, then for an idle moment, and runs once', async () => {
    const client = new QueryClient();
    const idle = manualIdle();
    const first = pendingRead(client, 'a');
    const second = pendingRead(client, 'b');
    const fn = vi.fn();
    whenReadsSettle(client, fn, 10_000, idle.schedule);
    expect(idle.queued).toBe(false);
    await first('one');
    expect(idle.queued).toBe(false);
    await second('two');
    expect(idle.queued).toBe(true);
    expect(fn).not.toHaveBeenCalled();
    idle.run();
    expect(fn).toHaveBeenCalledTimes(1);
    // Later reads do not run it again.
    await pendingRead(client, 'c')('three');
    idle.run();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a read started before the idle moment puts it off until that read has answered', async () => {
    const client = new QueryClient();
    const idle = manualIdle();
    const fn = vi.fn();
    whenReadsSettle(client, fn, 10_000, idle.schedule);
    const late = pendingRead(client, 'late');
    idle.run();
    expect(fn).not.toHaveBeenCalled();
    await late('answered');
    idle.run();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs after the time limit when a read never answers, and not again when it does', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const idle = manualIdle();
    const answer = pendingRead(client, 'slow');
    const fn = vi.fn();
    whenReadsSettle(client, fn, 10_000, idle.schedule);
    vi.advanceTimersByTime(9_999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await answer('late');
    idle.run();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('with a gate, watches the reads only once it opened: a read it starts is waited for too', async () => {
    const client = new QueryClient();
    const idle = manualIdle();
    const fn = vi.fn();
    let open = () => {};
    const cancelGate = vi.fn();
    const gate = vi.fn((then: () => void) => {
      open = then;
      return cancelGate;
    });
    whenReadsSettle(client, fn, 10_000, idle.schedule, gate);
    // Idle, nothing fetching: still shut (the user socket is not confirmed yet).
    expect(idle.queued).toBe(false);
    idle.run();
    expect(fn).not.toHaveBeenCalled();
    // It opens and, at that moment, starts a read of its own (the socket's catch-up).
    const answer = pendingRead(client, 'catch-up');
    open();
    expect(idle.queued).toBe(false);
    await answer('read again');
    expect(idle.queued).toBe(true);
    idle.run();
    expect(fn).toHaveBeenCalledTimes(1);
    // Done: the gate's watch is let go.
    expect(cancelGate).toHaveBeenCalled();
  });

  it('with a gate that never opens, still runs at the time limit', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    whenReadsSettle(new QueryClient(), fn, 10_000, manualIdle().schedule, () => () => {});
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', async () => {
    const client = new QueryClient();
    const idle = manualIdle();
    const answer = pendingRead(client, 'x');
    const fn = vi.fn();
    const cancel = whenReadsSettle(client, fn, 10_000, idle.schedule);
    cancel();
    await answer('done');
    idle.run();
    expect(fn).not.toHaveBeenCalled();
  });
});
