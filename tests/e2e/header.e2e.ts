import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { launchBrowser, openContext, screenshotDir } from './support/browser.js';
import { mkdirSync } from 'node:fs';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [375, 900, 1440] as const;

async function open(
  width: number,
  url = '/',
  options: { locale?: string; colorScheme?: 'light' | 'dark' } = {},
) {
  const context = await openContext(browser, { width, height: 900, ...options });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('app-header').waitFor();
  // The navigation comes from the server: wait for its first item.
  await page
    .locator('[data-testid="app-header"] [data-nav-id], [data-testid="nav-drawer-toggle"]')
    .first()
    .waitFor();
  return { context, page };
}

async function headerShot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.getByTestId('page-progress').waitFor({ state: 'detached' });
  await page.getByTestId('app-header').screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** Opens the product panel the way a visitor does at this width (drawer on small screens). */
async function openProducts(page: Page, width: number) {
  if (width < 900) {
    await page.getByTestId('nav-drawer-toggle').click();
    await page.getByTestId('mobile-nav').getByTestId('nav-products').click();
  } else {
    const inBar = page.getByTestId('header-nav').getByTestId('nav-products');
    if (await inBar.isVisible()) await inBar.click();
    else {
      await page.getByTestId('nav-more').click();
      await page.getByRole('menu').getByTestId('nav-products').click();
    }
  }
  const panel = page.getByTestId('products-panel');
  await panel.waitFor();
  // Let the opening transition (a scale) finish before measuring.
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="products-panel"]');
    return (
      el !== null &&
      el.getAnimations({ subtree: false }).length === 0 &&
      el.closest('.MuiPopover-paper, .MuiCollapse-entered, .MuiDrawer-paper') !== null &&
      getComputedStyle(el.closest('.MuiPaper-root') ?? el).transform.match(
        /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/,
      ) !== null
    );
  });
  return panel;
}

