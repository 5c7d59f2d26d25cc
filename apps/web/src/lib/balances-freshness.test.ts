import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type UserChannelState,
  afterUserChannelLive,
  balancesAsOf,
  noteUserChannelLive,
  resetUserChannelState,
} from './balances-freshness';

const live: UserChannelState = { everLive: true, live: true, backAtMs: 0 };

describe('balances that may be out of date', () => {
  beforeEach(() => resetUserChannelState());

  it('are current while the user socket is live and the last read succeeded', () => {
    expect(balancesAsOf(live, { dataUpdatedAt: 1_000, isError: false })).toBeNull();
    // Before the socket was ever confirmed the screens read on open: nothing says they are old.
    expect(
      balancesAsOf({ everLive: false, live: false, backAtMs: 0 }, { dataUpdatedAt: 1_000, isError: false }),
    ).toBeNull();
  });

  it('are as of their read while the socket is down, or the last read failed', () => {
    expect(balancesAsOf({ ...live, live: false }, { dataUpdatedAt: 1_000, isError: false })).toBe(1_000);
    expect(balancesAsOf(live, { dataUpdatedAt: 1_000, isError: true })).toBe(1_000);
  });

  it('stay so once the socket is back, until they were read again after it', () => {
    const back = { ...live, backAtMs: 5_000 };
    expect(balancesAsOf(back, { dataUpdatedAt: 1_000, isError: false })).toBe(1_000);
    expect(balancesAsOf(back, { dataUpdatedAt: 5_200, isError: false })).toBeNull();
  });

  it('nothing read yet is not out of date (the screen shows its loading or error state)', () => {
    expect(balancesAsOf({ ...live, live: false }, { dataUpdatedAt: 0, isError: true })).toBeNull();
  });

  it('note when the socket turns live: the first time, and back after a drop (when the server answers again)', () => {
    expect(noteUserChannelLive(false, 1_000)).toBe(false);
    expect(noteUserChannelLive(true, 2_000)).toBe(true);
    expect(noteUserChannelLive(true, 2_500)).toBe(false);
    expect(noteUserChannelLive(false, 3_000)).toBe(false);
    expect(noteUserChannelLive(true, 4_000)).toBe(true);
    // Only a return after a drop makes earlier reads suspect.
    expect(
      balancesAsOf({ everLive: true, live: true, backAtMs: 4_000 }, { dataUpdatedAt: 3_500, isError: false }),
    ).toBe(3_500);
  });

  it('runs what waits for the channel once it is first confirmed, once, or at once when it already was', async () => {
    const waiting = vi.fn();
    const cancelled = vi.fn();
    afterUserChannelLive(waiting);
    const cancel = afterUserChannelLive(cancelled);
    cancel();
    await Promise.resolve();
    noteUserChannelLive(false, 1_000);
    expect(waiting).not.toHaveBeenCalled();
    noteUserChannelLive(true, 2_000);
    expect(waiting).toHaveBeenCalledTimes(1);
    noteUserChannelLive(false, 3_000);
    noteUserChannelLive(true, 4_000);
    expect(waiting).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    const late = vi.fn();
    afterUserChannelLive(late);
    expect(late).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(late).toHaveBeenCalledTimes(1);
  });
});
