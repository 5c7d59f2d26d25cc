import { randomUUID } from 'node:crypto';
import { type TestServer, startTestServer } from '@nexa/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdableFrames, launch, phone, shot } from './browser.js';
import { appSession, textOf } from './session.js';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const { api, registerUser, openSignedIn } = appSession(() => server);

const ROUTE = {
  mine: '/pages/tabbarPages/mine/index',
  detail: '/pages/tabbarPages/mine/assetsDetail',
  transfer: '/pages/tabbarPages/mine/fundTransfer',
  records: '/pages/tabbarPages/mine/fundTransferRecord',
  demo: '/pages/tabbarPages/mine/getAssets',
  changes: '/pages/tabbarPages/mine/changeRecord',
  denomination: '/pages/tabbarPages/mine/denominationCurrency',
} as const;

const text = textOf;

describe('assets: demo account, demo assets, transfer, records', () => {
  it('switches to demo, claims 10000 USDT, moves 2500 spot → delivery, sees every record, and back to real', async () => {
    const context = await phone(browser);
    await holdableFrames(context);
    const page = await context.newPage();
    const session = await registerUser('assets');
    await openSignedIn(page, session, ROUTE.mine);

    // The Assets tab in the real account: nothing yet.
    await page.getByTestId('mine-page').waitFor();
    await expect.poll(() => text(page, 'assets-total')).toBe('$0.00');
    await expect(page.getByTestId('assets-mode-real').getAttribute('aria-pressed')).resolves.toBe('true');
    await shot(page, 'assets-real-empty-en');

    // Real → demo: no confirmation, the switch and the user card show it at once.
    await page.getByTestId('assets-mode-demo').click();
    await expect.poll(() => page.getByTestId('assets-mode-demo').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => text(page, 'mine-mode')).toBe('Demo account');
    await expect.poll(() => text(page, 'assets-total')).toBe('$0.00');

    // Get demo assets: claim once, then the page says when the next claim is possible.
    await page.getByTestId('assets-action-demo').click();
    await page.getByTestId('demo-page').waitFor();
    await expect.poll(() => text(page, 'demo-amount')).toBe('10,000.00');
    await page.getByTestId('demo-claim').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent(), { timeout: 10_000 })
      .toContain('10,000.00 USDT');
    await expect.poll(() => text(page, 'demo-next')).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expect(page.getByTestId('demo-claim').isDisabled()).resolves.toBe(true);
    await shot(page, 'demo-claimed-en');

    await page.getByTestId('nav-back').click();
    await expect.poll(() => text(page, 'assets-total')).toBe('$10,000.00');
    await expect.poll(() => text(page, 'assets-total-usdt')).toBe('10,000.00');
    await expect.poll(() => text(page, 'assets-wallet-spot')).toContain('10,000.00');

    // Transfer 2500 USDT spot → delivery.
    await page.getByTestId('assets-action-transfer').click();
    await page.getByTestId('transfer-page').waitFor();
    await expect.poll(() => text(page, 'transfer-from')).toContain('Spot');
    // The to-wallet sheet; picking the from-wallet as "to" swaps the two.
    await page.getByTestId('transfer-to').click();
    // Each wallet offered with what it holds of the currency moved.
    await expect.poll(() => text(page, 'transfer-option-available-spot')).toContain('10,000.00 USDT');
    await expect.poll(() => text(page, 'transfer-option-available-perpetual')).toContain('0.00 USDT');
    await page.getByTestId('transfer-to-option-perpetual').click();
    await expect.poll(() => text(page, 'transfer-to')).toContain('Perpetual contract');
    await page.getByTestId('transfer-swap').click();
    await expect.poll(() => text(page, 'transfer-from')).toContain('Perpetual contract');
    await page.getByTestId('transfer-swap').click();
    await page.getByTestId('transfer-to').click();
    await page.getByTestId('transfer-to-option-delivery').click();
    await expect.poll(() => text(page, 'transfer-to')).toContain('Delivery contract');
    await expect.poll(() => text(page, 'transfer-currency')).toContain('USDT');
    await expect.poll(() => text(page, 'transfer-available')).toBe('10,000.00');
    await shot(page, 'transfer-form-en');

    // What is not a number is refused, typed or pasted: the field keeps its value ("1e3" never becomes 13, "-5" 5).
    const amount = page.getByTestId('transfer-amount');
    await amount.fill('25');
    await amount.press('e');
    await amount.press('-');
    await expect(amount.inputValue()).resolves.toBe('25');
    for (const pasted of ['1e3', '-5']) {
      await amount.fill(pasted);
      await expect(amount.inputValue()).resolves.toBe('25');
    }

    // More than available is refused before any call; "All" fills the balance.
    await page.getByTestId('transfer-amount').fill('20000');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(() => text(page, 'transfer-amount-error')).toBe('Insufficient balance');
    await page.getByTestId('transfer-all').click();
    await expect(page.getByTestId('transfer-amount').inputValue()).resolves.toBe('10000.00');

    // The browser's back button while the confirmation is open closes it with the page, and moves nothing.
    await page.getByTestId('transfer-amount').fill('2500');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').waitFor();
    await page.goBack();
    await page.getByTestId('transfer-page').waitFor({ state: 'detached' });
    await page.getByTestId('transfer-confirm').waitFor({ state: 'detached' });
    await expect(page.locator('.adm-dialog').count()).resolves.toBe(0);
    await page.goForward();
    await page.getByTestId('transfer-page').waitFor();
    // So does a back pressed before the confirmation has drawn a frame (a slow phone's late first frame): it stayed,
    // transparent, over the next page and took its taps.
    await page.getByTestId('transfer-to').click();
    await page.getByTestId('transfer-to-option-delivery').click();
    await expect.poll(() => text(page, 'transfer-available')).toBe('10,000.00');
    await page.getByTestId('transfer-amount').fill('2500');
    await page.evaluate(() => {
      const watch = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="transfer-confirm"]')) return;
        watch.disconnect();
        (window as unknown as { __holdFrames: (ms: number) => void }).__holdFrames(500);
        history.back();
      });
      watch.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('mine-page').waitFor();
    await page.getByTestId('transfer-confirm').waitFor({ state: 'detached' });
    await expect(page.locator('.adm-dialog').count()).resolves.toBe(0);
    await page.getByTestId('assets-action-transfer').click();
    await page.getByTestId('transfer-page').waitFor();
    await page.getByTestId('transfer-to').click();
    await page.getByTestId('transfer-to-option-delivery').click();
    await expect.poll(() => text(page, 'transfer-available')).toBe('10,000.00');

    await page.getByTestId('transfer-amount').fill('2500');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').click();
    await page.getByTestId('transfer-result').waitFor();
    const result = (await text(page, 'transfer-result')) ?? '';
    expect(result).toContain('7,500.00');
    expect(result).toContain('2,500.00');
    await expect.poll(() => text(page, 'transfer-available')).toBe('7,500.00');
    await shot(page, 'transfer-done-en');

    // The record list.
    await page.getByTestId('transfer-records').click();
    await page.getByTestId('transfer-record-page').waitFor();
    await expect.poll(() => page.getByTestId('record-item').count()).toBe(1);
    const record = (await text(page, 'record-item')) ?? '';
    for (const part of ['Spot', 'Delivery contract', '2,500.00', 'USDT', '10,000.00', '7,500.00', '0.00']) {
      expect(record).toContain(part);
    }
    await shot(page, 'transfer-records-en');

    // The Assets tab shows the split.
    await page.getByTestId('nav-back').click();
    await page.getByTestId('nav-back').click();
    await page.getByTestId('mine-page').waitFor();
    await expect.poll(() => text(page, 'assets-wallet-spot')).toContain('7,500.00');
    await expect.poll(() => text(page, 'assets-wallet-delivery')).toContain('2,500.00');
    await expect.poll(() => text(page, 'assets-total')).toBe('$10,000.00');
    await shot(page, 'assets-demo-en');

    // A wallet's detail page: its currencies and its own change log.
    await page.getByTestId('assets-wallet-spot').click();
    await page.getByTestId('assets-detail-page').waitFor();
    await expect.poll(() => text(page, 'detail-currency-USDT')).toContain('7,500.00');
    await expect.poll(() => page.getByTestId('change-item').count()).toBe(2);
    await shot(page, 'detail-spot-en');
    await page.getByTestId('nav-back').click();

    // Account changes: all three, then filtered by type and by date.
    await page.getByTestId('mine-row-records').click();
    await page.getByTestId('change-record-page').waitFor();
    await expect.poll(() => page.getByTestId('change-item').count()).toBe(3);
    const types = await page
      .getByTestId('change-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types.sort()).toEqual(['demo_claim', 'transfer_in', 'transfer_out']);
    const out = page.locator('[data-testid="change-item"][data-type="transfer_out"]');
    await expect(out.textContent()).resolves.toContain('-2,500.00');
    await expect(out.textContent()).resolves.toContain('Transfer out');
    await shot(page, 'changes-en');
    await page.getByTestId('change-filter-type').click();
    await page.getByTestId('change-filter-type-option-transfer_in').click();
    await expect.poll(() => page.getByTestId('change-item').count()).toBe(1);
    await expect(page.getByTestId('change-item').getAttribute('data-type')).resolves.toBe('transfer_in');
    await expect(text(page, 'change-item')).resolves.toContain('+2,500.00');
    await page.getByTestId('change-filter-date').click();
    // One tap picks a single day (a second tap on another day would make a range).
    await page.locator('.adm-calendar-picker-view-cell-today').click();
    await page.locator('.adm-calendar-picker-footer .adm-button').click();
    await expect.poll(() => text(page, 'change-filter-date')).toMatch(/\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}/);
    await expect.poll(() => page.getByTestId('change-item').count()).toBe(1);
    await shot(page, 'changes-filtered-en');
    await page.getByTestId('nav-back').click();

    // Denomination: CNY everywhere a total is shown; kept in the session store.
    await page.getByTestId('mine-settings').click();
    await page.getByTestId('settings-currency').click();
    await page.getByTestId('denomination-page').waitFor();
    await expect(page.getByTestId('denomination-USD').getAttribute('aria-selected')).resolves.toBe('true');
    await shot(page, 'denomination-en');
    await page.getByTestId('denomination-CNY').click();
    await expect.poll(() => text(page, 'settings-currency')).toContain('CNY');
    await page.getByTestId('nav-back').click();
    await expect.poll(() => text(page, 'assets-total')).toBe('¥71,000.00');
    await expect.poll(() => text(page, 'assets-total-usdt')).toBe('10,000.00');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('nexa-session') ?? '{}').state);
    expect(stored.denomination).toBe('CNY');

    // Back to the real account, on purpose only: a question first; "Cancel" stays in demo, nothing sent.
    const changes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/changeUser')) changes.push(r.url());
    });
    const dialog = page.locator('.adm-dialog');
    await page.getByTestId('assets-mode-real').click();
    await expect.poll(() => dialog.textContent()).toContain('Switch to your real account?');
    await shot(page, 'assets-to-real-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByTestId('assets-mode-demo').getAttribute('aria-pressed')).resolves.toBe('true');
    expect(changes).toEqual([]);
    // Confirmed: its own, empty balances.
    await page.getByTestId('assets-mode-real').click();
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect.poll(() => text(page, 'mine-mode')).toBe('Real account');
    expect(changes).toHaveLength(1);
    await expect.poll(() => text(page, 'assets-total')).toBe('¥0.00');
    await expect.poll(() => text(page, 'assets-wallet-spot')).toContain('0.00');
    await expect.poll(() => text(page, 'assets-wallet-spot')).not.toContain('7,500.00');
    await shot(page, 'assets-real-en');

    // The real account has no transfers yet: the empty state.
    await page.getByTestId('assets-action-transfer').click();
    await page.getByTestId('transfer-records').click();
    await page.getByTestId('empty-state').waitFor();
    await expect(page.getByTestId('record-item').count()).resolves.toBe(0);
    await shot(page, 'transfer-records-empty-en');
    await page.getByTestId('nav-back').click();
    await page.getByTestId('nav-back').click();

    // Demo assets from the real account: offered a switch to demo first; this month's claim is already done.
    await page.getByTestId('assets-action-demo').click();
    await page.getByTestId('demo-real-notice').waitFor();
    await shot(page, 'demo-real-en');
    await page.getByTestId('demo-switch').click();
    await expect.poll(() => text(page, 'demo-next')).toMatch(/\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId('demo-claim').isDisabled()).resolves.toBe(true);
    await page.getByTestId('nav-back').click();
    await expect.poll(() => text(page, 'mine-mode')).toBe('Demo account');
    await expect.poll(() => text(page, 'assets-total')).toBe('¥71,000.00');

    // The eye hides every amount, and stays hidden after a reload.
    await page.getByTestId('assets-eye').click();
    await expect.poll(() => text(page, 'assets-total')).toBe('******');
    await page.reload();
    await expect.poll(() => text(page, 'assets-total')).toBe('******');
    await context.close();
  });

  it('tells the user what became of a transfer whose answer was lost, and never moves the money twice', async () => {
    const session = await registerUser('retry');
    await api('user/changeUser', { mode: 'demo' }, session.token);
    await api('user/getDemoMoney', { requestId: randomUUID() }, session.token);
    const user = await api('user/getUserinfo', {}, session.token);
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, { token: session.token, user }, ROUTE.transfer);
    await expect.poll(() => text(page, 'transfer-available')).toBe('10,000.00');

    // The first submit reaches the server, but its answer never reaches the phone: the app looks the outcome up
    // by its requestId and shows the transfer as done, without sending it again.
    const requestIds: string[] = [];
    let fate: 'lose-answer' | 'never-arrives' | 'through' = 'lose-answer';
    await page.route('**/api/index/zySubmit', async (route) => {
      requestIds.push(JSON.parse(route.request().postData() ?? '{}').requestId);
      const now = fate;
      fate = 'through';
      if (now === 'lose-answer') await route.fetch();
      if (now !== 'through') return route.abort('failed');
      await route.continue();
    });
    await page.getByTestId('transfer-amount').fill('1000');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').click();
    await page.getByTestId('transfer-result').waitFor();
    expect(requestIds).toHaveLength(1);
    await expect.poll(() => text(page, 'transfer-available')).toBe('9,000.00');
    const records = await api<{ total: number }>('index/zyRec', { page: 1, pageSize: 10 }, session.token);
    expect(records.total).toBe(1);

    // The next one never reaches the server: the user is told nothing moved, and the form keeps what they typed.
    fate = 'never-arrives';
    await page.getByTestId('transfer-amount').fill('1000');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').last().textContent(), { timeout: 10_000 })
      .toBe('The request did not go through. Nothing was moved; you can try again.');
    await expect.poll(() => page.getByTestId('transfer-submit').isEnabled()).toBe(true);
    await expect(page.getByTestId('transfer-amount').inputValue()).resolves.toBe('1000');
    expect(await text(page, 'transfer-available')).toBe('9,000.00');

    // Trying again is a new attempt (the lost requestId can no longer apply), applied once.
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').click();
    await expect.poll(() => text(page, 'transfer-available')).toBe('8,000.00');
    expect(requestIds).toHaveLength(3);
    expect(requestIds[2]).not.toBe(requestIds[1]);
    const after = await api<{ total: number }>('index/zyRec', { page: 1, pageSize: 10 }, session.token);
    expect(after.total).toBe(2);
    await context.close();
  });

  it("keeps a lost transfer's requestId beyond its screen, and says it went through once the connection is back", async () => {
    const session = await registerUser('lost');
    await api('user/changeUser', { mode: 'demo' }, session.token);
    await api('user/getDemoMoney', { requestId: randomUUID() }, session.token);
    const user = await api('user/getUserinfo', {}, session.token);
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, { token: session.token, user }, ROUTE.transfer);
    await expect.poll(() => text(page, 'transfer-available')).toBe('10,000.00');
    const transfers = async () =>
      (await api<{ total: number }>('index/zyRec', { page: 1, pageSize: 10 }, session.token)).total;

    // The transfer reaches the server, its answer is lost and so is the lookup (the phone went offline).
    const requestIds: string[] = [];
    let answersLost = true;
    await page.route('**/api/index/zySubmit', async (route) => {
      requestIds.push(JSON.parse(route.request().postData() ?? '{}').requestId);
      if (!answersLost) return route.continue();
      await route.fetch();
      return route.abort('internetdisconnected');
    });
    let lookupsLost = true;
    await page.route('**/api/index/moneyCallOutcome', (route) =>
      lookupsLost ? route.abort('internetdisconnected') : route.continue(),
    );
    const lastToast = () => page.locator('.adm-toast-main').last().textContent();
    await page.getByTestId('transfer-amount').fill('1000');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').click();
    await expect.poll(lastToast, { timeout: 10_000 }).toBe('Network error, please check your connection');
    expect(await transfers()).toBe(1);
    await expect.poll(() => page.getByTestId('transfer-submit').isEnabled()).toBe(true);

    // The user leaves Transfer, comes back and sends the same transfer again: the same requestId, so it is not done
    // twice (a new screen used to send a new one, and the server moved 2,000).
    await page.evaluate((route) => {
      window.location.hash = `#${route}`;
    }, ROUTE.mine);
    await page.getByTestId('mine-page').waitFor();
    await page.getByTestId('assets-action-transfer').click();
    await page.getByTestId('transfer-page').waitFor();
    await page.getByTestId('transfer-amount').fill('1000');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').click();
    await expect.poll(() => requestIds.length).toBe(2);
    expect(requestIds[1]).toBe(requestIds[0]);
    await expect.poll(lastToast, { timeout: 10_000 }).toBe('Network error, please check your connection');
    expect(await transfers()).toBe(1);

    // The connection is back: the app asks what became of it and says it went through.
    await expect.poll(() => page.getByTestId('transfer-submit').isEnabled()).toBe(true);
    lookupsLost = false;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(lastToast, { timeout: 10_000 }).toBe('What you sent before the connection dropped went through.');
    await expect.poll(() => text(page, 'transfer-available')).toBe('9,000.00');
    // The form no longer holds the transfer that went through (Transfer again would send a second one).
    await expect.poll(() => page.getByTestId('transfer-amount').inputValue()).toBe('');
    await shot(page, 'transfer-lost-answer-told-en');

    // Known now: another transfer of 1,000 is a new one.
    answersLost = false;
    await page.getByTestId('transfer-amount').fill('1000');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').click();
    await expect.poll(() => text(page, 'transfer-available')).toBe('8,000.00');
    expect(requestIds).toHaveLength(3);
    expect(requestIds[2]).not.toBe(requestIds[0]);
    expect(await transfers()).toBe(2);
    await context.close();
  });

  it('renders every assets screen in zh and ar, dark and light', async () => {
    const session = await registerUser('screens');
    const token = session.token;
    await api('user/changeUser', { mode: 'demo' }, token);
    await api('user/getDemoMoney', { requestId: randomUUID() }, token);
    await api(
      'index/zySubmit',
      { from: 'spot', to: 'delivery', currency: 'USDT', amount: '2500', requestId: randomUUID() },
      token,
    );
    await api(
      'index/zySubmit',
      { from: 'delivery', to: 'copy', currency: 'USDT', amount: '120.5', requestId: randomUUID() },
      token,
    );
    const user = await api('user/getUserinfo', {}, token);

    const screens: { name: string; path: string; ready: string }[] = [
      { name: 'assets', path: ROUTE.mine, ready: 'assets-total' },
      { name: 'detail', path: `${ROUTE.detail}?wallet=spot`, ready: 'detail-currency-BTC' },
      { name: 'transfer', path: ROUTE.transfer, ready: 'transfer-submit' },
      { name: 'records', path: ROUTE.records, ready: 'record-item' },
      { name: 'demo', path: ROUTE.demo, ready: 'demo-next' },
      { name: 'changes', path: ROUTE.changes, ready: 'change-item' },
      { name: 'denomination', path: ROUTE.denomination, ready: 'denomination-EUR' },
    ];
    for (const [lang, theme] of [
      ['zh', 'dark'],
      ['zh', 'light'],
      ['ar', 'dark'],
      ['ar', 'light'],
    ] as const) {
      const context = await phone(browser);
      const page = await context.newPage();
      await openSignedIn(page, { token, user }, ROUTE.mine, { lang, theme });
      for (const screen of screens) {
        await page.goto(`${server.url}/h5/#${screen.path}`);
        await page.getByTestId(screen.ready).first().waitFor();
        await expect
          .poll(() => page.evaluate(() => document.documentElement.lang))
          .toBe(lang === 'zh' ? 'zh-CN' : 'ar');
        if (screen.name === 'transfer') {
          await expect.poll(() => text(page, 'transfer-available')).toBe('7,500.00');
        }
        if (screen.name === 'assets') {
          // Each wallet's "≈ 7,500.00 USDT" reads left to right as one, in Arabic too: ≈, then the figure, then USDT
          // (unisolated it read "USDT 7,500.00 ≈").
          const order = await page
            .locator('.wallet-value__sub')
            .first()
            .evaluate((el) => {
              const rectOf = (node: Node, from: number, to: number) => {
                const range = document.createRange();
                range.setStart(node, from);
                range.setEnd(node, to);
                return range.getBoundingClientRect().left;
              };
              const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
              const lefts: Record<string, number> = {};
              for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                const t = n.textContent ?? '';
                for (const mark of ['≈', 'USDT']) {
                  const i = t.indexOf(mark);
                  if (i >= 0) lefts[mark] = rectOf(n, i, i + mark.length);
                }
              }
              const figure = el.querySelector('.figure')!.getBoundingClientRect().left;
              return [lefts['≈']! < figure, figure < lefts.USDT!];
            });
          expect(order).toEqual([true, true]);
        }
        // Let skeletons and the page transition settle before the picture.
        await page.waitForTimeout(250);
        await shot(page, `${screen.name}-${theme}-${lang}`);
      }
      await context.close();
    }
  });
});
