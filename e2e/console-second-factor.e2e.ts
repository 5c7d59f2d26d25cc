import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, shot } from './browser';
import { consoleDesk } from './console-desk';

/**
 * The console as deployed by default (ADMIN_REQUIRE_2FA=true), at 1440×900: an operator who has not turned on the
 * second factor sees only the way to do it, then the screens of their role.
 */
const ctx = serverAndBrowser(() => ({ market: { historyHours: 0 }, adminRequire2fa: true }));
const { desktop, logIn } = consoleDesk(ctx);

describe('operator console: the second factor first', () => {
  it('shows an operator without it only the enrolment, and every screen once it is on', async () => {
    const chief = await ctx.server.createOperator('second.factor');
    const page = await desktop();
    await logIn(page, chief.username, chief.password);
    await page.getByTestId('totp-required').waitFor();
    expect(await page.locator('[data-testid^="nav-"]').count()).toBe(0);
    await shot(page, 'console-totp-required-en');

    await page.getByTestId('totp-enrol-required').click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByTestId('totp-code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('nav-users').waitFor();
    await expect(page.getByTestId('totp-required').count()).resolves.toBe(0);
    await page.getByTestId('nav-users').click();
    await page.getByTestId('screen-title').filter({ hasText: 'Users' }).waitFor();
  });
});
