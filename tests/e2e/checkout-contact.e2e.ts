import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext } from './support/browser.js';
import { payDemo, signInAsNewCustomer } from './support/customer.js';

/**
 * Contact details typed at checkout belong to that checkout and its invoice: a signed-in customer's own
 * record changes only when they tick "Save these details to my account" (off by default), so the next
 * checkout still offers their saved name.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('contact details at checkout', () => {
  it('leave the signed-in customer unrenamed unless they choose to save them', async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await signInAsNewCustomer(page, 'Carola', '/payment/demo');
    // The first checkout makes her customer record from what she types.
    await payDemo(page, 'Subscription with a trial', 'Carola');
    await page.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });

    // A second checkout offers her saved name and the choice to save, off by default.
    await page.goto('/payment/demo');
    await page
      .getByTestId('demo-link')
      .filter({ hasText: 'Subscription with a trial' })
      .getByRole('link', { name: 'Open checkout' })
      .click();
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    expect(await page.getByTestId('field-name').inputValue()).toBe('Carola');
    const save = page.getByRole('checkbox', { name: 'Save these details to my account' });
    expect(await save.isChecked()).toBe(false);
    await expectAccessible(page, 'checkout with the save-details choice');
    await page.getByTestId('field-name').fill('Somebody Else');
    await page.getByTestId('pay-button').click();
    await page.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });

    // Her record kept her name: the next checkout offers it again.
    await page.goto('/payment/demo');
    await page
      .getByTestId('demo-link')
      .filter({ hasText: 'Subscription with a trial' })
      .getByRole('link', { name: 'Open checkout' })
      .click();
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    expect(await page.getByTestId('field-name').inputValue()).toBe('Carola');
    await context.close();
  }, 120_000);
});
