import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext } from './support/browser.js';

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
    await page.goto('/payment/demo?locale=zh');
    await page.getByTestId('demo-link').first().waitFor();
    expect(await page.getByTestId('page-payment-demo').textContent()).toContain('一次性购买');
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
});
