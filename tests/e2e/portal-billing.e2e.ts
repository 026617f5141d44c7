import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot, screenshotDir } from './support/browser.js';
import { merchant } from './support/checkoutSessions.js';
import { overflowing, payDemo, signInAsNewCustomer } from './support/customer.js';
import { signIn } from './support/login.js';

/**
 * Issue 13, the customer portal end to end: a customer whose merchant bills a 30 TUSD monthly plan by
 * invoice opens the portal, pays the open invoice with the DID wallet, downloads its PDF, cancels at
 * the period end with a reason, resumes, raises the quantity (the prorated amount shown before
 * confirming, then paid), and moves future invoices to ETH. Every page and dialog is checked with axe.
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

interface Currency {
  id: string;
  symbol: string;
  payment_method_id: string;
}

/** The demo chain's TUSD and ETH (test mode), from the public settings. */
async function demoCurrencies(page: Page): Promise<{ tusd: Currency; eth: Currency }> {
  const res = await page.request.get('/payment/api/settings?livemode=false');
  const body = (await res.json()) as {
    paymentMethods: Array<{ name: string; payment_currencies?: Currency[] }>;
  };
  const demo = body.paymentMethods.find((m) => m.name === 'Local chain (anvil)');
  const tusd = demo?.payment_currencies?.find((c) => c.symbol === 'TUSD');
  const eth = demo?.payment_currencies?.find((c) => c.symbol === 'ETH');
  if (!tusd || !eth) throw new Error('the demo chain has no TUSD or ETH');
  return { tusd, eth };
}

/**
 * The owner creates a 30 TUSD (or 0.01 ETH) monthly plan and bills it to `customerId` by invoice;
 * answers the subscription and its first (open) invoice.
 */
async function billedPlan(customerId: string): Promise<{ subscription: string; invoice: string }> {
  const owner = await newPage();
  await owner.page.goto('/');
  await signIn(owner.page);
  const { tusd, eth } = await demoCurrencies(owner.page);
  const product = await merchant<{ id: string }>(owner.page, 'POST', '/products', { name: 'Portal plan' });
  const price = await merchant<{ id: string }>(owner.page, 'POST', '/prices', {
    product_id: product.id,
    currency_id: tusd.id,
    unit_amount: '30000000',
    currency_options: [{ currency_id: eth.id, unit_amount: '10000000000000000' }],
    recurring: { interval: 'month' },
  });
  const sub = await merchant<{ id: string; latest_invoice_id: string }>(
    owner.page,
    'POST',
    '/subscriptions',
    {
      customer_id: customerId,
      items: [{ price_id: price.id, quantity: 1 }],
      currency_id: tusd.id,
      payment_method_id: tusd.payment_method_id,
      collection_method: 'send_invoice',
      days_until_due: 7,
    },
  );
  await owner.context.close();
  return { subscription: sub.id, invoice: sub.latest_invoice_id };
}

/** The signed-in customer's own record, read through the API the portal uses. */
async function customerJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(`/payment/api${p}${p.includes('?') ? '&' : '?'}livemode=false`);
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as T;
  }, path);
}

/** Pays the invoice page's open invoice with the DID wallet and waits until the page says Paid. */
async function payInvoice(page: Page, label: string): Promise<void> {
  await page.getByTestId('invoice-pay').click();
  const dialog = page.getByTestId('portal-wallet-dialog');
  await dialog.getByTestId('portal-wallet-connect').getByTestId('did-connect-dev-wallet').waitFor();
  await expectAccessible(page, `${label}: wallet dialog`, {
    include: '[data-testid="portal-wallet-dialog"]',
  });
  await dialog.getByTestId('did-connect-dev-wallet').click();
  await page
    .getByTestId('invoice-status')
    .filter({ hasText: /^Paid$/ })
    .waitFor({ timeout: 60_000 });
  await dialog.waitFor({ state: 'hidden' });
}

