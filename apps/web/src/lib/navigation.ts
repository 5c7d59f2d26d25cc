/**
 * Navigation from outside React (the request helper's 401/402/403 rules). The router registers itself at start;
 * before that, the hash is set directly.
 */
import type { NavigateOptions } from './request';

type Navigator = (path: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(path: string, options?: NavigateOptions): void {
  if (navigator) {
    navigator(path, options);
    return;
  }
  const hash = `#${path}`;
  if (options?.replace) window.location.replace(hash);
  else window.location.hash = hash;
}

/** The path of the current hash route, without its query. */
export function currentPath(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] || '/';
}
