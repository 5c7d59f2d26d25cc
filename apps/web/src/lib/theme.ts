import type { Theme } from './session-store';

const THEME_COLOR: Record<Theme, string> = { dark: '#0b0e14', light: '#f5f6f8' };

/**
 * Puts the theme on <html>: antd-mobile reads `data-prefers-color-scheme`, our own CSS variables read
 * `data-theme` (app/global.css), and the browser chrome reads the theme-color meta.
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-prefers-color-scheme', theme);
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}