/** Distinct left edges of the product groups = the number of grid columns. */
async function columnCount(page: Page): Promise<number> {
  const lefts = await page
    .getByTestId('products-group')
    .evaluateAll((groups) => groups.map((g) => Math.round(g.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

describe('shared header', () => {
  for (const width of WIDTHS) {
    it(`is 64 px high and lays out the product panel at ${width} px`, async () => {
      const { context, page } = await open(width);
      const header = await page.getByTestId('app-header').boundingBox();
      expect(header?.height).toBe(64);
      await expectAccessible(page, `store home at ${width} px`);
      const panel = await openProducts(page, width);
      await expectAccessible(page, `product panel at ${width} px`);
      const box = await panel.boundingBox();
      const radius = await panel.evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
      if (width < 900) {
        // Small screens: the inline variant inside the drawer, full width, square corners, one column.
        expect(box?.width).toBeCloseTo(width, 0);
        expect(radius).toBe('0px');
        expect(await columnCount(page)).toBe(1);
        // ...and the popover from the bar's Products icon: min(80vw, 900 px), one column.
        await page.getByTestId('nav-drawer-toggle').click();
        await page.getByTestId('mobile-nav').waitFor({ state: 'hidden' });
        await page.getByTestId('nav-products-icon').click();
        const popover = page.locator('.MuiPopover-paper').getByTestId('products-panel');
        await popover.waitFor();
        await page.waitForFunction(() => {
          const el = document.querySelector('.MuiPopover-paper [data-testid="products-panel"]');
          const paper = el?.closest('.MuiPaper-root');
          return paper !== null && paper !== undefined && paper.getAnimations().length === 0;
        });
        expect((await popover.boundingBox())?.width).toBeCloseTo(Math.min(0.8 * width, 900), 0);
        const lefts = await popover
          .getByTestId('products-group')
          .evaluateAll((groups) => groups.map((g) => Math.round(g.getBoundingClientRect().left)));
        expect(new Set(lefts).size).toBe(1);
      } else {
        expect(box?.width).toBeCloseTo(Math.min(0.8 * width, 900), 0);
        expect(radius).not.toBe('0px');
        expect(await columnCount(page)).toBe(width >= 1200 ? 3 : 2);
      }
      expect(await panel.getByTestId('products-entry').count()).toBe(20);
      await context.close();
    });
  }

  it('opens a product of each locale rule in a new tab with the right address', async () => {
    const { context, page } = await open(1440, '/?locale=zh');
    const served: string[] = [];
    await context.route(
      /^https:\/\/(www\.nftstudio\.rocks|store\.blocklet\.dev|www\.aigne\.io)\//,
      (route) => {
        served.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>stub</title>' });
      },
    );
    const cases = [
      ['NFT Studio', 'https://www.nftstudio.rocks/zh'],
      ['Blocklet Store', 'https://store.blocklet.dev/?locale=zh'],
      ['AIGNE', 'https://www.aigne.io/'],
    ] as const;
    for (const [label, url] of cases) {
      const panel = await openProducts(page, 1440);
      const link = panel.getByTestId('products-entry').filter({ hasText: label });
      expect(await link.getAttribute('target')).toBe('_blank');
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await popup.waitForLoadState('domcontentloaded');
      expect(popup.url()).toBe(url);
      await popup.close();
      await page.keyboard.press('Escape');
    }
    expect(served).toEqual(cases.map(([, url]) => url));
    await context.close();
  });

  it('changes every header string when the language changes', async () => {
    const { context, page } = await open(1440);
    const strings = () =>
      page
        .getByTestId('app-header')
        .evaluate((header) =>
          [...header.querySelectorAll('button, a')]
            .filter((el) => el.getBoundingClientRect().width > 0 && !el.closest('[aria-hidden="true"]'))
            .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''),
        );
    const en = await strings();
    expect(en).toEqual(
      expect.arrayContaining(['Store', 'Payment', 'Products', 'Language: English', 'Sign in']),
    );
    await page.getByTestId('locale-selector').click();
    await page.getByTestId('locale-option-zh').waitFor();
    await expectAccessible(page, 'language menu');
    await page.getByTestId('locale-option-zh').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="nav-products"]')?.textContent === '产品',
    );
    const zh = await strings();
    expect(zh).toEqual(expect.arrayContaining(['商店', '支付', '产品', '语言：中文', '登录']));
    expect(zh).toHaveLength(en.length);
    en.forEach((text, i) => expect(zh[i], text).not.toBe(text));
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="nav-products"]')?.textContent === '产品',
    );
    await context.close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const { context, page } = await open(1440);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    const dark = await background();
    expect(dark).not.toBe(light);
    await expectAccessible(page, 'store home in the dark theme');
    await page.reload();
    await page.getByTestId('app-header').waitFor();
    expect(await background()).toBe(dark);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    await context.close();
  });

  it('shows the cookie banner until accepted, then stays hidden after reload', async () => {
    const { context, page } = await open(1440);
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    const box = await banner.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(440);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(1440 - 16);
    expect(await banner.textContent()).toContain('I Understand');
    await expectAccessible(page, 'store home with the cookie banner');
    await page.getByTestId('cookie-accept').click();
    await banner.waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'CookieConsent');
    expect(cookie?.value).toBe('true');
    expect(cookie?.sameSite).toBe('Lax');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await page.reload();
    await page.getByTestId('app-header').waitFor();
    await page.waitForTimeout(300);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('writes header screenshots in en and zh, light and dark, desktop and mobile', async () => {
    for (const [device, width] of [
      ['desktop', 1440],
      ['mobile', 375],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const locale of ['en', 'zh'] as const) {
          const { context, page } = await open(width, `/?locale=${locale}`, { colorScheme });
          await headerShot(page, `header-${locale}-${colorScheme}-${device}`);
          await context.close();
        }
      }
    }
  });
});
