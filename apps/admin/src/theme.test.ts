import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { CONSOLE_COLORS, consoleTheme } from './theme';

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  if (color.startsWith('#')) {
    const h = color.slice(1);
    const full = h.length === 3 ? [...h].map((x) => x + x).join('') : h;
    const alpha = full.length === 8 ? Number.parseInt(full.slice(6), 16) / 255 : 1;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)).concat(alpha) as Rgba;
  }
  const m = /rgba?\(([^)]+)\)/.exec(color);
  if (!m?.[1]) throw new Error(`not a colour: ${color}`);
  const [r = 0, g = 0, b = 0, a = 1] = m[1].split(',').map((x) => Number.parseFloat(x));
  return [r, g, b, a];
}

/** `fg` drawn over the opaque `bg`. */
function over(fg: Rgba, bg: Rgba): Rgba {
  const a = fg[3];
  return [0, 1, 2].map((i) => (fg[i] ?? 0) * a + (bg[i] ?? 0) * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const f = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** WCAG contrast of text `fg` on background `bg` (a translucent background is laid over white first). */
function contrast(fg: string, bg: string): number {
  const back = over(parse(bg), [255, 255, 255, 1]);
  const a = luminance(over(parse(fg), back));
  const b = luminance(back);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const token = theme.getDesignToken(consoleTheme);
const backgrounds = {
  container: token.colorBgContainer,
  layout: token.colorBgLayout,
  tableHeader: token.colorFillAlter,
} as const;

describe('console theme', () => {
  it('the contrast helper agrees with known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // antd's default secondary text, the failure axe reported on the dashboard: 3.36:1.
    expect(contrast('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(3.35, 1);
  });

  for (const key of [
    'colorText',
    'colorTextSecondary',
    'colorTextDescription',
    'colorTextTertiary',
    'colorTextHeading',
    'colorTextLabel',
    'colorPrimary',
    'colorLink',
    'colorError',
    'colorErrorText',
    'colorSuccessText',
    'colorWarningText',
  ] as const) {
    it(`${key} reads at 4.5:1 on the console's backgrounds`, () => {
      for (const [name, bg] of Object.entries(backgrounds))
        expect(contrast(token[key], bg), `${key} ${token[key]} on ${name} ${bg}`).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('the selected menu item and the status tags read at 4.5:1 on their tints', () => {
    expect(contrast(token.colorPrimary, token.controlItemBgActive)).toBeGreaterThanOrEqual(4.5);
    // Tag color="success" | "processing" | "error" | "warning": the status colour on its Bg token.
    for (const s of ['Success', 'Info', 'Error', 'Warning'] as const)
      expect(contrast(token[`color${s}`], token[`color${s}Bg`]), s).toBeGreaterThanOrEqual(4.5);
  });

  it('white reads at 4.5:1 on the solid colours (buttons, badges)', () => {
    for (const c of [
      token.colorPrimary,
      token.colorError,
      token.colorSuccess,
      token.colorWarning,
      CONSOLE_COLORS.neutral,
    ])
      expect(contrast(token.colorTextLightSolid, c), c).toBeGreaterThanOrEqual(4.5);
  });
});
