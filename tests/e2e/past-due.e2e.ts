import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../apps/server/src/db/schema/index.js';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { overflowing } from './support/customer.js';
import { openDatabase } from './support/database.js';
import { dialogShown, refusedForOverdue } from './support/pastDue.js';

/**
 * A customer with a past-due invoice presses Pay: the checkout opens the overdue dialog, whose View
 * now leads to the past-due invoices page (SPEC §8), which lists the invoice and returns to the
 * checkout. Nothing in the product creates an open invoice with a due date yet, so the test writes one
 * into the server's database. Paying from the dialog: checkout-overdue.e2e.ts.
 */
let browser: Browser;
let database: ReturnType<typeof openDatabase>;
beforeAll(async () => {
  browser = await launchBrowser();
  database = openDatabase();
});
afterAll(async () => {
  await browser?.close();
  await database?.end();
});

describe('a past-due customer at checkout', () => {
  it('is shown the overdue invoices, sees them listed by currency and gets back to the checkout', async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    const { trialInvoice, overdue, dialog, row } = await refusedForOverdue(page, database, 'Pat');
    expect(await row.textContent()).toContain('2.5 TUSD');
    expect(await page.locator('#notistack-snackbar').count()).toBe(0);
    // The screenshot waits for the dialog to finish fading in.
    await dialogShown(page);
    await screenshot(page, 'checkout-past-due-dialog');
    await expectAccessible(page, 'overdue dialog on the checkout');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('pay-button').isEnabled()).toBe(true);

    const checkoutUrl = new URL(page.url());
    const checkoutPath = `${checkoutUrl.pathname}${checkoutUrl.search}`;
    await page.getByTestId('pay-button').click();
    await row.getByRole('link', { name: 'View now' }).click();
    await page.waitForURL((url) => url.pathname === '/payment/customer/invoice/past-due');
    expect(new URL(page.url()).searchParams.get('referer')).toBe(checkoutPath);
    const summary = page.getByTestId('past-due-summary');
    await summary.waitFor();
    expect(await summary.getByTestId(`detail-owed-${trialInvoice.currency_id}`).textContent()).toBe(
      '2.5 TUSD',
    );
    const rows = page.getByTestId('past-due-invoice');
    expect(await rows.count()).toBe(1);
    const cells = await rows.first().getByRole('cell').allTextContents();
    expect([cells[0], cells[2], cells[3]]).toEqual([overdue.number, 'Open', '2.5 TUSD']);
    await screenshot(page, 'past-due-invoices');
    await expectAccessible(page, 'past-due invoices');
    // On a phone each invoice takes two lines, with nothing to scroll sideways for.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('list', { name: 'TUSD · Local chain (anvil)' }).waitFor();
    expect(await rows.first().getByText('2.5 TUSD').isVisible()).toBe(true);
    expect(await rows.first().getByText('Open').isVisible()).toBe(true);
    expect(await overflowing(page, 'page-past-due-invoices')).toEqual([]);
    await screenshot(page, 'past-due-invoices-mobile');
    await expectAccessible(page, 'past-due invoices on a phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The number opens the invoice; back on the list, Back returns to the checkout.
    await rows.first().getByRole('link', { name: overdue.number }).click();
    await page.waitForURL((url) => url.pathname === `/payment/customer/invoice/${overdue.id}`);
    await page.getByTestId('invoice-status').waitFor();
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Open');
    expect(await page.getByTestId('detail-total').textContent()).toBe('2.5 TUSD');
    await expectAccessible(page, 'open invoice');
    await page.goBack();
    await page.getByTestId('past-due-back').click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === checkoutPath);
    await page.getByTestId('payment-form').waitFor();

    // Once the invoice is settled the page has nothing to list.
    await database.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, overdue.id));
    await page.goto(`/payment/customer/invoice/past-due?referer=${encodeURIComponent(checkoutPath)}`);
    await page.getByText('No past due invoices').waitFor();
    await context.close();
  });
});
