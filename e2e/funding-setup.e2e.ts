import { configFromEnv } from '@nexa/server/testing';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { appSession, textOf as text } from './session.js';

/**
 * A deployment that configured only the ERC20 deposit address (issue 11 §4): TRC20 is shown as not available,
 * never with a fake address. Also what a user is told about a bad bank account number, the withdrawal
 * prerequisites in every theme and direction, and the reach figures that Register and About share.
 */
const ctx = serverAndBrowser(() => ({
  funding: configFromEnv({ DEPOSIT_ADDRESS_ERC20: '0x52908400098527886E0F7030069857D2E4169EE7' }).funding,
}));
const { api, registerUser, openSignedIn } = appSession(() => ctx.server);
const ROUTE = {
  mine: '/pages/tabbarPages/mine/index',
  recharge: '/pages/tabbarPages/mine/recharge',
  recharge3: '/pages/tabbarPages/mine/recharge3',
  saveBank: '/pages/tabbarPages/mine/saveBank',
  withdrawal: '/pages/tabbarPages/mine/withdrawal',
  about: '/pages/tabbarPages/mine/about',
  register: '/pages/userPages/register',
} as const;

const LOOKS = [
  ['en', 'dark'],
  ['en', 'light'],
  ['ar', 'dark'],
] as const;

