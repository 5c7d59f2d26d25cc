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

export function closeOverlays(): void {
  for (const close of closers) close();
}
