import type { AdminContentItem } from '@nexa/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { type Prefs, appSession, textOf } from './session.js';

const ctx = serverAndBrowser();
/** Waits up to 15 s for a value: pages read over the network on a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const { api, registerUser, openSignedIn } = appSession(() => ctx.server);

const R = {
  home: '/pages/tabbarPages/home/index',
  more: '/pages/tabbarPages/home/more',
  helpCenter: '/pages/tabbarPages/home/helpCenter',
  moreHelp: '/pages/tabbarPages/home/moreHelp',
  moreDetail: '/pages/tabbarPages/home/moreDetail',
  noticeDetail: '/pages/tabbarPages/home/noticeDetail',
  faq: '/pages/tabbarPages/mine/help',
  about: '/pages/tabbarPages/mine/about',
  login: '/pages/userPages/login',
};

/** Opens the app with no account, in a language and theme stored as the app stores them. */
async function openAsVisitor(page: Page, path: string, prefs: Prefs) {
  await page.goto(`${ctx.server.url}/h5/favicon.svg`);
  await page.evaluate(
    ([value]) => localStorage.setItem('nexa-session', value as string),
    [JSON.stringify({ state: { token: null, user: null, ...prefs }, version: 1 })],
  );
  await page.goto(`${ctx.server.url}/h5/#${path}`);
}

