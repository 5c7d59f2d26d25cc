import { describe, expect, it } from 'vitest';
import { ViewWatch } from './use-in-view';

type Entries = readonly { target: Element; isIntersecting: boolean }[];

/** An IntersectionObserver stand-in: what is observed, and a way to report entries as the browser would. */
function fakeObserver() {
  const observed = new Set<Element>();
  let report: (entries: Entries) => void = () => {};
  let made = 0;
  const make = (onEntries: (entries: Entries) => void) => {
    made++;
    report = onEntries;
    return { observe: (el: Element) => observed.add(el), unobserve: (el: Element) => observed.delete(el) };
  };
  return { make, observed, report: (entries: Entries) => report(entries), made: () => made };
}

const element = (name: string) => ({ name }) as unknown as Element;

describe('ViewWatch', () => {
  it('tells each element its own entries, through one observer', () => {
    const io = fakeObserver();
    const views = new ViewWatch(io.make);
    const a = element('a');
    const b = element('b');
    const seen: string[] = [];
    views.watch(a, (s) => seen.push(`a:${s}`));
    views.watch(b, (s) => seen.push(`b:${s}`));
    expect(io.made()).toBe(1);
    io.report([
      { target: a, isIntersecting: true },
      { target: b, isIntersecting: false },
    ]);
    io.report([{ target: a, isIntersecting: false }]);
    expect(seen).toEqual(['a:true', 'b:false', 'a:false']);
  });

  it('stops telling an element once its watch ends, and a stale end leaves a newer watch alone', () => {
    const io = fakeObserver();
    const views = new ViewWatch(io.make);
    const a = element('a');
    const seen: string[] = [];
    const end = views.watch(a, (s) => seen.push(`first:${s}`));
    end();
    expect(io.observed.has(a)).toBe(false);
    io.report([{ target: a, isIntersecting: true }]);
    expect(seen).toEqual([]);
    // Watched again (a row re-mounted on the same node): the first watch's end must not stop the second.
    views.watch(a, (s) => seen.push(`second:${s}`));
    end();
    expect(io.observed.has(a)).toBe(true);
    io.report([{ target: a, isIntersecting: true }]);
    expect(seen).toEqual(['second:true']);
  });

  it('without an observer (an old browser) watches nothing, and everything counts as seen', () => {
    const views = new ViewWatch(() => null);
    expect(views.available).toBe(false);
    const seen: boolean[] = [];
    views.watch(element('a'), (s) => seen.push(s))();
    expect(seen).toEqual([]);
  });
});
