import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { overflowing, payDemo, signInAsNewCustomer } from './support/customer.js';
import { signIn } from './support/login.js';

/**
 * Issue 6, checkout end to end: after paying, the success screen's "View invoice" and "View
 * subscription" open the customer portal pages, which only the customer (or an owner/admin) can read.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, { width, height: 900 });
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
  return { context, page: await context.newPage() };
}

/** The JSON-RPC address of the demo's test-mode chain, as its payment method names it. */
async function demoRpcUrl(page: Page): Promise<string> {
  const res = await page.request.get('/payment/api/settings?livemode=false');
  const body = (await res.json()) as {
    paymentMethods: Array<{ name: string; settings: { ethereum?: { api_host: string } } }>;
  };
  const demo = body.paymentMethods.find((m) => m.name === 'Local chain (anvil)');
  return demo?.settings.ethereum?.api_host ?? '';
}

async function payWithTestWallet(page: Page): Promise<void> {
  const walletDialog = page.getByTestId('wallet-dialog');
  const fastPay = page.getByTestId('fast-pay-dialog');
  await walletDialog.or(fastPay).first().waitFor({ timeout: 30_000 });
  if (await fastPay.isVisible()) await page.getByTestId('fast-pay-confirm').click();
  else await page.getByTestId('wallet-connect').getByTestId('did-connect-dev-wallet').click();
}

describe('customer portal pages', () => {
  it('shows the buyer the paid invoice of a one-time purchase, and nobody else', async () => {
    const { context, page } = await newPage();
    await signInAsNewCustomer(page, 'Bea', '/payment/demo');
    await payDemo(page, 'One-time purchase', 'Bea');
    await payWithTestWallet(page);
    await page.getByTestId('checkout-complete').waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'View invoice' }).click();

    await page.waitForURL(/\/payment\/customer\/invoice\/in_[A-Za-z0-9]+$/);
    const invoiceUrl = new URL(page.url()).pathname;
    await page.getByTestId('invoice-status').waitFor();
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Paid');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Invoice INV-\d{6,}$/);
    expect(await page.getByTestId('detail-billing-reason').textContent()).toBe('One-time purchase');
    expect(await page.getByTestId('detail-total').textContent()).toBe('9.9 TUSD');
    expect(await page.getByTestId('detail-amount-paid').textContent()).toBe('9.9 TUSD');
    const line = page.getByTestId('invoice-line');
    expect(await line.count()).toBe(1);
    expect(await line.textContent()).toBe('E-book: Payments from scratch19.9 TUSD');
    // The local demo chain has no explorer: the hash is plain text, and nothing links to its RPC.
    expect(await page.getByTestId('detail-transaction').textContent()).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await page.getByTestId('transaction-link').count()).toBe(0);
    const rpc = new URL(await demoRpcUrl(page));
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((href) => href !== null && new URL(href, page.url()).host === rpc.host)).toEqual([]);
    expect(await page.getByTestId('detail-method').textContent()).toBe('Local chain (anvil)');
    await screenshot(page, 'portal-invoice');
    await expectAccessible(page, 'portal invoice');

    // At 375 px the page still shows everything without a sideways scroll of the whole page.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.getByTestId('detail-total').isVisible()).toBe(true);
    expect(await overflowing(page, 'page-invoice')).toEqual([]);
    await screenshot(page, 'portal-invoice-mobile');
    await context.close();

    // A visitor is asked to sign in and sees nothing of the invoice.
    const guest = await newPage();
    await guest.page.goto(invoiceUrl);
    await guest.page.getByTestId('portal-sign-in').waitFor();
    expect(await guest.page.getByTestId('page-invoice').textContent()).not.toContain('TUSD');
    await expectAccessible(guest.page, 'portal invoice asking a visitor to sign in');
    await guest.context.close();

    // Another signed-in customer gets the not-found state, exactly as for an id that does not exist.
    const other = await newPage();
    await signInAsNewCustomer(other.page, 'Oscar', invoiceUrl);
    await other.page.getByTestId('portal-not-found').waitFor();
    expect(await other.page.getByTestId('page-invoice').textContent()).toContain(
      'This invoice could not be found',
    );
    expect(await other.page.getByTestId('page-invoice').textContent()).not.toContain('TUSD');
    await other.context.close();

    // The owner's portal is the owner's own billing: Bea's invoice is not found there, while the
    // admin read (no `mine`) still answers it.
    const owner = await newPage();
    await owner.page.goto('/');
    await signIn(owner.page);
    await owner.page.goto(invoiceUrl);
    await owner.page.getByTestId('portal-not-found').waitFor();
    expect(await owner.page.getByTestId('page-invoice').textContent()).not.toContain('TUSD');
    const invoiceId = invoiceUrl.split('/').pop() ?? '';
    const admin = await owner.page.request.get(`/payment/api/invoices/${invoiceId}?livemode=false`);
    expect(admin.status()).toBe(200);
    await owner.context.close();
  });

  it('shows the trialing subscription of the trial plan with its trial end', async () => {
    const { context, page } = await newPage();
    await signInAsNewCustomer(page, 'Tara', '/payment/demo');
    await payDemo(page, 'Subscription with a trial', 'Tara');
    await page.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'View subscription' }).click();

    await page.waitForURL(/\/payment\/customer\/subscription\/sub_[A-Za-z0-9]+$/);
    await page.getByTestId('subscription-status').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Trialing');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription: Team plan');
    expect(await page.getByTestId('subscription-item').textContent()).toBe('Team plan110 TUSDper month');
    expect(await page.getByTestId('detail-trial-end').textContent()).toMatch(/\(7 days left\)$/);
    expect(await page.getByTestId('detail-next-payment').textContent()).toMatch(/^10 TUSD on /);
    await screenshot(page, 'portal-subscription');
    await expectAccessible(page, 'portal subscription');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflowing(page, 'page-subscription')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    const latest = page.getByTestId('latest-invoice-link');
    await latest.click();
    await page.waitForURL(/\/payment\/customer\/invoice\/in_[A-Za-z0-9]+$/);
    expect(await page.getByTestId('detail-billing-reason').textContent()).toBe('New subscription');
    expect(await page.getByTestId('detail-total').textContent()).toBe('0 TUSD');
    await context.close();
  });
  it('gives the buyer a billing overview, the invoice list and the subscription list', async () => {
    const { context, page } = await newPage();
    await signInAsNewCustomer(page, 'Pia', '/payment/demo');
    await payDemo(page, 'One-time purchase', 'Pia');
    await payWithTestWallet(page);
    await page.getByTestId('checkout-complete').waitFor({ timeout: 60_000 });

    await page.goto('/payment/customer');
    const summary = page.getByTestId('portal-summary');
    await summary.first().waitFor();
    expect(await summary.first().textContent()).toMatch(/Paid this year9\.9 TUSD/);
    expect(await page.getByTestId('portal-invoice-row').count()).toBe(1);
    await expectAccessible(page, 'portal home');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflowing(page, 'page-portal-home')).toEqual([]);
    await screenshot(page, 'portal-home-mobile');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: 'All invoices' }).click();
    await page.getByTestId('page-portal-invoices').waitFor();
    const row = page.getByTestId('portal-invoice-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain('Paid');
    await expectAccessible(page, 'portal invoices');
    await row.first().getByRole('link').click();
    await page.getByTestId('invoice-status').waitFor();

    await page.goto('/payment/customer/subscriptions');
    await page.getByTestId('page-portal-subscriptions').waitFor();
    await page.getByText('No subscriptions').waitFor();
    await expectAccessible(page, 'portal subscriptions (empty)');
    await context.close();
  });
});
