import { randomUUID } from 'node:crypto';
import { type TestServer, startTestServer } from '@nexa/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser.js';
import { appSession } from './session.js';

const ctx = {} as { server: TestServer; browser: Browser };
// Starting the server (migrations on a fresh database) takes longer than the default hook time on a busy machine.
beforeAll(async () => {
  ctx.server = await startTestServer();
  ctx.browser = await launch();
}, 240_000);
afterAll(async () => {
  await ctx.browser?.close();
  await ctx.server?.close();
});
const { api, demoTrader, openSignedIn } = appSession(() => ctx.server);

const FUTURES = '/pages/tabbarPages/futures/index';
const LEADER = '/pages/tabbarPages/futures/leader';
const MESSAGES = '/pages/tabbarPages/mine/messages';
const DETAIL = '/pages/tabbarPages/futures/detail';
const STAKE = '100';
const SHARE_PCT = '10';

/** Directional marks the app puts around figures in a right-to-left line are not part of the figure. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim();
const textIn = async (page: Page, testId: string) => plain(await page.getByTestId(testId).first().textContent());

type Trader = Awaited<ReturnType<typeof demoTrader>>;

async function available(token: string, wallet: 'delivery' | 'copy'): Promise<string> {
  const money = await api<{ currencies: { currency: string; available: string }[] }>('index/money', { wallet }, token);
  return money.currencies.find((c) => c.currency === 'USDT')?.available ?? '';
}

/** A price as the app shows every price: thousands separators, its own decimals ("64621.93" → "64,621.93"). */
const grouped = (price: string) => {
  const [int = '', frac] = price.split('.');
  return `${int.replace(/\B(?=(\d{3})+$)/g, ',')}${frac === undefined ? '' : `.${frac}`}`;
};
/** A signed amount as the lists show it ("+72.00", "-100.00", "0.00"). */
const signed = (s: string) => (s.startsWith('-') || /^[0.]+$/.test(s) ? s : `+${s}`);

/** Whether the Futures order tab `key` is the open one. */
const tabOpen = (page: Page, key: string) =>
  page
    .locator(`.adm-tabs-tab-active [data-testid="futures-tab-${key}"]`)
    .count()
    .then((n) => n === 1);

/** Cents, so sums are exact. */
const cents = (s: string) => Math.round(Number(s) * 100);
const usdtText = (c: number) => `${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} USDT`;

interface Copy {
  plan: {
    id: string;
    title: string;
    leader: { nickname: string };
    direction: string;
    entry: { price: string } | null;
    result: string | null;
  };
  orderId: string | null;
  state: string;
  stake: string | null;
  payout: string | null;
  profitShare: string | null;
  profit: string | null;
}

/** A publishes the call plan on the Follow plan tab, inviting B by uid (the nickname is shown back first). */
async function publishOnScreen(page: Page, b: Trader) {
  await page.getByTestId('futures-tab-follow').click();
  await page.getByTestId('copy-form').waitFor();
  await page.getByTestId('copy-form-title').fill('BTC up in two minutes');
  await page.getByTestId('copy-form-direction-call').click();
  await page.getByTestId('copy-form-period-30').click();
  await page.getByTestId('copy-form-value').fill(STAKE);
  await page.getByTestId('copy-form-amount').fill(STAKE);
  await page.getByTestId('copy-form-share').fill(SHARE_PCT);
  // Nothing typed for the order time yet, and a minimum above the fixed amount: publishing says what is wrong,
  // under the field, and sends nothing.
  await page.getByTestId('copy-form-min').fill('200');
  await page.getByTestId('copy-form-publish').click();
  await expect.poll(() => textIn(page, 'copy-time-error')).toBe('Please select the order time');
  expect(await textIn(page, 'copy-form-value-error')).toBe('The amount per follower is below the minimum');
  await page.getByTestId('copy-form-min').fill('100');
  await expect.poll(() => page.getByTestId('copy-form-value-error').count()).toBe(0);
  await page.getByTestId('copy-time-in-2').click();
  await page.getByTestId('copy-invitee-input').fill(String(b.uid));
  await page.getByTestId('copy-invitee-add').click();
  await page.getByTestId(`copy-invitee-${b.uid}`).waitFor();
  expect(await textIn(page, `copy-invitee-${b.uid}`)).toContain(`UID ${b.uid}`);
  await shot(page, 'copy-form-dark');
  await page.getByTestId('copy-form-publish').click();
  await page.getByTestId('copy-published-row').first().waitFor();
}

