import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBlocklets } from '../../apps/server/src/db/schema/index.js';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext } from './support/browser.js';
import { openDatabase } from './support/database.js';
import { payDemo, signInAsNewCustomer } from './support/customer.js';
import { signIn } from './support/login.js';

/** What a newcomer meets first (issue 20): 404s, a priced app, menus, the account page, phone widths. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(width: number, locale = 'en-US'): Promise<Page> {
  const context = await openContext(browser, { width, height: 900, locale });
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
  return context.newPage();
}

/** What sticks out of the window sideways (nothing when the page fits), outside scrolling regions. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const scrolls = (e: Element) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
    const inScroller = (e: Element) => {
      for (let p = e.parentElement; p; p = p.parentElement) if (scrolls(p)) return true;
      return false;
    };
    // An absolutely placed element escapes a scroller that is not its containing block.
    const escapes = (e: Element) => getComputedStyle(e).position === 'absolute';
    return [...document.body.querySelectorAll('*')]
      .filter(
        (e) => (escapes(e) || !inScroller(e)) && e.getBoundingClientRect().right > root.clientWidth + 0.5,
      )
      .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)} ${(e.textContent ?? '').slice(0, 30)}`)
      .slice(0, 8)
      .concat(`scrolls ${root.scrollWidth - root.clientWidth} px`);
  });

describe('what a newcomer sees', () => {
  it('answers unknown paths with the 404 page and status 404, in en and zh, at 1440 and 375 px', async () => {
    for (const [width, locale, title] of [
      [1440, 'en-US', 'Page not found'],
      [375, 'zh-CN', '页面不存在'],
    ] as const) {
      const page = await newPage(width, locale);
      for (const path of ['/no-such-page', '/payment/no-such']) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(404);
        await page.getByTestId('error-page-404').waitFor();
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await sideways(page)).toEqual([]);
      }
      await expectAccessible(page, `404 page ${locale} ${width}`);
      await page.context().close();
    }
  });

  it('says a priced app is not for sale yet and serves its bundle to no visitor', async () => {
    const { db, end } = openDatabase();
    const [app] = await db.select().from(storeBlocklets).where(eq(storeBlocklets.name, 'invoice-tracker'));
    if (!app) throw new Error('the demo store has no invoice-tracker');
    // No demo app is priced; this one is, for the length of the test, as a developer's manifest would.
    await db
      .update(storeBlocklets)
      .set({ priceAmount: '9.99', priceCurrency: 'TUSD' })
      .where(eq(storeBlocklets.id, app.id));
    try {
      for (const [width, locale, words] of [
        [1440, 'en-US', 'Not for sale yet'],
        [375, 'zh-CN', '暂未开放购买'],
      ] as const) {
        const page = await newPage(width, locale);
        await page.goto(`/blocklet/${app.did}`);
        await page.getByTestId('not-for-sale').waitFor();
        expect(await page.getByTestId('not-for-sale').textContent()).toContain(words);
        expect(await page.getByTestId('download-button').count()).toBe(0);
        expect(await sideways(page)).toEqual([]);
        await expectAccessible(page, `priced application ${locale} ${width}`);
        const bundle = await page.request.get(`/api/blocklets/${app.did}/1.0.0/invoice-tracker-1.0.0.tgz`);
        expect(bundle.status()).toBe(403);
        await page.context().close();
      }
    } finally {
      await db
        .update(storeBlocklets)
        .set({ priceAmount: null, priceCurrency: null })
        .where(eq(storeBlocklets.id, app.id));
      await end();
    }
  });

  it('gives the owner one Dashboard, the demo page in the menus, publishing without an invitation', async () => {
    const page = await newPage(1440);
    await page.goto('/');
    await signIn(page);

    await page.getByTestId('user-menu-button').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Dashboard', exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');

    await page.getByTestId('header-nav').getByRole('button', { name: 'Payment' }).click();
    const demo = page.getByRole('menu').getByRole('menuitem', { name: /Demo payments/ });
    await demo.waitFor();
    await expectAccessible(page, 'payment menu with the demo page');
    await page.keyboard.press('Escape');
    const footerDemo = page.getByTestId('app-footer').getByRole('link', { name: 'Demo payments' });
    await footerDemo.waitFor();
    expect(new URL(String(await footerDemo.evaluate((a) => (a as HTMLAnchorElement).href))).pathname).toBe(
      '/payment/demo',
    );

    // Two icon-only header buttons never share one icon (menu chevrons aside).
    const icons = await page.locator('header button.MuiIconButton-root').evaluateAll((buttons) =>
      buttons
        .filter((b) => (b as HTMLElement).offsetParent !== null)
        .map((b) => `${[...b.querySelectorAll('svg path')].map((p) => p.getAttribute('d')).join(' ')}`)
        .filter((d) => d.length > 0),
    );
    expect(icons.length).toBeGreaterThan(1);
    expect(new Set(icons).size, icons.join('\n')).toBe(icons.length);

    await page.goto('/developer/access-tokens');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).not.toMatch(/invitation/i);
    expect(await page.getByTestId('empty-state').filter({ hasText: 'developer passport' }).count()).toBe(0);
    await page.context().close();
  });

  it('fits the account page and the admin invoices at 375 and 1440 px, with a usable search box', async () => {
    for (const width of [375, 1440]) {
      const page = await newPage(width);
      await page.goto('/');
      await signIn(page);
      await page.goto('/.well-known/service/user');
      await page.getByTestId('session-row').first().waitFor();
      expect(await sideways(page), `account page at ${width}`).toEqual([]);

      await page.goto('/payment/admin/invoices');
      const search = page.getByRole('searchbox');
      await search.waitFor();
      const box = await search.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(width === 375 ? 200 : 240);
      expect(await sideways(page), `invoices at ${width}`).toEqual([]);
      await page.context().close();
    }
  });

  it('speaks Chinese on the admin pages: tabs, customer statuses, Members paging, donation links by name', async () => {
    const page = await newPage(1440, 'zh-CN');
    await page.goto('/?locale=zh');
    await signIn(page);
    await page.goto('/payment/admin/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhook 端点' }).waitFor();
    expect(await page.locator('body').textContent()).not.toMatch(/WEBHOOKS|Webhooks/);

    await page.goto('/.well-known/service/admin/members');
    await page.getByText('每页行数：').waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Rows per page');

    // A donation setting kept for a demo link (the one-time link: no donation checkout reads it).
    const created = await page.evaluate(async () => {
      const demo = (await (await fetch('/payment/api/demo')).json()) as {
        links: { kind: string; id: string }[];
      };
      const link = demo.links.find((l) => l.kind === 'one_time');
      const res = await fetch('/payment/api/settings?livemode=false', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mountLocation: link?.id, type: 'donate', active: false, livemode: false }),
      });
      return res.status;
    });
    expect(created).toBeLessThan(300);
    await page.goto('/payment/integrations/donations');
    const table = page.getByTestId('donation-settings-table');
    await table.waitFor();
    await table.getByTestId('donation-location-name').first().waitFor();
    await expectAccessible(page, 'donation settings in Chinese');
    await page.context().close();
  });

  it('names customers in the admin tables, fits them at 1440 px and keeps phone rows compact', async () => {
    // A trial checkout: a customer, a subscription and an invoice, without a transfer.
    const buyer = await newPage(1280);
    await signInAsNewCustomer(buyer, 'Tamsin', '/payment/demo');
    await payDemo(buyer, 'Subscription with a trial', 'Tamsin');
    await buyer.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });
    await buyer.context().close();

    for (const width of [1440, 375]) {
      const page = await newPage(width);
      await page.goto('/');
      await signIn(page);
      for (const [path, table] of [
        ['/payment/admin/subscriptions', 'subscriptions-table'],
        ['/payment/admin/invoices', 'invoices-table'],
      ] as const) {
        await page.goto(path);
        const region = page.getByTestId(table);
        await region.getByText('Tamsin').first().waitFor();
        // Each row's name loads on its own: the ids give way to names once every customer has loaded.
        await expect.poll(() => region.textContent()).not.toMatch(/cus_/);
        if (width === 1440) {
          // The whole table, Created column included, fits its page: nothing scrolls or is cut.
          const fits = await region.evaluate((e) => e.scrollWidth <= e.clientWidth + 1);
          expect(fits, `${path} at 1440`).toBe(true);
        } else {
          const heights = await region
            .locator('tbody tr')
            .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
          expect(Math.max(...heights), `${path} rows at 375`).toBeLessThan(80);
          expect(await sideways(page), `${path} at 375`).toEqual([]);
        }
      }
      await page.context().close();
    }
  });
});
