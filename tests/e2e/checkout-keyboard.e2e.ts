import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext } from './support/browser.js';
import { merchant } from './support/checkoutSessions.js';
import { signInAsNewCustomer } from './support/customer.js';
import { signIn } from './support/login.js';

/** Checkout without a mouse, and the required cross-sell, against the built server with demo data. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedInPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, { width: 1280, height: 900 });
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page);
  return { context, page };
}

async function demoLink(page: Page, kind: string): Promise<string> {
  const links = await page.evaluate(async () => {
    const res = await fetch('/payment/api/demo');
    return ((await res.json()) as { links: { kind: string; id: string }[] }).links;
  });
  const link = links.find((l) => l.kind === kind);
  if (!link) throw new Error(`no demo link of kind ${kind}`);
  return link.id;
}

/** Presses Tab until the element with `testId` (or inside it) has the focus; fails after `max` presses. */
async function tabTo(page: Page, testId: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      (id) => document.activeElement?.closest(`[data-testid="${id}"]`) !== null,
      testId,
    );
    if (focused) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

describe('checkout by keyboard', () => {
  it('pays the one-time product with Tab, Space and Enter only', async () => {
    // A customer of their own (the owner may hold a fast-pay allowance from another test).
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await signInAsNewCustomer(page, 'Kay', '/');
    await page.goto(`/payment/checkout/link/${await demoLink(page, 'one_time')}`);
    await page.getByTestId('payment-form').waitFor();
    await tabTo(page, 'currency-TUSD');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('9.9 TUSD');
    await tabTo(page, 'field-name');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Kay Board');
    await tabTo(page, 'field-email');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('kay@example.com');
    await tabTo(page, 'pay-button');
    // Pay ignores Enter while the checkout is not payable yet (a total being recomputed): wait for it.
    await expect.poll(() => page.getByTestId('pay-button').isEnabled()).toBe(true);
    await page.keyboard.press('Enter');
    // The wallet dialog opens, or the page says why not (a toast, a field error): the failure names it.
    const qr = page.getByTestId('did-connect-qr');
    await qr.or(page.locator('#notistack-snackbar, .Mui-error')).first().waitFor();
    if (!(await qr.isVisible())) {
      const said = await page.locator('#notistack-snackbar, .Mui-error').allTextContents();
      throw new Error(`Pay opened no wallet dialog; the page says: ${said.join(' | ')}`);
    }
    // The dialog holds the focus: Tab walks its controls only, to the test wallet's approve button.
    await tabTo(page, 'did-connect-dev-wallet', 20);
    await page.keyboard.press('Enter');
    await page.getByTestId('checkout-complete').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('checkout-complete').textContent()).toContain('View invoice');
    await context.close();
  });
});

describe('a required cross-sell', () => {
  it('shakes the summary when paying without it, and pays once it is added', async () => {
    const { context, page } = await signedInPage();
    const demo = await merchant<{ line_items: { price_id: string; quantity: number }[] }>(
      page,
      'GET',
      `/payment-links/${await demoLink(page, 'cross_sell')}`,
    );
    const link = await merchant<{ id: string }>(page, 'POST', '/payment-links', {
      line_items: demo.line_items.map((l) => ({ price_id: l.price_id, quantity: l.quantity })),
      cross_sell_behavior: 'required',
    });
    await page.goto(`/payment/checkout/link/${link.id}`);
    await page.getByTestId('cross-sell').waitFor();
    expect(await page.getByTestId('cross-sell').textContent()).toContain('Required');
    await page.getByTestId('field-name').fill('Ada Buyer');
    await page.getByTestId('field-email').fill('ada@example.com');
    // The shake lasts one second: record it as it happens (on any render of the summary) rather than
    // hoping a poll lands inside it.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-shaking="true"]')) {
          document.documentElement.setAttribute('data-shook', 'true');
        }
      }).observe(document.body, { attributes: true, childList: true, subtree: true });
    });
    await page.getByTestId('pay-button').click();
    // The offer keeps saying why the payment was refused until the item is added.
    await page.getByTestId('cross-sell-missing').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-shook')))
      .toBe('true');
    expect(await page.getByTestId('wallet-dialog').count()).toBe(0);
    await expectAccessible(page, 'checkout refusing a missing required cross-sell');

    await page.getByTestId('cross-sell').getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => page.getByTestId('cross-sell').count()).toBe(0);
    await page.getByTestId('pay-button').click();
    // The wallet dialog, or fast pay when the owner's wallet left an allowance in another test.
    await page.getByTestId('wallet-dialog').or(page.getByTestId('fast-pay-dialog')).first().waitFor();
    await expectAccessible(page, 'payment dialog after adding the required cross-sell');
    await context.close();
  });
});
