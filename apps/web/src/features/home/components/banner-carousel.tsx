import { useInView } from '@/lib/use-in-view';
import type { CarouselData } from '@nexa/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Banner } from './banner';

/** How long a banner shows before the next slides in. */
export const AUTOPLAY_MS = 4500;

/** The banner autoplay moves to after `current` of `count`: the next, and from the last back to the first. */
export function nextBanner(current: number, count: number): number {
  return count > 0 ? (current + 1) % count : 0;
}

/**
 * Whether autoplay moves on now: not while the page is hidden or the carousel is off screen, not for a user who asked
 * for reduced motion, and not within one interval of the user's own touch (they are reading or swiping).
 */
export function autoplayMayMove(state: {
  hidden: boolean;
  onScreen: boolean;
  reducedMotion: boolean;
  now: number;
  touchedAt: number;
}): boolean {
  return !state.hidden && state.onScreen && !state.reducedMotion && state.now - state.touchedAt >= AUTOPLAY_MS;
}

/**
 * Scrolls the track to its `index`th banner. The target is the track's offset plus the banner's distance from its edge,
 * so it is the same in left-to-right and right-to-left. An absolute scroll: a relative one (scrollBy) counts as a
 * swipe in one direction, which `scroll-snap-stop: always` stops at the next banner, so the last could never go back
 * to the first.
 */
function scrollToBanner(track: HTMLElement, index: number) {
  const slide = track.children[index];
  if (!slide) return;
  const delta = slide.getBoundingClientRect().left - track.getBoundingClientRect().left;
  track.scrollTo({ left: track.scrollLeft + delta, behavior: 'smooth' });
}

/**
 * The banners as a row the browser scrolls and snaps (CSS scroll snap): a swipe is the browser's own scrolling, and
 * autoplay is a smooth scroll the compositor runs, so neither costs the main thread a frame. Which banner shows is
 * told by an IntersectionObserver on the track, not a scroll handler. (It replaced antd-mobile's Swiper, whose
 * spring animated each slide from JavaScript, frame by frame: docs/decisions.md, session 29.)
 */
export function BannerCarousel({ list, open }: { list: CarouselData['list']; open: (link: string) => void }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const currentRef = useRef(0);
  // On screen (or near it), through the app's one shared observer; read by the autoplay timer.
  const [viewRef, onScreen] = useInView<HTMLDivElement>();
  const onScreenRef = useRef(onScreen);
  useEffect(() => {
    onScreenRef.current = onScreen;
  }, [onScreen]);
  const setTrack = useCallback(
    (el: HTMLDivElement | null) => {
      track.current = el;
      viewRef(el);
    },
    [viewRef],
  );

  useEffect(() => {
    const el = track.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const shown = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const index = Number((entry.target as HTMLElement).dataset.index);
          currentRef.current = index;
          setCurrent(index);
        }
      },
      { root: el, threshold: 0.6 },
    );
    for (const slide of Array.from(el.children)) shown.observe(slide);

    let touchedAt = 0;
    const touched = () => {
      touchedAt = Date.now();
    };
    const touchEvents = ['pointerdown', 'touchstart', 'wheel'] as const;
    for (const type of touchEvents) el.addEventListener(type, touched, { passive: true });
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    const timer = setInterval(() => {
      const state = {
        hidden: document.visibilityState === 'hidden',
        onScreen: onScreenRef.current,
        reducedMotion: reducedMotion?.matches ?? false,
        now: Date.now(),
        touchedAt,
      };
      if (autoplayMayMove(state)) scrollToBanner(el, nextBanner(currentRef.current, el.children.length));
    }, AUTOPLAY_MS);
    return () => {
      clearInterval(timer);
      for (const type of touchEvents) el.removeEventListener(type, touched);
      shown.disconnect();
    };
  }, []);

  return (
    <>
      <div ref={setTrack} className="home-carousel__track" data-testid="home-carousel-track">
        {list.map((item, index) => (
          <div key={item.id} className="home-carousel__slide" data-index={index}>
            <Banner item={item} open={open} lazy={index > 0} />
          </div>
        ))}
      </div>
      <div className="home-carousel__dots" aria-hidden="true" data-current={current}>
        {list.map((item, index) => (
          <span key={item.id} className={`home-carousel__dot${index === current ? ' is-active' : ''}`} />
        ))}
      </div>
    </>
  );
}
