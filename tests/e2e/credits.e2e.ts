import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { launchBrowser, openContext } from './support/browser.js';
import { merchant } from './support/checkoutSessions.js';
import { signIn } from './support/login.js';

// Credits end to end in Chromium: buy the demo "AI credits" (500 credits) through its checkout, see the
// balance on the portal home, let a credit meter's events consume some, open the grant's page, list the
// transactions with a date range (popover on desktop, dialog on a phone), and open the admin meter page
// with its chart and an event's source data. axe checks every page and dialog visited.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Grant {
  id: string;
  currency_id: string;
  remaining_amount: string;
  status: string;
}

/** Buys the demo "AI credits" with the test wallet (fast pay when an earlier test left an allowance). */
async function buyCredits(page: Page): Promise<void> {
  await page.goto('/payment/demo');
  await page
    .getByTestId('demo-link')
    .filter({ hasText: 'AI credits' })
    .getByRole('link', { name: 'Open checkout' })
    .click();
  await page.getByTestId('payment-form').waitFor();
  await page.getByTestId('currency-TUSD').click();
  await page.getByTestId('field-name').fill('Credit Buyer');
  await page.getByTestId('field-email').fill('credits@example.com');
  await page.getByTestId('pay-button').click();
  const walletDialog = page.getByTestId('wallet-dialog');
  const fastPay = page.getByTestId('fast-pay-dialog');
  const replace = page.getByTestId('replace-details-dialog');
  await walletDialog.or(fastPay).or(replace).first().waitFor({ timeout: 30_000 });
  if (await replace.isVisible()) await page.getByTestId('replace-details-keep').click();
  await walletDialog.or(fastPay).first().waitFor({ timeout: 30_000 });
  if (await fastPay.isVisible()) await page.getByTestId('fast-pay-confirm').click();
  else await page.getByTestId('wallet-connect').getByTestId('did-connect-dev-wallet').click();
  await page.getByTestId('checkout-complete').waitFor({ timeout: 60_000 });
}

/** The signed-in customer's live grants, as the API lists them. */
async function myGrants(page: Page, customerId: string): Promise<Grant[]> {
  const list = await merchant<{ data: Grant[] }>(
    page,
    'GET',
    `/credit-grants?customer_id=${customerId}&status=granted&pageSize=100`,
  );
  return list.data;
}

describe('credits', () => {
  it('buys AI credits, shows the balance, the grant and its transactions with a date range', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await buyCredits(page);

    const me = await merchant<{ id: string }>(page, 'GET', '/customers/me?skipSummary=1');
    // The grant is made when the payment settles: wait for it rather than sleeping.
    await expect
      .poll(async () => (await myGrants(page, me.id)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const grants = await myGrants(page, me.id);
    const bought = grants[0] as Grant;
    expect(bought.remaining_amount).toBe('50000'); // 500 credits of a 2-decimal currency
    const before = grants.reduce((sum, g) => sum + BigInt(g.remaining_amount), 0n);

    // The portal home shows the balance (500 credits or more when an earlier run bought some too).
    await page.goto('/payment/customer');
    const panel = page.getByTestId('portal-credit-balance');
    await panel.waitFor({ timeout: 15_000 });
    expect(await panel.getByTestId('credit-available').first().textContent()).toBe(
      `${(before / 100n).toString()} CRD`,
    );
    await expectAccessible(page, 'portal home with the credit balance');

    // A credit meter of that currency; two events consume 12 and 3 credits (1200 and 300 units).
    const meter = await merchant<{ id: string; event_name: string }>(page, 'POST', '/meters', {
      name: 'AI tokens (e2e)',
      event_name: `e2e.tokens.${Date.now().toString(36)}`,
      unit: 'token',
      currency_id: bought.currency_id,
    });
    for (const [value, n] of [
      ['1200', 1],
      ['300', 2],
    ] as const) {
      await merchant(page, 'POST', '/meter-events', {
        event_name: meter.event_name,
        identifier: `e2e-${meter.id}-${n}`,
        payload: { customer_id: me.id, value },
        source_data: { model: 'demo-model', request: n },
      });
    }

    await page.getByTestId('portal-credit-balance').getByRole('link', { name: 'Credits' }).click();
    await page.getByTestId('page-portal-credits').waitFor();
    await expect.poll(() => page.getByTestId('credit-transaction-row').count()).toBeGreaterThanOrEqual(2);
    await expectAccessible(page, 'credits page');

    // Today as a range: the two uses are listed; a range long past lists nothing.
    const today = await page.evaluate(() => {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    await page.getByTestId('credit-range-button').click();
    const popover = page.locator('.MuiPopover-paper[role="dialog"]');
    await popover.waitFor();
    await expectAccessible(page, 'date range popover', { include: '.MuiPopover-paper' });
    await page.getByTestId('credit-range-from').fill(today);
    await page.getByTestId('credit-range-to').fill(today);
    await page.getByTestId('credit-range-apply').click();
    await expect.poll(() => page.getByTestId('credit-transaction-row').count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('credit-range-button').click();
    await page.getByTestId('credit-range-from').fill('2020-01-01');
    await page.getByTestId('credit-range-to').fill('2020-01-02');
    await page.getByTestId('credit-range-apply').click();
    await page.getByText('No credit transactions').waitFor();

    // The grant's page: its details, status chip and its transactions.
    await page.goto(`/payment/customer/credit-grant/${bought.id}`);
    await page.getByTestId('detail-remaining').waitFor();
    expect(await page.getByTestId('credit-status').textContent()).toBe('Granted');
    expect(await page.getByTestId('detail-amount').textContent()).toBe('500 CRD');
    await expect.poll(() => page.getByTestId('credit-transaction-row').count()).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, 'credit grant page');

    // The admin meter page: chart, events and an event's source data.
    await page.goto(`/payment/admin/billing/${meter.id}`);
    await page.getByTestId('usage-chart').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'admin meter page');
    await page.getByTestId('source-data-view').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('source-data-json').textContent()).toContain('demo-model');
    await expectAccessible(page, 'source data dialog', { include: '[role="dialog"]' });
    await context.close();
  }, 180_000);

  it('opens the date range as a dialog on a phone, in Chinese', async () => {
    const context = await openContext(browser, { width: 390, height: 800 });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.goto('/payment/customer/credits?locale=zh');
    await page.getByTestId('page-portal-credits').waitFor();
    await page.getByTestId('credit-range-button').click();
    const dialog = page.getByRole('dialog', { name: '选择日期范围' });
    await dialog.waitFor();
    expect(await dialog.evaluate((e) => e.classList.contains('MuiDialog-paper'))).toBe(true);
    await expectAccessible(page, 'date range dialog on a phone', { include: '.MuiDialog-paper' });
    await page.getByRole('button', { name: '最近 7 天' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('credit-transaction-row').or(page.getByText('没有积分交易')).first().waitFor();
    await expectAccessible(page, 'credits page on a phone in Chinese');
    await context.close();
  }, 120_000);
});