/** B confirms every invitation under Invited me, checking the stake, share and wallet shown first. */
async function confirmOnScreen(page: Page, count: number) {
  await page.getByTestId('futures-tab-invited').click();
  await expect.poll(() => page.getByTestId('copy-invited-row').count(), { timeout: 20_000 }).toBe(count);
  await page.getByTestId('copy-invited').scrollIntoViewIfNeeded();
  await shot(page, 'copy-invited-light');
  for (let i = 0; i < count; i += 1) {
    const row = page.locator('[data-testid="copy-invited-row"]:has([data-status="invited"])').first();
    await row.locator('.copy-card__open').click();
    await page.getByTestId('copy-open-confirm').click();
    await page.getByTestId('copy-confirm-sheet').waitFor();
    expect(await textIn(page, 'copy-confirm-stake')).toContain('100.00 USDT');
    expect(await textIn(page, 'copy-confirm-share')).toContain('10.00%');
    expect(await textIn(page, 'copy-confirm-wallet')).toContain('Copy trading wallet');
    if (i === 0) await shot(page, 'copy-confirm-light');
    await page.getByTestId('copy-confirm-submit').click();
    await expect.poll(() => page.getByTestId('copy-invitation-state').getAttribute('data-status')).toBe('confirmed');
    // Undone in the app's words: "Stop copying".
    expect(await textIn(page, 'copy-withdraw')).toBe('Stop copying');
    if (i === 0) await shot(page, 'copy-confirmed-light');
    await page.getByTestId('copy-invitation-sheet').locator('.sheet__header button').click();
    await page.getByTestId('copy-invitation-sheet').waitFor({ state: 'detached' });
  }
}

