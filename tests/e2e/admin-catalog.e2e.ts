import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { signIn } from './support/login.js';

/**
 * Issue 5 "Done when": the owner creates a product, a recurring price and a payment link in the admin
 * UI (test mode), copies the link's checkout URL and opens it. A payment method and currency are
 * created through the UI first, so the test does not depend on demo data.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = '/payment/admin';

/** Picks an option of the MUI select labelled `label` inside `scope`. */
async function choose(page: Page, dialog: string, label: string, option: RegExp): Promise<void> {
  await page.getByTestId(dialog).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function fill(page: Page, dialog: string, label: string, value: string): Promise<void> {
  const escaped = label.replace(/[()]/g, '\\$&');
  // Required fields carry an asterisk in their label.
  await page
    .getByTestId(dialog)
    .getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`))
    .fill(value);
}

async function submit(page: Page, dialog: string): Promise<void> {
  await page.getByTestId(`${dialog}-submit`).click();
  await page.getByTestId(dialog).waitFor({ state: 'detached' });
}

describe('admin catalog', () => {
  it('creates a product, a recurring price and a payment link, and opens the checkout URL', async () => {
    const context = await openContext(browser, { width: 1440, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Cookies accepted before: the banner would cover the dialogs' buttons.
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();

    // Anonymous visitors are sent to the login page, and come back once signed in.
    await page.goto(`${ADMIN}/payment-methods`);
    await page.waitForURL(/\/\.well-known\/service\/login\?redirect=%2Fpayment%2Fadmin%2Fpayment-methods$/);
    await page.getByTestId('did-connect-qr').waitFor();
    await expectAccessible(page, 'login page with its QR dialog');
    // Signed in from the home page: the login page's own QR dialog would race the test wallet's token.
    await page.goto('/');
    await signIn(page);
    await page.goto(`${ADMIN}/payment-methods`);
    await page.getByTestId('page-admin-methods').waitFor();
    expect(await page.getByTestId('test-mode-badge').textContent()).toBe('Test mode');
    expect(await page.evaluate(() => localStorage.getItem('livemode'))).toBeNull();
    await expectAccessible(page, 'admin payment methods');

    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const symbol = `E2E${suffix}`;
    await page.getByTestId('method-create').click();
    await fill(page, 'method-dialog', 'Name', `E2E chain ${suffix}`);
    await fill(page, 'method-dialog', 'Chain ID', 'x');
    await page.getByTestId('method-dialog-submit').click();
    // The same rules as the server: a chain id must be a whole number, shown on the field.
    await page.getByTestId('method-dialog').getByText('Enter a whole number').waitFor();
    await expectAccessible(page, 'payment method dialog with a field error');
    await fill(page, 'method-dialog', 'Chain ID', '31337');
    await fill(page, 'method-dialog', 'API address', 'http://127.0.0.1:8545');
    await fill(page, 'method-dialog', 'Explorer address', 'http://127.0.0.1:8545');
    await submit(page, 'method-dialog');
    await page.getByTestId('methods-table').getByText(`E2E chain ${suffix}`).waitFor();

    await page.getByTestId('currency-create').click();
    await choose(page, 'currency-dialog', 'Payment method', new RegExp(`E2E chain ${suffix}`));
    await fill(page, 'currency-dialog', 'Symbol', symbol);
    await fill(page, 'currency-dialog', 'Name', 'E2E dollar');
    await fill(page, 'currency-dialog', 'Decimals', '6');
    await expectAccessible(page, 'currency dialog');
    await submit(page, 'currency-dialog');
    await page.getByTestId('currencies-table').getByText(symbol).first().waitFor();

    // Product.
    await page.getByTestId('admin-tab-products').click();
    await page.getByTestId('page-admin-products').waitFor();
    const productName = `E2E Pro plan ${suffix}`;
    await expectAccessible(page, 'admin products');
    await page.getByTestId('product-create').click();
    await fill(page, 'product-dialog', 'Name', productName);
    await fill(page, 'product-dialog', 'Description', 'Created by the end-to-end test');
    await expectAccessible(page, 'product dialog');
    await submit(page, 'product-dialog');
    await page.getByTestId('products-table').getByRole('link', { name: productName }).click();
    await page.getByTestId('page-admin-product').getByRole('heading', { name: productName }).waitFor();

    // Recurring price: 9.99 every month, with a precision error first.
    await page.getByTestId('price-create').click();
    await choose(page, 'price-dialog', 'Currency', new RegExp(symbol));
    await choose(page, 'price-dialog', 'Price type', /^Recurring$/);
    await fill(page, 'price-dialog', `Amount (${symbol})`, '9.9999999');
    await page.getByTestId('price-dialog-submit').click();
    await page
      .getByTestId('price-dialog')
      .getByText('Amount decimal places must be less than or equal to 6')
      .waitFor();
    await expectAccessible(page, 'price dialog with a precision error');
    await fill(page, 'price-dialog', `Amount (${symbol})`, '9.99');
    await fill(page, 'price-dialog', 'Nickname', 'Monthly');
    await submit(page, 'price-dialog');
    const priceRow = page.getByTestId('prices-table').locator('tbody tr').first();
    await priceRow.getByText(`9.99 ${symbol}`).waitFor();
    expect(await priceRow.textContent()).toContain('per month');
    await screenshot(page, 'admin-catalog-product');
    await expectAccessible(page, 'admin product detail');

    // Payment link with that price, quantity adjustable.
    await page.getByTestId('admin-tab-payment-links').click();
    await page.getByTestId('page-admin-links').waitFor();
    await expectAccessible(page, 'admin payment links');
    await page.getByTestId('link-create').click();
    await fill(page, 'link-dialog', 'Name', `E2E link ${suffix}`);
    await choose(page, 'link-dialog', 'Price', new RegExp(productName));
    await page.getByTestId('link-dialog').getByLabel('Customer can adjust the quantity').check();
    await expectAccessible(page, 'payment link dialog');
    await submit(page, 'link-dialog');
    const url = (await page.getByTestId('link-created-url').textContent()) ?? '';
    expect(url).toMatch(/\/payment\/checkout\/pay\/plink_[A-Za-z0-9]+$/);
    await page.getByTestId('link-created').getByTestId('link-copy-url').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await screenshot(page, 'admin-catalog-link');
    await expectAccessible(page, 'payment link created');

    // The checkout URL loads, and the server starts a session from the link with our price.
    const linkId = url.split('/').pop() ?? '';
    await page.goto(url);
    await page.getByTestId('page-checkout-session').waitFor();
    const started = await page.evaluate(async (id) => {
      const res = await fetch(`/payment/api/checkout-sessions/start/${id}?livemode=false`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }, linkId);
    expect(started.status).toBe(200);
    expect(JSON.stringify(started.body)).toContain(productName);
    await context.close();
  });

  it('keeps the other admin pages accessible (customers, API keys, billing)', async () => {
    const context = await openContext(browser, { width: 1440, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    for (const [path, testId] of [
      [`${ADMIN}/customers`, 'page-admin-customers'],
      [`${ADMIN}/api-keys`, 'page-admin-keys'],
      [ADMIN, null],
    ] as const) {
      await page.goto(path);
      if (testId) await page.getByTestId(testId).waitFor();
      else await page.waitForLoadState('networkidle');
      await expectAccessible(page, path);
    }
    await context.close();
  });
});
