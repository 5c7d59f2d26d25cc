import type { TestServer } from '@nexa/server/testing';
import type { Browser, Page } from 'playwright-core';

/** The operator console at a desk (1440×900, English), for the console's journey files. */
export function consoleDesk(ctx: { server: TestServer; browser: Browser }) {
  async function desktop(): Promise<Page> {
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    return context.newPage();
  }

  /** Signs in on the console's login page and waits for the operator's name in the header. */
  async function logIn(page: Page, username: string, password: string) {
    await page.goto(`${ctx.server.url}/admin/`);
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('me').filter({ hasText: username }).waitFor();
  }

  return { desktop, logIn };
}