describe('funding set-up and checks', () => {
  it.each(LOOKS)('deposits on a chain without an address are not offered (%s, %s)', async (lang, theme) => {
    const session = await registerUser(`noaddr${lang}${theme}`);
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await openSignedIn(page, session, ROUTE.recharge, { lang, theme });
    // The first chain that takes deposits is chosen; TRC20 is marked and, when picked, says why instead of an address.
    await page.getByTestId('recharge-chain-ERC20').waitFor();
    await expect(page.getByTestId('recharge-chain-ERC20').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByTestId('recharge-chain-off-TRC20').waitFor();
    await page.getByTestId('recharge-chain-TRC20').click();
    await page.getByTestId('deposit-not-configured').waitFor();
    await expect(page.getByTestId('recharge-next').isDisabled()).resolves.toBe(true);
    if (lang === 'en') {
      await expect(text(page, 'deposit-not-configured')).resolves.toContain(
        'Deposits of USDT on TRC20 are not available yet',
      );
    } else {
      await expect(text(page, 'deposit-not-configured')).resolves.toContain('إيداع USDT عبر TRC20 غير متاح بعد');
    }
    await page.waitForTimeout(250);
    await shot(page, `recharge-not-configured-${theme}-${lang}`);

    // Straight to the address page: no address, no QR code, nothing to fill in.
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.recharge3}?currency=USDT&chain=TRC20`);
    await page.getByTestId('deposit-not-configured').waitFor();
    await expect(page.getByTestId('deposit-qr').count()).resolves.toBe(0);
    await expect(page.getByTestId('deposit-address').count()).resolves.toBe(0);
    await expect(page.getByTestId('deposit-amount').count()).resolves.toBe(0);
    await page.waitForTimeout(250);
    await shot(page, `recharge3-not-configured-${theme}-${lang}`);
    // A configured chain still shows its address.
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.recharge3}?currency=USDT&chain=ERC20`);
    await expect.poll(() => text(page, 'deposit-address')).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    await context.close();
  });

  it.each(LOOKS)('a bank card or IBAN with a mistake is refused with what is wrong (%s, %s)', async (lang, theme) => {
    const session = await registerUser(`iban${lang}${theme}`);
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await openSignedIn(page, session, ROUTE.saveBank, { lang, theme });
    await page.getByTestId('save-bank-page').waitFor();
    await page.getByTestId('bank-name').fill('Deutsche Beispielbank');
    await page.getByTestId('bank-user-name').fill('Erika Mustermann');
    const cases = [
      ['4111 1111 1111 1112', { en: 'This card number is not valid. Please check it for typos.' }],
      [
        '6222 02ab 3456',
        { en: 'Enter a card number (digits only) or an IBAN starting with its country code, e.g. DE89…' },
      ],
      ['DE89 3704 0044 0532 0130 01', { en: "This IBAN's check digits do not match. Please check it for typos." }],
    ] as const;
    for (const [typed, message] of cases) {
      await page.getByTestId('bank-card-number-input').fill(typed);
      // Letters are kept as typed, never dropped.
      await expect(page.getByTestId('bank-card-number-input').inputValue()).resolves.toBe(typed);
      await page.getByTestId('bank-submit').click();
      await expect.poll(() => text(page, 'bank-card-number-input-error')).toBeTruthy();
      if (lang === 'en') await expect(text(page, 'bank-card-number-input-error')).resolves.toBe(message.en);
    }
    await page.waitForTimeout(250);
    await shot(page, `save-bank-iban-error-${theme}-${lang}`);
    await page.getByTestId('bank-card-number-input').fill('de89 3704 0044 0532 0130 00');
    await page.getByTestId('bank-submit').click();
    // Saved, the page goes back by itself; going to it again before then would be undone by that step back.
    await page.getByTestId('save-bank-page').waitFor({ state: 'detached' });
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.saveBank}`);
    await expect.poll(() => text(page, 'bank-card-number')).toContain('3000');
    await context.close();
  });

  it.each(LOOKS)('the withdrawal says what is missing before the confirm (%s, %s)', async (lang, theme) => {
    const session = await registerUser(`prereq${lang}${theme}`);
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await openSignedIn(page, session, ROUTE.withdrawal, { lang, theme });
    await page.getByTestId('withdrawal-page').waitFor();
    await page.getByTestId('withdraw-amount').fill('25');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-prereq').waitFor();
    for (const missing of ['verification', 'password', 'address']) {
      await page.getByTestId(`withdraw-prereq-${missing}`).waitFor();
    }
    await page.waitForTimeout(400);
    await shot(page, `withdrawal-prereq-${theme}-${lang}`);
    await page.getByTestId('withdraw-prereq-cancel').click();
    await expect.poll(() => page.getByTestId('withdraw-prereq').count()).toBe(0);
    await context.close();
  });

  it('the console dashboard warns that deposits are off on the chains without an address and links to Settings', async () => {
    const op = await ctx.server.createOperator('dash.funding');
    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/admin/`);
    await page.getByTestId('login-username').fill(op.username);
    await page.getByTestId('login-password').fill(op.password);
    await page.getByTestId('login-submit').click();
    const alert = page.getByTestId('dashboard-deposits-off');
    await alert.waitFor();
    const said = (await alert.innerText()).replace(/\s+/g, ' ');
    expect(said).toContain('Deposits are off on TRC20: no receiving address is set');
    expect(said).toContain('TRC20 (USDT)');
    expect(said).not.toContain('ERC20 (');
    await shot(page, 'console-dashboard-deposits-off');
    await page.getByTestId('dashboard-deposits-off-settings').click();
    await page.getByTestId('setting-deposit').waitFor();
    expect(page.url()).toContain('#/settings');
    await context.close();
  });

  it('Register and About state the same reach, from one source', async () => {
    // index/info answers the shared figure (REACH in @nexa/contract); every screen must say the same.
    const reach = await api<{ countryCount: number }>('index/info', {});
    expect(reach.countryCount).toBe(130);
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/h5/#${ROUTE.register}`);
    await page.getByTestId('register-page').waitFor();
    const register = (await page.locator('.auth__subtitle').textContent()) ?? '';
    expect(register).toContain(`${reach.countryCount}+ countries`);
    const session = await registerUser('reach');
    await openSignedIn(page, session, ROUTE.about);
    await expect.poll(() => text(page, 'about-countries')).toBe(`${reach.countryCount}+`);
    const intro = (await page.locator('.about-text').textContent()) ?? '';
    expect(intro).toContain(`${reach.countryCount}+ countries`);
    expect(intro).toContain('40+ products');
    await context.close();
  });
});