describe('a customer runs their subscription from the portal', () => {
  it('pays the open invoice, downloads its PDF, cancels, resumes, upgrades and changes the currency', async () => {
    const { context, page } = await newPage();
    await signInAsNewCustomer(page, 'Cora', '/payment/demo');
    // A free trial makes Cora a customer of the shop without any transfer.
    await payDemo(page, 'Subscription with a trial', 'Cora');
    await page.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });
    const own = await customerJson<{ list: Array<{ customer_id: string }> }>(page, '/invoices');
    const customerId = own.list[0]?.customer_id;
    if (!customerId) throw new Error('the trial made no customer');
    const billed = await billedPlan(customerId);

    // The portal home lists the open invoice; its number opens the invoice page.
    await page.goto('/payment/customer');
    await page.getByTestId('portal-summary').first().waitFor();
    const invoice = await customerJson<{ number: string; total: string }>(
      page,
      `/invoices/${billed.invoice}`,
    );
    await expectAccessible(page, 'portal home');
    await page.getByTestId('portal-invoice-row').getByRole('link', { name: invoice.number }).click();
    await page.waitForURL((url) => url.pathname === `/payment/customer/invoice/${billed.invoice}`);
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Open');
    expect(await page.getByTestId('detail-total').textContent()).toBe('30 TUSD');
    await expectAccessible(page, 'open invoice');
    await payInvoice(page, 'open invoice');
    expect(await page.getByTestId('detail-amount-paid').textContent()).toBe('30 TUSD');
    await screenshot(page, 'portal-invoice-paid');
    await expectAccessible(page, 'paid invoice');

    // The PDF is a real download of a PDF naming the invoice.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('invoice-pdf').click(),
    ]);
    // The browser is shared over a connection, so the file is copied here before it is read.
    const file = path.join(screenshotDir, `portal-invoice-${billed.invoice}.pdf`);
    await download.saveAs(file);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toContain(invoice.number);
    const head = await page.request.get(`/payment/api/invoices/${billed.invoice}/pdf?livemode=false`);
    expect(head.headers()['content-type']).toContain('application/pdf');

    // From the portal home to the now active subscription.
    await page.goto('/payment/customer');
    const row = page.getByTestId('portal-subscription-row').filter({ hasText: 'Portal plan' });
    await row.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === `/payment/customer/subscription/${billed.subscription}`);
    await page.getByTestId('subscription-status').filter({ hasText: 'Active' }).waitFor();
    expect(await page.getByTestId('detail-next-payment').textContent()).toMatch(/^30 TUSD on /);
    await expectAccessible(page, 'active subscription');

    // Cancel at the period end, saying why.
    await page.getByTestId('subscription-cancel').click();
    const cancel = page.getByTestId('cancel-dialog');
    await cancel.getByLabel('It is too expensive').check();
    await cancel.getByTestId('cancel-comment').fill('Too much for a small team');
    await expectAccessible(page, 'cancel dialog', { include: '[data-testid="cancel-dialog"]' });
    await cancel.getByTestId('cancel-confirm').click();
    await page.getByTestId('subscription-resume').waitFor();
    await cancel.waitFor({ state: 'hidden' });
    await page.getByTestId('detail-ends').waitFor();
    const canceled = await customerJson<{
      cancel_at_period_end: boolean;
      cancelation_details: { feedback: string | null; comment: string | null } | null;
    }>(page, `/subscriptions/${billed.subscription}`);
    expect(canceled.cancel_at_period_end).toBe(true);
    expect(canceled.cancelation_details).toMatchObject({
      feedback: 'too_expensive',
      comment: 'Too much for a small team',
    });
    await expectAccessible(page, 'subscription set to cancel');

    // Resume: it renews again.
    await page.getByTestId('subscription-resume').click();
    await page.getByTestId('subscription-cancel').waitFor();
    expect(await page.getByTestId('detail-ends').count()).toBe(0);

    // Three seats: the dialog shows what is due now (the proration) before anything is confirmed.
    await page.getByTestId('subscription-quantity').click();
    const dialog = page.getByTestId('quantity-dialog');
    await dialog.getByTestId('quantity-input').fill('3');
    const preview = dialog.getByTestId('quantity-preview');
    await preview.filter({ hasText: /^Due now: / }).waitFor();
    const shown = (await preview.textContent()) ?? '';
    const due = /^Due now: ([\d.]+) TUSD/.exec(shown)?.[1];
    expect(due, shown).toBeDefined();
    // Two more seats for most of a month: more than nothing, less than two full months of 30 TUSD.
    expect(Number(due)).toBeGreaterThan(55);
    expect(Number(due)).toBeLessThanOrEqual(60);
    expect(await dialog.getByTestId('quantity-renewal').textContent()).toMatch(/^Then 90 TUSD from /);
    await expectAccessible(page, 'quantity dialog', { include: '[data-testid="quantity-dialog"]' });
    await dialog.getByTestId('quantity-confirm').click();
    await dialog.waitFor({ state: 'hidden' });

    // The proration invoice bills exactly the amount shown; once paid the new quantity applies.
    const latest = page.getByTestId('latest-invoice-link');
    await latest.filter({ hasNotText: invoice.number }).waitFor();
    await latest.click();
    await page
      .getByTestId('invoice-status')
      .filter({ hasText: /^Open$/ })
      .waitFor();
    expect(await page.getByTestId('detail-billing-reason').textContent()).toBe('Subscription change');
    expect(await page.getByTestId('detail-total').textContent()).toBe(`${due} TUSD`);
    await expectAccessible(page, 'proration invoice');
    await payInvoice(page, 'proration invoice');
    await page.goto(`/payment/customer/subscription/${billed.subscription}`);
    await page.getByTestId('subscription-item').filter({ hasText: '3' }).waitFor();
    await page
      .getByTestId('detail-next-payment')
      .filter({ hasText: /^90 TUSD on / })
      .waitFor();

    // Future invoices in ETH (the plan is sold in it); the paid invoices keep TUSD.
    await page.getByTestId('currency-change').click();
    const methods = page.getByRole('dialog', { name: 'Change payment method' });
    await methods.getByRole('radio', { name: 'ETH · Local chain (anvil)' }).check();
    await methods.getByTestId('currency-save').click();
    await methods.waitFor({ state: 'hidden' });
    await page.getByTestId('detail-currency').filter({ hasText: /^ETH$/ }).waitFor();
    await page
      .getByTestId('detail-next-payment')
      .filter({ hasText: /^0\.03 ETH on / })
      .waitFor();
    const first = await customerJson<{ currency_id: string }>(page, `/invoices/${billed.invoice}`);
    const { tusd } = await demoCurrencies(page);
    expect(first.currency_id).toBe(tusd.id);
    await screenshot(page, 'portal-subscription-actions');
    await expectAccessible(page, 'subscription after the changes');

    // On a phone, the home and the subscription page scroll only downwards.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflowing(page, 'page-subscription')).toEqual([]);
    await expectAccessible(page, 'subscription on a phone');
    await page.goto('/payment/customer');
    await page.getByTestId('portal-summary').first().waitFor();
    expect(await overflowing(page, 'page-portal-home')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'portal home on a phone');
    await context.close();
  });
});
