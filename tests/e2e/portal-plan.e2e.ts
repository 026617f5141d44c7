import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { merchant } from './support/checkoutSessions.js';
import { payDemo, signInAsNewCustomer } from './support/customer.js';
import { signIn } from './support/login.js';

/**
 * Issue 20 item 19, change plan in the customer portal: a customer on a 30 TUSD monthly Basic plan
 * switches to the product's 60 TUSD Pro price. The dialog (keyboard only) shows what is due now before
 * confirming; confirming opens the proration invoice, which the customer pays with the DID wallet, and
 * the subscription then bills Pro. Then "Change payment method" opens a dialog of the same family
 * (keyboard only: focus kept inside, Escape closes it and focus returns to its button) that moves future
 * invoices to ETH. The dialogs and pages are checked with axe.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, { width: 1280, height: 900 });
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
  return { context, page: await context.newPage() };
}

/**
 * The owner bills Basic (30 TUSD a month) to `customerId`, its first invoice paid; Pro is 60 TUSD or
 * 0.02 ETH.
 */
async function basicPlan(customerId: string): Promise<{ subscription: string; pro: string }> {
  const owner = await newPage();
  await owner.page.goto('/');
  await signIn(owner.page);
  const res = await owner.page.request.get('/payment/api/settings?livemode=false');
  const settings = (await res.json()) as {
    paymentMethods: Array<{
      name: string;
      payment_currencies?: Array<{ id: string; symbol: string; payment_method_id: string }>;
    }>;
  };
  const demo = settings.paymentMethods.find((m) => m.name === 'Local chain (anvil)');
  const tusd = demo?.payment_currencies?.find((c) => c.symbol === 'TUSD');
  const eth = demo?.payment_currencies?.find((c) => c.symbol === 'ETH');
  if (!tusd || !eth) throw new Error('the demo chain has no TUSD or ETH');
  const product = await merchant<{ id: string }>(owner.page, 'POST', '/products', { name: 'Plan switch' });
  const price = (nickname: string, unit_amount: string, ethAmount?: string) =>
    merchant<{ id: string }>(owner.page, 'POST', '/prices', {
      product_id: product.id,
      currency_id: tusd.id,
      unit_amount,
      nickname,
      recurring: { interval: 'month' },
      ...(ethAmount ? { currency_options: [{ currency_id: eth.id, unit_amount: ethAmount }] } : {}),
    });
  const basic = await price('Basic', '30000000');
  // Pro is sold in ETH too: on Pro the customer may move future invoices to ETH.
  const pro = await price('Pro', '60000000', '20000000000000000');
  const sub = await merchant<{ id: string; latest_invoice_id: string }>(
    owner.page,
    'POST',
    '/subscriptions',
    {
      customer_id: customerId,
      items: [{ price_id: basic.id, quantity: 1 }],
      currency_id: tusd.id,
      payment_method_id: tusd.payment_method_id,
      collection_method: 'send_invoice',
      days_until_due: 7,
    },
  );
  await merchant(owner.page, 'POST', `/invoices/${sub.latest_invoice_id}/pay`, { paid_out_of_band: true });
  await owner.context.close();
  return { subscription: sub.id, pro: pro.id };
}

