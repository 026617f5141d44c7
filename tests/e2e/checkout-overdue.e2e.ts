import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../apps/server/src/db/schema/index.js';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { openDatabase } from './support/database.js';
import { dialogShown, refusedForOverdue } from './support/pastDue.js';

/**
 * SPEC §4 "customerLimited": a customer whose subscription has a past-due invoice is refused at a new
 * checkout; the overdue dialog opens, Pay now runs the `collect-batch` wallet action (signed by the
 * test DID wallet on the demo chain), the dialog closes by itself once nothing is overdue, and the
 * refused submission goes again, so the purchase goes on to success. The past-due invoice is written
 * into the server's database (no test can wait a billing period).
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

describe('a customer with a past-due subscription at a new checkout', () => {
  it('pays the overdue invoices from the dialog and the checkout goes on to success', async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    const { overdue, dialog, row } = await refusedForOverdue(page, database, 'Remy');
    expect(await row.textContent()).toContain('2.5 TUSD');
    expect(await row.getByRole('link', { name: 'View now' }).isVisible()).toBe(true);
    // The refusal is the dialog, not an error toast.
    expect(await page.locator('#notistack-snackbar').count()).toBe(0);
    expect(await page.getByTestId('pay-button').isDisabled()).toBe(true);
    await dialogShown(page);
    await screenshot(page, 'checkout-overdue-dialog');
    await expectAccessible(page, 'overdue dialog on the checkout');

    // Pay now from the keyboard: the wallet dialog shows the batch's QR code and sum.
    const payNow = row.getByRole('button', { name: 'Pay now' });
    await payNow.focus();
    await page.keyboard.press('Enter');
    const wallet = page.getByTestId('portal-wallet-dialog');
    await wallet.getByTestId('did-connect-qr').waitFor({ timeout: 15_000 });
    expect(await wallet.getByTestId('portal-wallet-amount').textContent()).toBe('2.5 TUSD');
    await dialogShown(page);
    await expectAccessible(page, 'overdue payment wallet dialog on the checkout');
    await wallet.getByTestId('did-connect-dev-wallet').click();

    // Once the batch settles, nothing is overdue: the dialog closes and the purchase is submitted
    // again, which now reaches the checkout's own wallet dialog (or fast pay).
    const next = page.getByTestId('wallet-dialog').or(page.getByTestId('fast-pay-dialog')).first();
    await next.waitFor({ timeout: 90_000 });
    await dialog.waitFor({ state: 'hidden' });
    const [settled] = await database.db
      .select({ status: invoices.status, amountRemaining: invoices.amountRemaining })
      .from(invoices)
      .where(eq(invoices.id, overdue.id));
    expect(settled).toEqual({ status: 'paid', amountRemaining: 0n });

    if ((await next.getAttribute('data-testid')) === 'fast-pay-dialog') {
      await page.getByTestId('fast-pay-confirm').click();
    } else {
      await page.getByTestId('wallet-connect').getByTestId('did-connect-qr').waitFor();
      await dialogShown(page);
      await expectAccessible(page, 'checkout wallet dialog after paying the overdue invoices');
      await page.getByTestId('wallet-connect').getByTestId('did-connect-dev-wallet').click();
    }
    const complete = page.getByTestId('checkout-complete');
    await complete.waitFor({ timeout: 60_000 });
    expect(await complete.textContent()).toContain('View invoice');
    await screenshot(page, 'checkout-overdue-paid');
    await expectAccessible(page, 'checkout completed after paying the overdue invoices');
    await context.close();
  });
});
