import { describe, expect, it } from 'vitest';
import { AUTOPLAY_MS, autoplayMayMove, nextBanner } from './banner-carousel';

describe('nextBanner', () => {
  it('moves to the next banner and from the last back to the first', () => {
    expect(nextBanner(0, 3)).toBe(1);
    expect(nextBanner(1, 3)).toBe(2);
    expect(nextBanner(2, 3)).toBe(0);
    expect(nextBanner(0, 1)).toBe(0);
    expect(nextBanner(0, 0)).toBe(0);
  });
});

describe('autoplayMayMove', () => {
  const now = 1_000_000;
  const playing = { hidden: false, onScreen: true, reducedMotion: false, now, touchedAt: 0 };

  it('moves on a visible page, with the carousel on screen and untouched for an interval', () => {
    expect(autoplayMayMove(playing)).toBe(true);
    expect(autoplayMayMove({ ...playing, touchedAt: now - AUTOPLAY_MS })).toBe(true);
  });

  it('waits while the page is hidden or the carousel is scrolled away', () => {
    expect(autoplayMayMove({ ...playing, hidden: true })).toBe(false);
    expect(autoplayMayMove({ ...playing, onScreen: false })).toBe(false);
  });

  it('waits for an interval after the user touched or swiped the carousel', () => {
    expect(autoplayMayMove({ ...playing, touchedAt: now - 1 })).toBe(false);
    expect(autoplayMayMove({ ...playing, touchedAt: now - AUTOPLAY_MS + 1 })).toBe(false);
  });

  it('never moves for a user who asked for reduced motion', () => {
    expect(autoplayMayMove({ ...playing, reducedMotion: true })).toBe(false);
  });
});
