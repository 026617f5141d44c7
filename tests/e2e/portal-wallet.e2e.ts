import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { openDatabase } from './support/database.js';
import { dialogShown, onlyInvoice, pastDueInvoiceLike } from './support/pastDue.js';
import { payDemo, signInAsNewCustomer } from './support/customer.js';
import { signIn } from './support/login.js';
import { installAnvilWallet, mineUntilVisible } from './support/wallet.js';

/**
 * Issue 13: a customer pays an open invoice from its portal page with the wallet in their browser
 * (an injected EIP-1193 wallet: anvil's test account 1), beside the DID Connect QR code, as the
 * checkout offers it. The open invoice is written into the database (a copy of the trial's invoice),
 * as in past-due.e2e.ts.
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

describe('paying an open invoice with the browser wallet', () => {
  it('sends one transfer from the browser wallet and the invoice shows Paid', async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await signInAsNewCustomer(page, 'Wanda', '/payment/demo');
    await payDemo(page, 'Subscription with a trial', 'Wanda');
    await page.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });
    const open = await pastDueInvoiceLike(database, (await onlyInvoice(page)).id);
    // The wallet is injected into the customer's pages; the owner's page only looks up the demo chain.
    const ownerContext = await openContext(browser, { width: 1280, height: 900 });
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/');
    await signIn(ownerPage);
    const rpc = await installAnvilWallet(context, ownerPage);
    await ownerContext.close();

    await page.goto(`/payment/customer/invoice/${open.id}`);
    await page.getByTestId('invoice-status').waitFor();
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Open');
    await page.getByTestId('invoice-pay').click();
    const dialog = page.getByTestId('portal-wallet-dialog');
    await dialog.waitFor();
    await page.getByTestId('portal-wallet-amount').waitFor();
    expect(await page.getByTestId('portal-wallet-amount').textContent()).toBe('2.5 TUSD');
    expect(await page.getByTestId('portal-wallet-connect').isVisible()).toBe(true);
    await dialogShown(page);
    await screenshot(page, 'portal-invoice-browser-wallet');
    await expectAccessible(page, 'portal wallet dialog with the browser wallet');

    await page.getByTestId('portal-pay-browser-wallet').click({ timeout: 5_000 });
    // The demo method asks for confirmations: mine blocks until the invoice is paid.
    const status = page.getByTestId('invoice-status');
    await mineUntilVisible(rpc, status.filter({ hasText: /^Paid$/ }));
    expect(await status.textContent()).toBe('Paid');
    expect(await page.getByTestId('detail-amount-paid').textContent()).toBe('2.5 TUSD');
    expect(await page.getByTestId('invoice-pay').count()).toBe(0);
    await expectAccessible(page, 'portal invoice paid with the browser wallet');
    await context.close();
    // A checkout, a payment and its confirmations on the chain: more than one page's usual budget.
  }, 120_000);
});
