import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { signIn } from './support/login.js';

/**
 * Issue 13, the merchant's side: the owner enables donations from the prompt on the demo donation
 * checkout and configures them, donates once, sees the payment on the overview chart, opens the
 * customer page and refunds part of the payment; then every admin page at 375 px has no horizontal
 * page overflow and passes axe.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = '/payment/admin';

async function donationLink(page: Page): Promise<string> {
  const links = await page.evaluate(async () => {
    const res = await fetch('/payment/api/demo');
    return ((await res.json()) as { links: { kind: string; id: string }[] }).links;
  });
  const link = links.find((l) => l.kind === 'donation');
  if (!link) throw new Error('no demo donation link');
  return link.id;
}

describe('admin customer page, overview and donations', () => {
  it('enables and configures donations, sees the payment, refunds part of it, and fits 375 px', async () => {
    const context = await openContext(browser, { width: 1440, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);

    // The owner sees Enable on the donation checkout; enabling offers Configure Now.
    const linkId = await donationLink(page);
    await page.goto(`/payment/checkout/link/${linkId}`);
    await page.waitForURL(/\/payment\/checkout\/pay\/cs_[A-Za-z0-9]+/);
    const checkoutUrl = page.url();
    await page.getByTestId('donation-enable-bar').waitFor();
    // Its own words, never a raw key (the admin strings are not loaded on a checkout).
    const bar = (await page.getByTestId('donation-enable-bar').textContent()) ?? '';
    expect(bar).toContain('Donations are not enabled here yet.');
    expect(bar).not.toMatch(/payment\.\w+\./);
    await expectAccessible(page, 'donation checkout with Enable');
    await page.getByTestId('donation-enable').click();
    await page.getByTestId('donation-configure-prompt').waitFor();
    await expectAccessible(page, 'configure donations prompt');
    await page.getByTestId('donation-configure-now').click();

    // The integrations page edits the link's setting: presets, default, beneficiaries with shares.
    const editor = page.getByTestId('donation-editor');
    await editor.waitFor();
    await page.getByTestId('donation-presets').fill('2, 5, 20');
    await page.getByTestId('donation-preset').fill('5');
    await page.getByTestId('add-beneficiary').click();
    await page.getByTestId('beneficiary-name-1').fill('Editor');
    await page.getByTestId('beneficiary-share-1').fill('30');
    await page.getByTestId('shares-sum').waitFor();
    await page.getByTestId('beneficiary-share-0').fill('70');
    await page.getByTestId('shares-sum').waitFor({ state: 'detached' });
    await expectAccessible(page, 'donation settings editor');
    await page.getByTestId('donation-save').click();
    await page.getByText('Donation settings saved').waitFor();
    await screenshot(page, 'admin-donations');

    // The checkout uses the new presets; the owner donates 5 TUSD with the test wallet.
    await page.goto(checkoutUrl);
    await page.getByTestId('donation-summary').waitFor();
    expect(await page.getByTestId('donation-presets').getByRole('radio').allTextContents()).toEqual([
      '2 TUSD',
      '5 TUSD',
      '20 TUSD',
      'Custom',
    ]);
    expect(await page.getByTestId('donation-enable-bar').count()).toBe(0);
    await page.getByTestId('field-name').fill('Olivia Owner');
    await page.getByTestId('field-email').fill('owner@example.com');
    await page.getByTestId('pay-button').click();
    await page.getByTestId('wallet-dialog').waitFor();
    await page.getByTestId('did-connect-dev-wallet').click();
    await page.getByTestId('checkout-complete').waitFor({ timeout: 60_000 });
    const cs = page.url().split('/').pop()?.split('?')[0] ?? '';
    const paid = await page.evaluate(async (id) => {
      const res = await fetch(`/payment/api/checkout-sessions/retrieve/${id}?livemode=false`);
      return (await res.json()) as { paymentIntent?: { id: string; customer_id: string | null } };
    }, cs);
    const intent = paid.paymentIntent;
    expect(intent?.customer_id).toBeTruthy();

    // The overview draws the day's revenue.
    await page.goto(ADMIN);
    await page.getByTestId('page-admin-overview').waitFor();
    await page.getByTestId('overview-revenue').first().locator('svg[role="img"]').waitFor();
    await expectAccessible(page, 'admin overview');
    await screenshot(page, 'admin-overview');

    // The customer page: a partial refund of 1 TUSD through the rail.
    await page.goto(`${ADMIN}/customers/${intent?.customer_id ?? ''}`);
    await page.getByTestId(`refund-${intent?.id ?? ''}`).click();
    await page.getByTestId('refund-amount').fill('1');
    await page.getByTestId('refund-submit').click();
    await page.getByTestId('customer-refunds-table').getByText('1 TUSD').waitFor();
    await expectAccessible(page, 'admin customer page');
    await screenshot(page, 'admin-customer');
    // The customer (here the owner donated) sees the refund in their own payment history.
    await page.goto('/payment/customer/payments');
    await page.getByTestId('refunds').getByText('1 TUSD').first().waitFor();
    await expectAccessible(page, 'portal payments with the refund');
    const customerPath = `${ADMIN}/customers/${intent?.customer_id ?? ''}`;
    await context.close();

    // 375 px: no page-wide horizontal scroll on any admin page, and axe clean.
    const narrow = await openContext(browser, { width: 375, height: 800 });
    await narrow.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const small = await narrow.newPage();
    await small.goto('/');
    await signIn(small);
    const pages: Array<[string, string]> = [
      [`${ADMIN}/overview`, 'page-admin-overview'],
      [`${ADMIN}/products`, 'page-admin-products'],
      [`${ADMIN}/payment-links`, 'page-admin-links'],
      [`${ADMIN}/payment-methods`, 'page-admin-methods'],
      [`${ADMIN}/customers`, 'page-admin-customers'],
      [customerPath, 'page-admin-customer'],
      [`${ADMIN}/api-keys`, 'page-admin-keys'],
      [`${ADMIN}/webhooks`, 'page-admin-webhooks'],
      ['/payment/integrations/donations', 'page-donations-integration'],
    ];
    const wide: string[] = [];
    for (const [path, testId] of pages) {
      await small.goto(path);
      await small.getByTestId(testId).waitFor();
      await small
        .getByRole('progressbar')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      const width = await small.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) wide.push(`${path}: ${width}px`);
      await expectAccessible(small, `${testId} at 375 px`);
    }
    await screenshot(small, 'admin-donations-375');
    // The run shares one server: the demo donation link gets its seeded settings back for donation.e2e.
    const restored = await small.evaluate(async (location) => {
      const list = await fetch('/payment/api/donation-settings?livemode=false');
      const rows = ((await list.json()) as { data: { id: string; mount_location: string }[] }).data;
      const row = rows.find((r) => r.mount_location === location);
      const res = await fetch(`/payment/api/donation-settings/${row?.id ?? ''}?livemode=false`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          settings: {
            amount: { presets: ['1', '5', '10'], preset: '5', custom: true },
            beneficiaries: [{ name: 'The author', type: 'user', percent: 100 }],
          },
        }),
      });
      return res.status;
    }, linkId);
    expect(restored).toBe(200);
    await narrow.close();
    expect(wide).toEqual([]);
  }, 300_000);
});
