import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { merchant } from './support/checkoutSessions.js';
import { signIn } from './support/login.js';

/**
 * Issue 20 item 2: the owner's own billing page (`/payment/customer`) shows the owner's own customer
 * only. A customer created through the API with a paid subscription invoice appears in the admin's
 * invoice list, never on the owner's portal home (subscriptions, recent invoices, "Paid this year").
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Currency {
  id: string;
  symbol: string;
  payment_method_id: string;
}

async function demoTusd(page: Page): Promise<Currency> {
  const res = await page.request.get('/payment/api/settings?livemode=false');
  const body = (await res.json()) as {
    paymentMethods: Array<{ name: string; payment_currencies?: Currency[] }>;
  };
  const demo = body.paymentMethods.find((m) => m.name === 'Local chain (anvil)');
  const tusd = demo?.payment_currencies?.find((c) => c.symbol === 'TUSD');
  if (!tusd) throw new Error('the demo chain has no TUSD');
  return tusd;
}

describe("the owner's billing page", () => {
  it("lists none of another customer's subscriptions or invoices", async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);

    // Dana exists only through the API: a 41.37 TUSD monthly plan billed by invoice, paid out of band.
    const tusd = await demoTusd(page);
    const dana = await merchant<{ id: string }>(page, 'POST', '/customers', { name: 'Dana via API' });
    const product = await merchant<{ id: string }>(page, 'POST', '/products', { name: 'Dana only plan' });
    const price = await merchant<{ id: string }>(page, 'POST', '/prices', {
      product_id: product.id,
      currency_id: tusd.id,
      unit_amount: '41370000',
      recurring: { interval: 'month' },
    });
    const sub = await merchant<{ id: string; latest_invoice_id: string }>(page, 'POST', '/subscriptions', {
      customer_id: dana.id,
      items: [{ price_id: price.id, quantity: 1 }],
      currency_id: tusd.id,
      payment_method_id: tusd.payment_method_id,
      collection_method: 'send_invoice',
      days_until_due: 7,
    });
    await merchant(page, 'POST', `/invoices/${sub.latest_invoice_id}/pay`, { paid_out_of_band: true });
    const invoice = await merchant<{ number: string }>(page, 'GET', `/invoices/${sub.latest_invoice_id}`);
    // The admin's list (no `mine`) still shows her invoice.
    const all = await merchant<{ list: Array<{ id: string }> }>(page, 'GET', '/invoices?pageSize=100');
    expect(all.list.map((i) => i.id)).toContain(sub.latest_invoice_id);

    await page.goto('/payment/customer');
    const home = page.getByTestId('page-portal-home');
    await home.getByTestId('portal-summary').or(home.getByTestId('empty-state')).first().waitFor();
    const text = (await home.textContent()) ?? '';
    expect(text).not.toContain('Dana only plan');
    expect(text).not.toContain(invoice.number);
    expect(text).not.toContain('41.37');
    expect(
      await page.getByTestId('portal-subscription-row').filter({ hasText: 'Dana only plan' }).count(),
    ).toBe(0);
    await screenshot(page, 'portal-owner-own-only');
    await expectAccessible(page, "owner's portal home");

    // The portal's subscription list and her subscription's page leave her out too.
    await page.goto('/payment/customer/subscriptions');
    const subs = page.getByTestId('page-portal-subscriptions');
    await subs.getByTestId('portal-subscription-row').or(subs.getByTestId('empty-state')).first().waitFor();
    expect(await page.getByText('Dana only plan').count()).toBe(0);
    await page.goto(`/payment/customer/subscription/${sub.id}`);
    await page.getByTestId('empty-state').first().waitFor();
    expect(await page.getByText('Dana only plan').count()).toBe(0);
    await expectAccessible(page, "another customer's subscription in the owner's portal");
    await context.close();
  });
});
