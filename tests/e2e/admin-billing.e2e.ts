import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { merchant } from './support/checkoutSessions.js';
import { signIn } from './support/login.js';

/**
 * The owner bills themself on a test clock (set up through the API): a monthly send_invoice
 * subscription whose first invoice is paid. On the test clocks page they advance one month; the
 * clock shows the new cycle invoice, the owner records it paid from its page, the invoices list shows
 * it paid, and the bell holds the "ready to pay" notification the renewal sent.
 */
let browser: Browser;

interface Listed<T> {
  data: T[];
}

async function setUp(page: Page, did: string) {
  const currencies = await merchant<Listed<{ id: string; symbol: string; payment_method_id: string }>>(
    page,
    'GET',
    '/payment-currencies?limit=100',
  );
  const currency = currencies.data.find((c) => c.symbol === 'TUSD') ?? currencies.data[0];
  if (!currency) throw new Error('no test-mode currency');
  const product = await merchant<{ id: string }>(page, 'POST', '/products', { name: 'E2E clock plan' });
  const price = await merchant<{ id: string }>(page, 'POST', '/prices', {
    product_id: product.id,
    currency_id: currency.id,
    unit_amount: '1000000',
    recurring: { interval: 'month' },
  });
  const customers = await merchant<Listed<{ id: string; did: string | null }>>(
    page,
    'GET',
    '/customers?limit=100',
  );
  const customer =
    customers.data.find((c) => c.did === did) ??
    (await merchant<{ id: string }>(page, 'POST', '/customers', { name: 'E2E owner', did }));
  const clock = await merchant<{ id: string }>(page, 'POST', '/test-clocks', {
    frozen_time: '2027-01-15T12:00:00.000Z',
    name: `E2E clock ${Date.now()}`,
  });
  const sub = await merchant<{ id: string; latest_invoice_id: string }>(page, 'POST', '/subscriptions', {
    customer_id: customer.id,
    items: [{ price_id: price.id, quantity: 1 }],
    currency_id: currency.id,
    payment_method_id: currency.payment_method_id,
    collection_method: 'send_invoice',
    days_until_due: 7,
    test_clock_id: clock.id,
  });
  await merchant(page, 'POST', `/invoices/${sub.latest_invoice_id}/pay`, { paid_out_of_band: true });
  return { clock: clock.id, sub: sub.id };
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin billing', () => {
  it('advances a test clock one month and sees the new invoice paid and the bell notified', async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    const did = await signIn(page);
    const { clock, sub } = await setUp(page, did);

    await page.goto(`/payment/admin/test-clocks?clock=${clock}`);
    const panel = page.getByTestId('clock-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('clock-invoices').locator('tbody tr[data-id]').count()).toBe(1);
    await expectAccessible(page, 'admin test clocks');
    await page.getByTestId('clock-plus-month').click();
    await page.getByTestId('clock-advance').click();
    await expect
      .poll(() => panel.getByTestId('clock-invoices').locator('tbody tr[data-id]').count(), {
        timeout: 30_000,
      })
      .toBe(2);
    await expect.poll(() => panel.getByTestId('clock-events').textContent()).toContain('invoice.created');
    await screenshot(page, 'admin-billing-clock');

    // The renewal's invoice, from the subscription's page.
    await page.goto(`/payment/admin/subscriptions/${sub}`);
    await page.getByTestId('subscription-timeline').waitFor();
    await expectAccessible(page, 'admin subscription detail');
    const newest = page.getByTestId('subscription-invoices').locator('tbody tr[data-id]').first();
    const invoiceId = (await newest.getAttribute('data-id')) ?? '';
    await newest.getByRole('link').first().click();
    await page.getByTestId('page-admin-invoice').waitFor();
    await page.getByTestId('invoice-mark-paid').click();
    await expectAccessible(page, 'mark paid dialog');
    await page.getByTestId('invoice-mark-paid-confirm').click();
    await expect
      .poll(() => page.getByTestId('invoice-facts').getByTestId('status-chip').textContent())
      .toBe('Paid');

    await page.goto('/payment/admin/invoices');
    const row = page.getByTestId('invoices-table').locator(`tr[data-id="${invoiceId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('status-chip').textContent()).toBe('Paid');
    await expectAccessible(page, 'admin invoices');

    // The renewal told the customer (the owner here) that the invoice was ready to pay.
    await expect.poll(() => page.getByTestId('notification-bell').getAttribute('data-unread')).not.toBe('0');
    await page.getByTestId('notification-bell').click();
    await expect.poll(() => page.locator('body').textContent()).toMatch(/Invoice \S+ is ready to pay/);
    await context.close();
  });

  it('fits a 375 px screen: the subscriptions and payments lists keep their filters and tables reachable', async () => {
    const context = await openContext(browser, { width: 375, height: 800 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    for (const [path, table] of [
      ['subscriptions', 'subscriptions-table'],
      ['payments', 'payments-table'],
    ] as const) {
      await page.goto(`/payment/admin/${path}`);
      await page.getByTestId(table).waitFor();
      await expectAccessible(page, `admin ${path} at 375 px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
