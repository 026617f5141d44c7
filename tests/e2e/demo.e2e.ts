import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { launchBrowser, openContext } from './support/browser.js';
import { signIn } from './support/login.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('demo page', () => {
  it('lists a test-mode link per kind of price, in English and Chinese', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/payment/demo');
    await page.getByTestId('page-payment-demo').waitFor();
    await page.getByTestId('demo-link').first().waitFor();
    expect(await page.getByTestId('demo-link').count()).toBe(8);
    expect(await page.getByTestId('page-payment-demo').textContent()).toContain('One-time purchase');
    await expectAccessible(page, 'demo page with the cookie banner');
    await page.goto('/payment/demo?locale=zh');
    await page.getByTestId('demo-link').first().waitFor();
    expect(await page.getByTestId('page-payment-demo').textContent()).toContain('一次性购买');
    await expectAccessible(page, 'demo page in Chinese');
    await context.close();
  });

  it("opens a link's hosted checkout URL, which starts a session", async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/payment/demo');
    const oneTime = page.getByTestId('demo-link').filter({ hasText: 'One-time purchase' });
    const href = await oneTime.getByRole('link', { name: 'Open checkout' }).getAttribute('href');
    expect(href).toMatch(/\/payment\/checkout\/pay\/plink_/);
    await oneTime.getByRole('link', { name: 'Open checkout' }).click();
    await page.waitForURL(/\/payment\/checkout\/pay\/cs_[A-Za-z0-9]+/);
    await page.getByTestId('payment-form').waitFor();
    await context.close();
  });

  it('lets a newcomer buy the one-time demo product exactly as the README says', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto('/payment/demo');
    await page
      .getByTestId('demo-link')
      .filter({ hasText: 'One-time purchase' })
      .getByRole('link', { name: 'Open checkout' })
      .click();
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    await page.getByTestId('field-name').fill('Newcomer');
    await page.getByTestId('field-email').fill('newcomer@example.com');
    expect(await page.getByTestId('pay-button').textContent()).toBe('Connect and pay');
    await page.getByTestId('pay-button').click();
    // Sign in with the test wallet, then approve the payment with it. A test wallet that earlier left an
    // ERC-20 allowance (another test's fast pay) is offered fast pay instead, as the README says.
    await page.getByTestId('did-connect-dev-wallet').first().click();
    const walletDialog = page.getByTestId('wallet-dialog');
    const fastPay = page.getByTestId('fast-pay-dialog');
    // The test wallet's account may have saved other details in an earlier test: the page asks before
    // replacing them with what the newcomer typed.
    const replace = page.getByTestId('replace-details-dialog');
    await walletDialog.or(fastPay).or(replace).first().waitFor({ timeout: 30_000 });
    if (await replace.isVisible()) {
      expect(await replace.textContent()).toContain('Replace your saved details with these?');
      await page.getByTestId('replace-details-keep').click();
    }
    await walletDialog.or(fastPay).first().waitFor({ timeout: 30_000 });
    if (await fastPay.isVisible()) await page.getByTestId('fast-pay-confirm').click();
    else await page.getByTestId('wallet-connect').getByTestId('did-connect-dev-wallet').click();
    await page.getByTestId('checkout-complete').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('checkout-complete').textContent()).toContain('View invoice');
    console.log(`newcomer purchase through the UI took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await context.close();
  });

  it('completes the trial plan without any transfer: nothing is due today', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.goto('/payment/demo');
    await page
      .getByTestId('demo-link')
      .filter({ hasText: 'Subscription with a trial' })
      .getByRole('link', { name: 'Open checkout' })
      .click();
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    // Nothing today, and the line says what the plan charges once the trial ends.
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('0 TUSD');
    expect(await page.getByTestId('line-later').textContent()).toBe('then 10 TUSD per month');
    await expectAccessible(page, 'subscription checkout with a trial');
    await page.getByTestId('field-name').fill('Trial User');
    await page.getByTestId('field-email').fill('trial@example.com');
    await page.getByTestId('pay-button').click();
    await page.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('wallet-dialog').count()).toBe(0);
    await context.close();
  });

  it('shows the per-unit price of the metered plan', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/payment/demo');
    await page
      .getByTestId('demo-link')
      .filter({ hasText: 'Metered usage' })
      .getByRole('link', { name: 'Open checkout' })
      .click();
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    await expect
      .poll(() => page.getByTestId('line-later').textContent())
      .toBe('0.01 TUSD per unit, billed on usage');
    await expectAccessible(page, 'metered subscription checkout');
    await context.close();
  });
});
