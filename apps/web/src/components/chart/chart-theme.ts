/** The chart's colours, read from the app's CSS variables (app/global.css), so it follows the dark/light theme. */
export interface ChartColors {
  background: string;
  text: string;
  grid: string;
  up: string;
  down: string;
  accent: string;
  crosshair: string;
  label: string;
}

const FALLBACK: ChartColors = {
  background: '#131823',
  text: '#8791a3',
  grid: '#242c3c',
  up: '#2ebd85',
  down: '#f8677a',
  accent: '#1fd1a5',
  crosshair: '#8791a3',
  label: '#222a3b',
};

export function readChartColors(root: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(root);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--app-bg-elevated', FALLBACK.background),
    text: read('--app-text-3', FALLBACK.text),
    grid: withAlpha(read('--app-border', FALLBACK.grid), 0.55),
    up: read('--app-up', FALLBACK.up),
    down: read('--app-down', FALLBACK.down),
    accent: read('--app-accent', FALLBACK.accent),
    crosshair: read('--app-text-3', FALLBACK.crosshair),
    label: read('--app-surface-2', FALLBACK.label),
  };
}

/** `#rrggbb` (or `#rgb`) with an alpha; any other colour is returned as it is. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const n = Number.parseInt(full, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
