import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { launchBrowser, openContext } from './support/browser.js';
import { signIn } from './support/login.js';

/**
 * Issue 24, the card path a newcomer takes after `npm start`: the demo's one-time link with
 * "Card (test)" (USD) paid in the card dialog, whose Payment Element is the local Stripe's Stripe.js
 * stand-in, with Stripe's test card 4242 4242 4242 4242; the success screen, then the invoice naming
 * the card. Nothing leaves the machine: the server started the local Stripe itself.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('card checkout on the local Stripe', () => {
  it('pays the one-time demo link with the test card 4242 and shows Visa ending in 4242 on the invoice', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.goto('/payment/demo');
    await page
      .getByTestId('demo-link')
      .filter({ hasText: 'One-time purchase' })
      .getByRole('link', { name: 'Open checkout' })
      .click();
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-USD').click();
    // The card provider asks for a postal code (and no other address line).
    await page.getByTestId('field-postal_code').waitFor();
    expect(await page.getByTestId('field-line1').count()).toBe(0);
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('9.9 USD');
    await expectAccessible(page, 'checkout with Card (test) chosen');
    await page.getByTestId('field-name').fill('Card Newcomer');
    await page.getByTestId('field-email').fill('card.newcomer@example.com');
    await page.getByTestId('field-postal_code').fill('94107');
    await page.getByTestId('pay-button').click();
    const dialog = page.getByTestId('card-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    // The Payment Element: the local Stripe's stand-in of Stripe.js, loaded from the local Stripe.
    await dialog.getByTestId('local-stripe-card').waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Postal code').fill('94107');
    await expectAccessible(page, 'card dialog with the Payment Element');
    await dialog.getByTestId('card-pay').click();
    await page.getByTestId('checkout-complete').waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'card checkout complete');
    await page.getByRole('link', { name: 'View invoice' }).click();
    await page.waitForURL(/\/payment\/customer\/invoice\/in_/);
    const card = page.getByTestId('detail-card');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toBe('Visa ending in 4242');
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Paid');
    await expectAccessible(page, 'paid card invoice');
    // The same invoice in Chinese.
    await page.goto(`${page.url()}${page.url().includes('?') ? '&' : '?'}locale=zh`);
    await expect
      .poll(() => page.getByTestId('detail-card').textContent(), { timeout: 30_000 })
      .toBe('Visa，尾号 4242');
    await expectAccessible(page, 'paid card invoice in Chinese');
    await context.close();
  }, 180_000);
});