async function operatorCall<T>(token: string, path: string, body: object): Promise<T> {
  const res = await fetch(`${ctx.server.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', 'ADMIN-TOKEN': token },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

const LANGS: { lang: string; theme: 'dark' | 'light'; search: string; fee: string; faq: string }[] = [
  { lang: 'en', theme: 'dark', search: 'withdrawal', fee: 'Fee: 1% of the amount.', faq: 'How deposits work' },
  { lang: 'zh', theme: 'light', search: '提现', fee: '手续费：金额的 1%。', faq: '如何充值' },
  { lang: 'ar', theme: 'light', search: 'السحب', fee: 'الرسوم: 1% من المبلغ.', faq: 'كيف يعمل الإيداع' },
];

describe('the help centre, as a visitor', () => {
  it.each(LANGS)(
    '$lang: searches, browses a category, reads an article with configured figures, opens the FAQ',
    async (l) => {
      const context = await phone(ctx.browser);
      const page = await context.newPage();
      const prefs = { lang: l.lang, theme: l.theme };
      await openAsVisitor(page, R.helpCenter, prefs);
      await page.getByTestId('help-center-page').waitFor();
      await poll(() => page.getByTestId('help-category').count()).toBe(4);
      if (l.lang === 'ar') await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      await shot(page, `content-help-center-${l.theme}-${l.lang}`);

      // Search in the reader's language: the withdrawal article is found.
      await page.getByTestId('help-search').locator('input').fill(l.search);
      await poll(() => page.getByTestId('help-article-row').count()).toBeGreaterThan(0);
      await shot(page, `content-help-search-${l.theme}-${l.lang}`);
      await page.getByTestId('help-search').locator('input').fill('');

      // A category, then its first article (deposits) and the second (withdrawals, the fee from configuration).
      await page.getByTestId('help-category').first().click();
      await page.getByTestId('more-help-page').waitFor();
      await poll(() => page.getByTestId('help-article-row').count()).toBe(2);
      await shot(page, `content-more-help-${l.theme}-${l.lang}`);
      await page.getByTestId('help-article-row').nth(1).click();
      await page.getByTestId('help-article-body').waitFor();
      await poll(() => textOf(page, 'help-article-body')).toContain(l.fee);
      await expect(textOf(page, 'help-article-body')).resolves.not.toContain('{{');
      // The in-app link of the article opens the withdrawal page (a visitor is sent to log in first).
      await expect(page.getByTestId('help-article-body').locator('a').first().getAttribute('href')).resolves.toBe(
        '#/pages/tabbarPages/mine/withdrawal',
      );
      await shot(page, `content-more-detail-${l.theme}-${l.lang}`);

      // The FAQ: questions open in place.
      await openAsVisitor(page, R.faq, prefs);
      await page.getByTestId('faq-page').waitFor();
      await page.getByTestId('faq-item').first().click();
      await poll(() => page.getByTestId('faq-answer').count()).toBe(1);
      await expect(textOf(page, 'faq-item')).resolves.toBe(l.faq);
      await shot(page, `content-faq-${l.theme}-${l.lang}`);
      // The smallest phone: the categories and the answer still fit.
      await page.setViewportSize({ width: 320, height: 568 });
      await shot(page, `content-faq-320-${l.lang}`);
      await openAsVisitor(page, R.helpCenter, prefs);
      await poll(() => page.getByTestId('help-category').count()).toBe(4);
      await shot(page, `content-help-center-320-${l.lang}`);
      await page.setViewportSize({ width: 390, height: 844 });

      // An article that does not exist says so.
      await openAsVisitor(page, `${R.moreDetail}?id=999999`, prefs);
      await page.getByTestId('help-not-found').waitFor();

      // Announcements, their list and About are for signed-in users (spec §6): a visitor is sent to log in.
      for (const path of [R.more, `${R.noticeDetail}?id=1`, R.about]) {
        await openAsVisitor(page, path, prefs);
        await page.waitForURL(/userPages\/login/);
      }
      await context.close();
    },
  );
});

describe('announcements, banners and About, as a user', () => {
  it('an operator publishes a pinned announcement and a banner; the user reads it in en, zh and ar', async () => {
    const op = await ctx.server.createOperator();
    const created = await operatorCall<AdminContentItem>(op.token, 'admin/saveContent', {
      kind: 'announcement',
      title: { en: 'Withdrawal fee explained', zh: '提现手续费说明', ar: 'شرح رسوم السحب' },
      body: {
        en: '## What changes\n- The fee is **{{withdrawalFeePercent}}%**.\n- Read [the guide](#/pages/tabbarPages/home/helpCenter) or [our site](https://example.com/fees).',
        zh: '## 变化\n- 手续费为 **{{withdrawalFeePercent}}%**。\n- 阅读[帮助中心](#/pages/tabbarPages/home/helpCenter)。',
        ar: '## ما الذي تغيّر\n- الرسوم **{{withdrawalFeePercent}}%**.\n- اقرأ [مركز المساعدة](#/pages/tabbarPages/home/helpCenter).',
      },
      pinned: true,
    });
    await operatorCall(op.token, 'admin/publishContent', { kind: 'announcement', id: created.id, published: true });
    const banner = await operatorCall<AdminContentItem>(op.token, 'admin/saveContent', {
      kind: 'banner',
      title: { en: 'Withdrawal fee explained', zh: '提现手续费说明', ar: 'شرح رسوم السحب' },
      image: '/h5/banners/markets.svg',
      link: `#${R.noticeDetail}?id=${created.id}`,
    });
    await operatorCall(op.token, 'admin/publishContent', { kind: 'banner', id: banner.id, published: true });
    await operatorCall(op.token, 'admin/orderContent', { kind: 'banner', ids: [banner.id] });

    const session = await registerUser('content');
    const context = await phone(ctx.browser);
    const page = await context.newPage();

    // Home: the banner leads to the announcement.
    await openSignedIn(page, session, R.home);
    await page.getByTestId('home-banner').first().waitFor();
    await page.getByTestId('home-banner').first().click();
    await page.getByTestId('notice-body').waitFor();
    await expect(textOf(page, 'notice-detail')).resolves.toContain('Withdrawal fee explained');
    await expect(textOf(page, 'notice-body')).resolves.toContain('The fee is 1%.');
    const external = page.getByTestId('notice-body').locator('a[href^="https://"]');
    await expect(external.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await expect(external.getAttribute('target')).resolves.toBe('_blank');
    await shot(page, 'content-notice-detail-dark-en');
    // Its in-app link opens the help centre.
    await page.getByTestId('notice-body').locator('a', { hasText: 'the guide' }).click();
    await page.getByTestId('help-center-page').waitFor();

    // More: every announcement, pinned first; the one read is marked read, the others unread.
    await openSignedIn(page, session, R.more);
    await page.getByTestId('announcement-row').first().waitFor();
    const rows = page.getByTestId('announcement-row');
    await expect(rows.first().getAttribute('data-id')).resolves.toBe(created.id);
    await poll(() => rows.first().getAttribute('data-read')).toBe('true');
    await expect(rows.nth(1).getAttribute('data-read')).resolves.toBe('false');
    const unread = Number((await textOf(page, 'announcements-unread'))?.replace(/\D/g, ''));
    await shot(page, 'content-more-dark-en');

    // Opening an unread one marks it read; the count goes down.
    await rows.nth(1).click();
    await page.getByTestId('notice-body').waitFor();
    await page.goBack();
    await poll(() => page.getByTestId('announcement-row').nth(1).getAttribute('data-read')).toBe('true');
    await expect
      .poll(async () => Number((await textOf(page, 'announcements-unread'))?.replace(/\D/g, '')))
      .toBe(unread - 1);

    // About: products from the catalogue, by category, and the countries served.
    const info = await api<{ productCount: number }>('index/info', {});
    await openSignedIn(page, session, R.about);
    await poll(() => textOf(page, 'about-products')).toBe(String(info.productCount));
    await poll(() => page.getByTestId('about-category').count()).toBeGreaterThan(0);
    await shot(page, 'content-about-dark-en');

    for (const l of LANGS.filter((x) => x.lang !== 'en')) {
      const prefs = { lang: l.lang, theme: l.theme };
      await openSignedIn(page, session, `${R.noticeDetail}?id=${created.id}`, prefs);
      await page.getByTestId('notice-body').waitFor();
      await expect
        .poll(() => textOf(page, 'notice-detail'))
        .toContain(l.lang === 'zh' ? '提现手续费说明' : 'شرح رسوم السحب');
      await shot(page, `content-notice-detail-${l.theme}-${l.lang}`);
      await openSignedIn(page, session, R.more, prefs);
      await page.getByTestId('announcement-row').first().waitFor();
      await shot(page, `content-more-${l.theme}-${l.lang}`);
      await openSignedIn(page, session, R.about, prefs);
      await page.getByTestId('about-category').first().waitFor();
      await shot(page, `content-about-${l.theme}-${l.lang}`);
      await openSignedIn(page, session, R.helpCenter, prefs);
      await poll(() => page.getByTestId('help-category').count()).toBe(4);
    }
    await context.close();
  });
});