describe('copy trading: a plan published, followed, placed at one entry and settled', () => {
  it(
    'A publishes inviting B by uid; B confirms; both orders open at the same entry; results, win rate and money exact',
    { timeout: 330_000 },
    async () => {
      const a = await demoTrader('leader', 'delivery', '1000');
      const b = await demoTrader('follower', 'copy', '1000');

      const ctxA = await phone(ctx.browser);
      const pageA = await ctxA.newPage();
      await openSignedIn(pageA, a, FUTURES, { lang: 'en', theme: 'dark', productType1: 'BTCUSDT' });
      await pageA.getByTestId('delivery-page').waitFor();
      await publishOnScreen(pageA, b);
      const { list: planList } = await api<{ list: { id: string; orderTime: number }[] }>(
        'order/followOrders',
        { page: 1, pageSize: 10 },
        a.token,
      );
      const callPlan = planList[0]!;
      // The same plan the other way, through the API: one of the two wins whatever the market does.
      await api(
        'order/createOrder',
        {
          title: 'BTC down in two minutes',
          symbol: 'BTCUSDT',
          direction: 'put',
          seconds: 30,
          orderTime: callPlan.orderTime,
          condition: { type: 'fixed', value: STAKE },
          amount: STAKE,
          invitees: [b.uid],
          profitSharePct: SHARE_PCT,
          requestId: randomUUID(),
        },
        a.token,
      );
      expect(await available(a.token, 'delivery')).toBe('800.00');

      const ctxB = await phone(ctx.browser);
      const pageB = await ctxB.newPage();
      // The bare Futures address (the tab bar, and messages stored before plans were linked) opens Position orders.
      await openSignedIn(pageB, b, FUTURES, { lang: 'en', theme: 'light', productType1: 'BTCUSDT' });
      await pageB.getByTestId('delivery-page').waitFor();
      await expect.poll(() => tabOpen(pageB, 'positions')).toBe(true);
      // B taps the newest "Copy trading invitation" in the message centre: the Futures screen opens on Invited me
      // with that plan's invitation open, its row outlined under the sheet.
      const invitations = await api<{ list: { kind: string; link: string | null }[] }>(
        'message/list',
        { page: 1, pageSize: 20 },
        b.token,
      );
      const links = invitations.list.filter((m) => m.kind === 'copy.invited').map((m) => m.link);
      expect(links).toHaveLength(2);
      const linkedPlan = new URLSearchParams((links[0] ?? '').split('?')[1]).get('plan') ?? '';
      const linkedTitle = linkedPlan === callPlan.id ? 'BTC up in two minutes' : 'BTC down in two minutes';
      await openSignedIn(pageB, b, MESSAGES, { lang: 'en', theme: 'light', productType1: 'BTCUSDT' });
      await pageB.locator('[data-testid="message-card"][data-kind="copy.invited"]').first().click();
      await pageB.getByTestId('copy-invitation-sheet').waitFor();
      expect(await pageB.locator('[data-testid="copy-invitation-sheet"] .sheet__header').textContent()).toContain(
        linkedTitle,
      );
      expect(await tabOpen(pageB, 'invited')).toBe(true);
      expect(await pageB.locator('[data-testid="copy-invited-row"][data-linked="true"]').getAttribute('data-id')).toBe(
        linkedPlan,
      );
      // The address keeps the tab only: back from a page opened here, the sheet does not open again by itself.
      expect(pageB.url()).toMatch(/futures\/index\?tab=invited$/);
      await shot(pageB, 'copy-message-opened-light');
      await pageB.getByTestId('copy-invitation-sheet').locator('.sheet__header button').click();
      await pageB.getByTestId('copy-invitation-sheet').waitFor({ state: 'detached' });
      await confirmOnScreen(pageB, 2);
      await expect.poll(() => textIn(pageB, 'copy-wallet-available')).toBe('800.00 USDT');

      // At the order time both have open orders at the one stored entry.
      const orders = async (token: string) =>
        (await api<{ list: { entry: { price: string } | null; status: string }[] }>('order/deliveryOrders', {}, token))
          .list;
      await expect
        .poll(async () => (await orders(b.token)).filter((o) => o.status === 'open').length, {
          timeout: 200_000,
          interval: 2_000,
        })
        .toBe(2);
      const entriesA = (await orders(a.token)).map((o) => o.entry?.price).sort();
      const entriesB = (await orders(b.token)).map((o) => o.entry?.price).sort();
      expect(entriesA).toHaveLength(2);
      expect(entriesB).toEqual(entriesA);
      await pageB.getByTestId('futures-tab-positions').click();
      await expect.poll(() => pageB.getByTestId('futures-order').count()).toBe(2);

      // After settlement: B's copy history, A's publish history and win rate.
      const copies = async () =>
        (await api<{ list: Copy[] }>('order/invitedHistory', { page: 1, pageSize: 10 }, b.token)).list;
      await expect
        .poll(async () => (await copies()).filter((c) => c.payout !== null).length, {
          timeout: 90_000,
          interval: 2_000,
        })
        .toBe(2);
      const settled = await copies();
      expect(settled.map((c) => c.plan.entry?.price).sort()).toEqual(entriesA);
      let expected = cents('1000');
      let won = 0;
      for (const c of settled) {
        expect(c.stake).toBe('100.00');
        // The delivery rule on 30 s (yield 0.8): a win pays 180.00, a share of 10 % of 80.00 profit is 8.00.
        if (c.state === 'won') {
          won += 1;
          expect([c.payout, c.profitShare, c.profit]).toEqual(['180.00', '8.00', '72.00']);
        } else if (c.state === 'lost') {
          expect([c.payout, c.profitShare, c.profit]).toEqual(['0.00', '0.00', '-100.00']);
        } else {
          expect(c.state).toBe('draw');
          expect([c.payout, c.profitShare]).toEqual(['100.00', '0.00']);
        }
        expected += cents(c.payout ?? '0') - cents(c.stake ?? '0') - cents(c.profitShare ?? '0');
      }
      expect(cents(await available(b.token, 'copy'))).toBe(expected);
      // The Invited me tab has nothing open left, and shows the copy wallet as it now stands.
      await pageB.getByTestId('futures-tab-invited').click();
      await pageB.getByTestId('copy-invited-empty').waitFor();
      // It says where the confirmed ones went, not that B was never invited.
      expect(await textIn(pageB, 'copy-invited-empty')).toContain(
        'Plans you confirmed are under Follow plan › My copies',
      );
      await expect.poll(() => textIn(pageB, 'copy-wallet-available')).toBe(usdtText(expected));

      await pageB.getByTestId('futures-tab-follow').click();
      await pageB.getByTestId('copy-view-copies').click();
      await expect.poll(() => pageB.getByTestId('copy-history-row').count()).toBe(2);
      for (const c of settled) {
        const row = pageB.locator(`[data-testid="copy-history-row"][data-id="${c.plan.id}"]`);
        await expect.poll(() => row.getByTestId('copy-row-state').getAttribute('data-status')).toBe(c.state);
        expect(plain(await row.getByTestId('copy-row-share-paid').textContent())).toContain(
          usdtText(cents(c.profitShare ?? '0')),
        );
        // The net profit in USDT like the card's other amounts, signed.
        const profit = cents(c.profit ?? '0');
        expect(plain(await row.getByTestId('copy-row-profit').textContent())).toContain(
          `${profit > 0 ? '+' : ''}${usdtText(profit)}`,
        );
      }
      // Entry prices as every price of the app: the product's precision with thousands separators.
      const first = settled[0]!;
      expect(
        plain(
          await pageB
            .locator(`[data-testid="copy-history-row"][data-id="${first.plan.id}"]`)
            .getByTestId('copy-row-entry')
            .locator('dd')
            .textContent(),
        ),
      ).toBe(grouped(first.plan.entry?.price ?? ''));
      await pageB.getByTestId('copy-follow').scrollIntoViewIfNeeded();
      await shot(pageB, 'copy-history-light');

      // One truth: under History orders each copy is marked as one, from its leader and plan, with the profit the
      // copy history shows (net of the profit share), and its detail shows the share on its own line.
      await pageB.getByTestId('futures-tab-history').click();
      for (const c of settled) {
        const row = pageB.locator(`[data-testid="futures-order"][data-id="${c.orderId}"]`);
        await row.waitFor();
        expect(await row.getByTestId('futures-order-copy').getAttribute('data-role')).toBe('follower');
        expect(plain(await row.getByTestId('futures-order-plan').textContent())).toBe(
          `${c.plan.title} · from ${c.plan.leader.nickname}`,
        );
        expect(plain(await row.getByTestId('futures-order-profit').textContent())).toBe(signed(c.profit ?? ''));
      }
      await pageB.locator('.order-tabs').scrollIntoViewIfNeeded();
      await shot(pageB, 'copy-orders-history-light');
      const best = settled.find((c) => c.state === 'won') ?? first;
      await pageB.locator(`[data-testid="futures-order"][data-id="${best.orderId}"]`).click();
      await pageB.getByTestId('order-detail').waitFor();
      await expect.poll(() => textIn(pageB, 'order-profit')).toBe(signed(best.profit ?? ''));
      expect(await textIn(pageB, 'order-copy-plan')).toBe(best.plan.title);
      const paid = best.profitShare ?? '0.00';
      expect(await textIn(pageB, 'order-copy-share')).toBe(/^[0.]+$/.test(paid) ? paid : `-${paid}`);
      expect(await textIn(pageB, 'order-payout')).toBe(best.payout);
      await shot(pageB, 'copy-order-detail-light');
      // The leader's own order of the plan: marked as theirs, its result unchanged.
      const leaderOrders = await api<{ list: { id: string; profit: string | null; copy: { role: string } | null }[] }>(
        'order/historyOrders',
        { page: 1, pageSize: 10 },
        a.token,
      );
      expect(leaderOrders.list.map((o) => o.copy?.role)).toEqual(['leader', 'leader']);
      await openSignedIn(pageB, b, FUTURES, { lang: 'en', theme: 'light', productType1: 'BTCUSDT' });
      await pageB.getByTestId('delivery-page').waitFor();

      // Won plans ÷ settled plans (a draw is settled, not won).
      const rate = ((won / settled.length) * 100).toFixed(2);
      await pageA.getByTestId('copy-view-published').click();
      await expect.poll(() => textIn(pageA, 'copy-my-win-rate'), { timeout: 20_000 }).toBe(`${rate}%`);
      await expect
        .poll(() => pageA.getByTestId('copy-row-status').first().getAttribute('data-status'), { timeout: 40_000 })
        .toMatch(/^(won|lost|draw)$/);
      await pageA.getByTestId('copy-follow').scrollIntoViewIfNeeded();
      await shot(pageA, 'copy-published-dark');

      // B opens A's profile (where an invitation's leader link goes): both plans, the settled ones counted over the
      // last 7 days, and B turns on following A's future plans automatically.
      // A stale link to a UID nobody has says so, not "failed to load, try again".
      await openSignedIn(pageB, b, `${LEADER}?uid=99999999`, { lang: 'en', theme: 'light' });
      await expect.poll(() => textIn(pageB, 'copy-leader-unknown')).toContain('No user has this UID');
      await openSignedIn(pageB, b, `${LEADER}?uid=${a.uid}`, { lang: 'en', theme: 'light' });
      await pageB.getByTestId('copy-leader-page').waitFor();
      await expect.poll(() => textIn(pageB, 'copy-leader-name')).toContain(`UID ${a.uid}`);
      expect(await textIn(pageB, 'copy-leader-publications')).toBe('2');
      await expect.poll(() => pageB.getByTestId('copy-leader-plan').count()).toBe(2);
      const week = pageB.getByTestId('copy-leader-window-7');
      expect(plain(await week.locator('td').nth(0).textContent())).toBe(`${rate}%`);
      expect(plain(await week.locator('td').nth(2).textContent())).toBe(`${won} / ${settled.length}`);
      expect(await pageB.getByTestId('copy-leader-auto').getAttribute('data-on')).toBe('false');
      await pageB.getByTestId('copy-leader-auto').click();
      await expect.poll(() => pageB.getByTestId('copy-leader-auto').getAttribute('data-on')).toBe('true');
      const autos = await api<{ list: { leader: { uid: number } }[] }>('order/autoFollows', {}, b.token);
      expect(autos.list.map((x) => x.leader.uid)).toEqual([a.uid]);
      await shot(pageB, 'copy-leader-light');
      // A hand-edited address without a UID says no such user, not an input error, and offers the way back.
      await openSignedIn(pageB, b, LEADER, { lang: 'en', theme: 'light' });
      await expect.poll(() => textIn(pageB, 'error-state')).toContain('No user has this UID');
      expect(await pageB.getByTestId('nav-back').count()).toBe(1);

      // The same screens in Arabic, right to left.
      await openSignedIn(pageB, b, FUTURES, { lang: 'ar', theme: 'dark', productType1: 'BTCUSDT' });
      await pageB.getByTestId('delivery-page').waitFor();
      await pageB.getByTestId('futures-tab-follow').click();
      await pageB.getByTestId('copy-view-copies').click();
      await pageB.getByTestId('copy-history-row').first().waitFor();
      expect(await pageB.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await pageB.getByTestId('copy-follow').scrollIntoViewIfNeeded();
      await shot(pageB, 'copy-history-ar');
      await pageB.getByTestId('copy-view-create').click();
      await shot(pageB, 'copy-form-ar');
      // History orders (opened by the address, as a message would) and a copied order's detail, in Arabic (light)
      // and in English (dark).
      for (const [lang, theme] of [
        ['ar', 'light'],
        ['en', 'dark'],
      ] as const) {
        await openSignedIn(pageB, b, `${FUTURES}?tab=history`, { lang, theme, productType1: 'BTCUSDT' });
        await pageB.locator('[data-testid="futures-order"] [data-testid="futures-order-copy"]').first().waitFor();
        await pageB.locator('.order-tabs').scrollIntoViewIfNeeded();
        await shot(pageB, `copy-orders-history-${lang}-${theme}`);
      }
      await openSignedIn(pageB, b, `${DETAIL}?id=${best.orderId}`, { lang: 'ar', theme: 'light' });
      await pageB.getByTestId('order-copy-share').waitFor();
      await shot(pageB, 'copy-order-detail-ar-light');
      await openSignedIn(pageB, b, `${DETAIL}?id=${best.orderId}`, { lang: 'en', theme: 'dark' });
      await pageB.getByTestId('order-copy-share').waitFor();
      await shot(pageB, 'copy-order-detail-dark');

      await ctxA.close();
      await ctxB.close();
    },
  );
});
