import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot, type PageOptions } from './support/browser.js';
import { sessionWithItems } from './support/checkoutSessions.js';
import { signIn } from './support/login.js';

/**
 * Issue 6 (SPEC §2 Checkout, §4): what a buyer sees of the checkout's layout: two sides on desktop
 * (card at most 582 px, payment column at most 502 px), the summary collapsed on mobile with 3 or more
 * items, the standalone, inline and minimal modes and a hidden summary, placeholders at load, and a
 * test-mode session switching an app that was in live mode.
 */
let browser: Browser;
const THREE = ['Layout notebook', 'Layout pen', 'Layout ruler'];
const TWO = ['Layout stapler', 'Layout tape'];
let threeItems = '';
let twoItems = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage();
  await page.goto('/');
  await signIn(page);
  threeItems = await sessionWithItems(page, THREE);
  twoItems = await sessionWithItems(page, TWO);
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, options);
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
  return { context, page: await context.newPage() };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}

const MOBILE = { width: 375, height: 740 };
const lines = (page: Page) => page.getByTestId('summary-line');

describe('checkout layout', () => {
  it('shows the summary and the form side by side on desktop, within 582 px and 502 px', async () => {
    const { context, page } = await newPage({ width: 1280, height: 800 });
    await page.goto(`/payment/checkout/pay/${threeItems}`);
    const card = page.getByTestId('checkout-summary-card');
    const column = page.getByTestId('checkout-payment-column');
    await page.getByTestId('payment-form').waitFor();
    expect(await card.isVisible()).toBe(true);
    expect(await column.isVisible()).toBe(true);
    // Every item is listed (no collapsing on desktop) next to the form.
    expect(await lines(page).count()).toBe(3);
    for (const line of await lines(page).all()) expect(await line.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show order summary' }).count()).toBe(0);
    await expectAccessible(page, 'checkout of 3 items on desktop');
    let summary = await box(card);
    let form = await box(column);
    expect(summary.x + summary.width).toBeLessThanOrEqual(form.x);
    expect(form.y).toBeLessThan(summary.y + summary.height);
    // The card reaches its 582 px maximum beside the 502 px column.
    expect(summary.width).toBe(582);
    // Both sides grow alike (flex 1): the payment column stops at its 502 px, the card takes the rest.
    expect(form.width).toBe(502);
    expect(summary.width).toBeGreaterThan(form.width);
    await screenshot(page, 'checkout-layout-desktop');

    // A very wide screen widens neither side past its maximum.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await expect
      .poll(async () => (await box(page.getByTestId('page-checkout-session'))).x)
      .toBeGreaterThan(300);
    summary = await box(card);
    form = await box(column);
    expect(summary.width).toBe(582);
    expect(form.width).toBe(502);
    expect(summary.x + summary.width).toBeLessThanOrEqual(form.x);
    await context.close();
  });

  it('collapses the summary of 3 items on mobile; expanding shows every item, collapsing hides them', async () => {
    const { context, page } = await newPage(MOBILE);
    await page.goto(`/payment/checkout/pay/${threeItems}`);
    await page.getByTestId('payment-form').waitFor();
    const show = page.getByRole('button', { name: 'Show order summary' });
    expect(await show.isVisible()).toBe(true);
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('checkout-total').isVisible()).toBe(true);
    expect(await page.getByTestId('checkout-total').textContent()).toBe('6 TUSD');
    expect(await lines(page).count()).toBe(3);
    for (const line of await lines(page).all()) expect(await line.isHidden()).toBe(true);
    // The summary sits above the form on a phone.
    const summary = await box(page.getByTestId('checkout-summary-card'));
    expect(summary.y + summary.height).toBeLessThanOrEqual(
      (await box(page.getByTestId('checkout-payment-column'))).y,
    );
    await screenshot(page, 'checkout-layout-mobile-collapsed');
    await expectAccessible(page, 'checkout on a phone, summary collapsed');

    await show.click();
    const hide = page.getByRole('button', { name: 'Hide order summary' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    for (const [i, name] of THREE.entries()) {
      await lines(page).nth(i).waitFor({ state: 'visible' });
      expect(await lines(page).nth(i).textContent()).toContain(name);
    }
    await screenshot(page, 'checkout-layout-mobile-expanded');

    await hide.click();
    for (const line of await lines(page).all()) await line.waitFor({ state: 'hidden' });
    expect(await show.isVisible()).toBe(true);
    expect(await page.getByTestId('checkout-total').isVisible()).toBe(true);

    // Turned to a desktop-wide screen the summary is no longer collapsible: every item shows again.
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const line of await lines(page).all()) await line.waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: /order summary/ }).count()).toBe(0);
    await context.close();
  });

  it('shows the summary of 2 items expanded on mobile, with nothing to collapse', async () => {
    const { context, page } = await newPage(MOBILE);
    await page.goto(`/payment/checkout/pay/${twoItems}`);
    await page.getByTestId('payment-form').waitFor();
    expect(await lines(page).count()).toBe(2);
    for (const [i, name] of TWO.entries()) {
      expect(await lines(page).nth(i).isVisible()).toBe(true);
      expect(await lines(page).nth(i).textContent()).toContain(name);
    }
    expect(await page.getByRole('button', { name: /order summary/ }).count()).toBe(0);
    await context.close();
  });

  it('removes the summary in minimal mode and when the summary is hidden', async () => {
    for (const query of ['mode=minimal', 'hide_summary=1']) {
      const { context, page } = await newPage();
      await page.goto(`/payment/checkout/pay/${threeItems}?${query}`);
      await page.getByTestId('payment-form').waitFor();
      expect(await page.getByTestId('order-summary').count()).toBe(0);
      expect(await page.getByTestId('checkout-summary-card').count()).toBe(0);
      expect(await page.getByText('Layout notebook').count()).toBe(0);
      expect(await page.getByTestId('pay-button').isVisible()).toBe(true);
      // The amount is still shown above the form.
      expect(await page.getByTestId('checkout-compact-total').textContent()).toMatch(
        /Total due today.*6 TUSD/,
      );
      await context.close();
    }
  });

  it('renders inline and embedded without the header, the footer and the standalone padding', async () => {
    const gap = async (page: Page) =>
      (await box(page.getByTestId('checkout-summary-card'))).y -
      (await box(page.getByTestId('page-checkout-session'))).y;
    const standalone = await newPage();
    await standalone.page.goto(`/payment/checkout/pay/${threeItems}`);
    await standalone.page.getByTestId('payment-form').waitFor();
    expect(await standalone.page.getByTestId('app-header').isVisible()).toBe(true);
    const standaloneGap = await gap(standalone.page);
    await standalone.context.close();

    const { context, page } = await newPage();
    await page.goto(`/payment/checkout/pay/${threeItems}?mode=inline&embed=1`);
    await page.getByTestId('payment-form').waitFor();
    expect(await page.getByTestId('app-header').count()).toBe(0);
    expect(await page.getByTestId('app-footer').count()).toBe(0);
    expect(await page.getByTestId('order-summary').isVisible()).toBe(true);
    expect(await lines(page).count()).toBe(3);
    // Inline keeps 8 px above the content instead of the standalone page's 32 px.
    expect(standaloneGap - (await gap(page))).toBe(24);
    await screenshot(page, 'checkout-layout-inline');
    await expectAccessible(page, 'inline checkout');
    await context.close();
  });

  it('shows the placeholders until the session arrives, then the form', async () => {
    const { context, page } = await newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/payment\/api\/checkout-sessions\/retrieve\//, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(`/payment/checkout/pay/${twoItems}`);
    await page.getByTestId('checkout-skeleton').waitFor();
    await expect.poll(() => asked).toBe(true);
    expect(await page.getByTestId('checkout-skeleton').getAttribute('aria-busy')).toBe('true');
    expect(await page.getByTestId('payment-form').count()).toBe(0);
    expect(await page.getByTestId('order-summary').count()).toBe(0);
    await screenshot(page, 'checkout-layout-placeholders');
    release();
    await page.getByTestId('payment-form').waitFor();
    expect(await page.getByTestId('checkout-skeleton').count()).toBe(0);
    expect(await page.getByTestId('order-summary').isVisible()).toBe(true);
    await context.close();
  });

  it('switches an app in live mode to test mode when it opens a test-mode session', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('livemode', 'true'));
    // The admin pages are in live mode first.
    await page.goto('/payment/admin');
    await page.getByTestId('livemode-switch').waitFor();
    expect(await page.getByTestId('livemode-switch').locator('input').isChecked()).toBe(true);
    expect(await page.getByTestId('test-mode-badge').count()).toBe(0);

    await page.goto(`/payment/checkout/pay/${twoItems}`);
    await page.getByTestId('payment-form').waitFor();
    expect(await page.getByTestId('checkout-test-mode').textContent()).toBe('Test mode');
    expect(await page.evaluate(() => localStorage.getItem('livemode'))).toBe('false');

    await page.goto('/payment/admin');
    await page.getByTestId('test-mode-badge').waitFor();
    expect(await page.getByTestId('livemode-switch').locator('input').isChecked()).toBe(false);
    await context.close();
  });
});