describe('the console manages content (1440×900)', () => {
  it('pages a kind, deletes an announcement after asking, and marks a refused banner link on its field', async () => {
    const op = await ctx.server.createOperator();
    const list = (page: number) =>
      operatorCall<{ list: AdminContentItem[]; total: number }>(op.token, 'admin/contentList', {
        kind: 'announcement',
        page,
        pageSize: 20,
      });
    // Enough announcements for a last page of exactly one: deleting it steps the pager back to a full page.
    const seeded = (await list(1)).total;
    const toAdd = ((41 - seeded) % 20) + 20;
    for (let i = 0; i < toAdd; i++) {
      await operatorCall(op.token, 'admin/saveContent', {
        kind: 'announcement',
        title: { en: `Paged notice ${i + 1}` },
        body: { en: 'One of many.' },
        pinned: false,
      });
    }
    const total = seeded + toAdd;
    const last = Math.ceil(total / 20);
    expect(total % 20).toBe(1);
    const target = (await list(last)).list[0]!;
    await operatorCall(op.token, 'admin/publishContent', { kind: 'announcement', id: target.id, published: true });

    const context = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/admin/`);
    await page.getByTestId('login-username').fill(op.username);
    await page.getByTestId('login-password').fill(op.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('nav-content').click();
    await page.locator(`.ant-pagination-item-${last}`).click();
    const del = page.getByTestId(`content-delete-${target.id}`);
    await del.click();
    const confirm = page.getByTestId('content-delete-confirm');
    await confirm.waitFor();
    await shot(page, 'console-content-delete-confirm');
    // Let the popover finish zooming in: a click while it moves can land on the page behind.
    await page.waitForTimeout(400);
    await confirm.click();
    await page.locator('.ant-message-notice', { hasText: 'Deleted' }).first().waitFor();
    // The emptied last page gives way to the one before it, full.
    await poll(() => page.locator('.ant-pagination-item-active').innerText()).toBe(String(last - 1));
    await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(20);
    await expect(del.count()).resolves.toBe(0);
    await shot(page, 'console-content-paged');

    // The reader's link to it answers not found; their list no longer has it.
    const session = await registerUser('deleted-notice');
    const mine = await api<{ list: { id: string }[] }>('content/announcements', { pageSize: 100 }, session.token);
    expect(mine.list.map((n) => n.id)).not.toContain(target.id);
    const mobile = await (await phone(ctx.browser)).newPage();
    await openSignedIn(mobile, session, `${R.noticeDetail}?id=${target.id}`);
    await mobile.getByText('This announcement could not be found').waitFor();
    await mobile.context().close();

    // A banner link the server refuses: marked on its field, and the notice points there (no field path).
    await page.getByRole('tab', { name: 'Banners' }).click();
    await page.getByTestId('content-new').click();
    await page.getByTestId('content-title-en').fill('Unsafe banner');
    await page.getByTestId('content-image').fill('/h5/banners/markets.svg');
    await page.getByTestId('content-link').fill('javascript:alert(1)');
    await page.getByTestId('content-save').click();
    await page.locator('.ant-message-notice', { hasText: 'see the marked fields' }).first().waitFor();
    await expect(
      page.locator('.ant-message-notice', { hasText: 'is not valid' }).count(),
      'no raw field path',
    ).resolves.toBe(0);
    const linkItem = page.locator('.ant-form-item', { has: page.getByTestId('content-link') });
    await poll(() => linkItem.getAttribute('class')).toContain('ant-form-item-has-error');
    await shot(page, 'console-content-banner-refused');
    await context.close();
  }, 120_000);
});
