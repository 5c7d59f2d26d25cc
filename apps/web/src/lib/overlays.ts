/**
 * Overlays opened imperatively, outside the page (antd-mobile's `Dialog.show`, `ImageViewer.show`), close when the
 * route changes under them (`closeOverlays`, called by the router). Each registers its closer where it is imported,
 * so the first route does not carry a component it never opens: `ImageViewer` alone brought @use-gesture (~8 KiB
 * gzip) along.
 */
const closers = new Set<() => void>();

export function closeOnNavigate(close: () => void): void {
  closers.add(close);
}

/**
 * Closes them two frames later, not at once. An overlay closed before its opening animation has drawn a frame is
 * never unmounted: react-spring reports no end (`onRest`) for an animation stopped before it changed anything, and
 * antd-mobile unmounts on that end, so the overlay stayed, transparent, over the next page and took its taps (a back
 * pressed right after a tap that opened a confirm; CI's wallets e2e once). Two frames let the opening animation
 * start; a page opens no overlay within them on its own.
 */
export function closeOverlays(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      for (const close of closers) close();
    }),
  );
}
