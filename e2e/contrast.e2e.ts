import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_CONTEXT, serverAndBrowser } from './browser.js';
import { appSession } from './session.js';

// Text reads at WCAG AA (4.5:1) in both themes on the screens that colour their figures: the change pills, the
// buy/sell buttons, PnL and the badges. Lighthouse flagged white on the green pill at 2.4:1 (dark) and 2.1:1 (light),
// and light theme's green, red, gold and teal text at 1.8–4.1:1. theme-contrast.test holds the palette; this holds
// what the browser renders from it, measured by axe-core (the checker Lighthouse runs).
const ctx = serverAndBrowser();
const { demoTrader, openPosition, openSignedIn } = appSession(() => ctx.server);

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SCREENS = [
  { route: '/pages/tabbarPages/home/index', ready: '[data-testid="rank-row"]' },
  { route: '/pages/tabbarPages/markets/index', ready: '[data-testid="market-row"]' },
  // The order buttons once they take orders: disabled (while the price or the wallet loads) they are drawn at half
  // opacity, which a loaded CI machine measured once at 2.3:1.
  { route: '/pages/tabbarPages/futures/index', ready: '.trade-button--call:not(:disabled)' },
  {
    route: '/pages/tabbarPages/perpetual/index',
    ready: ['[data-testid="perp-position-pnl"]', '.perp-button--long:not(:disabled)'],
  },
  { route: '/pages/tabbarPages/mine/index', ready: '[data-testid="mine-page"]' },
  { route: '/pages/tabbarPages/mine/security/sessions', ready: '[data-testid="session-current"]' },
] as const;

/** axe-core's colour-contrast failures on the page as it is now: "selector: message" each. */
async function contrastFailures(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResult> } }).axe;
    type AxeResult = { violations: { nodes: { target: string[]; any: { message: string }[] }[] }[] };
    const result = await axe.run(document, { runOnly: ['color-contrast'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`));
  });
}

describe('colour contrast', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`${theme}: every text on the trading screens reads at 4.5:1`, { timeout: 120_000 }, async () => {
      // A demo trader (the account badge in warning colours) with an open long: its side and PnL are coloured too.
      const session = await demoTrader(`contrast-${theme}`, 'perpetual', '1000');
      await openPosition(session.token, { symbol: 'BTCUSDT', side: 'long', quantity: '1' });
      // axe is injected as an inline script, which the app's CSP refuses: the check runs with CSP bypassed.
      const context = await ctx.browser.newContext({
        ...PHONE_CONTEXT,
        viewport: { width: 390, height: 844 },
        bypassCSP: true,
      });
      try {
        const page = await context.newPage();
        const failures: string[] = [];
        for (const screen of SCREENS) {
          await openSignedIn(page, session, screen.route, {
            lang: 'en',
            theme,
            productType1: 'BTCUSDT',
            productType2: 'BTCUSDT',
          });
          for (const ready of [screen.ready].flat()) await page.locator(ready).first().waitFor();
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          failures.push(...(await contrastFailures(page)).map((f) => `${screen.route} ${f}`));
        }
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