describe('change plan and payment method in the customer portal', () => {
  it('previews the amount due, confirms by keyboard, pays the proration invoice, bills the new plan, then moves future invoices to ETH in a dialog', async () => {
    const { context, page } = await newPage();
    await signInAsNewCustomer(page, 'Pia', '/payment/demo');
    // A free trial makes Pia a customer of the shop without any transfer.
    await payDemo(page, 'Subscription with a trial', 'Pia');
    await page.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });
    const own = await page.evaluate(async () => {
      const r = await fetch('/payment/api/invoices?livemode=false');
      return (await r.json()) as { list: Array<{ customer_id: string }> };
    });
    const customerId = own.list[0]?.customer_id;
    if (!customerId) throw new Error('the trial made no customer');
    const plan = await basicPlan(customerId);

    await page.goto(`/payment/customer/subscription/${plan.subscription}`);
    await page.getByTestId('subscription-status').filter({ hasText: 'Active' }).waitFor();
    const open = page.getByTestId('subscription-change-plan');
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('plan-dialog');
    const pro = dialog.getByRole('radio', { name: /^Plan switch \(Pro\) · 60 TUSD/ });
    await pro.waitFor();
    // Keyboard only: Tab reaches the plan, Space picks it.
    await pro.focus();
    await page.keyboard.press('Space');
    expect(await pro.isChecked()).toBe(true);
    const preview = dialog.getByTestId('plan-preview');
    await preview.filter({ hasText: /^Due now: / }).waitFor();
    const shown = (await preview.textContent()) ?? '';
    const due = /^Due now: ([\d.]+) TUSD/.exec(shown)?.[1];
    expect(due, shown).toBeDefined();
    // Pro's extra 30 TUSD for most of a month.
    expect(Number(due)).toBeGreaterThan(25);
    expect(Number(due)).toBeLessThanOrEqual(30);
    expect(shown).toContain('The new plan applies once this amount is paid.');
    expect(await dialog.getByTestId('plan-renewal').textContent()).toMatch(/^Next renewal: 60 TUSD on /);
    await expectAccessible(page, 'change plan dialog', { include: '[data-testid="plan-dialog"]' });
    await screenshot(page, 'portal-change-plan');
    await dialog.getByTestId('plan-confirm').focus();
    await page.keyboard.press('Enter');

    // The proration invoice opens to be paid: exactly the amount shown.
    await page.waitForURL((url) => url.pathname.startsWith('/payment/customer/invoice/'));
    await page
      .getByTestId('invoice-status')
      .filter({ hasText: /^Open$/ })
      .waitFor();
    expect(await page.getByTestId('detail-total').textContent()).toBe(`${due} TUSD`);
    await expectAccessible(page, 'proration invoice');
    await page.getByTestId('invoice-pay').click();
    const wallet = page.getByTestId('portal-wallet-dialog');
    await wallet.getByTestId('did-connect-dev-wallet').click();
    await page
      .getByTestId('invoice-status')
      .filter({ hasText: /^Paid$/ })
      .waitFor({ timeout: 60_000 });

    await page.goto(`/payment/customer/subscription/${plan.subscription}`);
    await page
      .getByTestId('detail-next-payment')
      .filter({ hasText: /^60 TUSD on / })
      .waitFor();
    const after = await page.evaluate(async (id) => {
      const r = await fetch(`/payment/api/subscriptions/${id}?livemode=false`);
      return (await r.json()) as { items: Array<{ price_id: string }> };
    }, plan.subscription);
    expect(after.items.map((i) => i.price_id)).toEqual([plan.pro]);
    await expectAccessible(page, 'subscription on the new plan');

    // Change payment method: a labelled dialog, not an inline form.
    expect(await page.getByTestId('subscription-currency').getByRole('radio').count()).toBe(0);
    const change = page.getByTestId('currency-change');
    await change.focus();
    await page.keyboard.press('Enter');
    const methods = page.getByRole('dialog', { name: 'Change payment method' });
    await methods.waitFor();
    await expectAccessible(page, 'change payment method dialog', {
      include: '[data-testid="method-dialog"]',
    });
    // Escape closes it and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await methods.waitFor({ state: 'hidden' });
    await expect.poll(() => change.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await methods.waitFor();
    const eth = methods.getByRole('radio', { name: 'ETH · Local chain (anvil)' });
    await eth.focus();
    await page.keyboard.press('Space');
    expect(await eth.isChecked()).toBe(true);
    // Tab never leaves the dialog.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      await expect.poll(() => methods.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await screenshot(page, 'portal-change-method');
    await methods.getByTestId('currency-save').focus();
    await page.keyboard.press('Enter');
    await methods.waitFor({ state: 'hidden' });
    await page.getByTestId('detail-currency').filter({ hasText: /^ETH$/ }).waitFor();
    await page
      .getByTestId('detail-next-payment')
      .filter({ hasText: /^0\.02 ETH on / })
      .waitFor();
    await expectAccessible(page, 'subscription billed in ETH');
    await context.close();
  });
});
