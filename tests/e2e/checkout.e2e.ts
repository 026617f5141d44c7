import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { signIn } from './support/login.js';
import { merchant } from './support/checkoutSessions.js';
import { ANVIL_ACCOUNT_1, installAnvilWallet, mineUntilVisible } from './support/wallet.js';

/**
 * Issue 6 item 1, "Done when": the checkout pages against the built server with DEMO_DATA=1 (seeded
 * test-mode payment links on the demo anvil chain).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface DemoLink {
  kind: string;
  id: string;
}

async function newPage(consent = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, { width: 1280, height: 900 });
  if (consent) await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
  return { context, page: await context.newPage() };
}

async function demoLink(page: Page, kind: string): Promise<string> {
  const links = await page.evaluate(async () => {
    const res = await fetch('/payment/api/demo');
    return ((await res.json()) as { links: DemoLink[] }).links;
  });
  const link = links.find((l) => l.kind === kind);
  if (!link) throw new Error(`no demo link of kind ${kind}`);
  return link.id;
}

/** Starts a session from a demo link (as the browser does) and answers its id and first price. */
async function startSession(page: Page, linkId: string): Promise<{ id: string; priceId: string }> {
  const view = await page.evaluate(async (id) => {
    const res = await fetch(`/payment/api/checkout-sessions/start/${id}?livemode=false`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await res.json()) as { checkoutSession: { id: string; line_items: { price_id: string }[] } };
  }, linkId);
  return { id: view.checkoutSession.id, priceId: view.checkoutSession.line_items[0]?.price_id ?? '' };
}

/** anvil's well-known test account 1 (funded with ETH, unlocked). */
const total = (page: Page) => page.getByTestId('checkout-total').textContent();

describe('checkout pages', () => {
  it('opens a one-time link, shows the summary and total, and updates the total with the quantity', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    const link = await demoLink(page, 'one_time');
    await page.goto(`/payment/checkout/link/${link}`);
    // The link starts a session and the address becomes the session's.
    await page.waitForURL(/\/payment\/checkout\/pay\/cs_[A-Za-z0-9]+/);
    await page.getByTestId('order-summary').waitFor();
    expect(await page.getByTestId('order-summary').textContent()).toContain('E-book');
    expect(await total(page)).toBe('9.9 TUSD');
    expect(await page.getByTestId('checkout-test-mode').textContent()).toBe('Test mode');

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => total(page)).toBe('19.8 TUSD');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => total(page)).toBe('29.7 TUSD');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => total(page)).toBe('19.8 TUSD');
    // The server agrees: the session's amount follows the quantity.
    const id = page.url().split('/').pop() ?? '';
    const session = await page.evaluate(async (cs) => {
      const res = await fetch(`/payment/api/checkout-sessions/retrieve/${cs}?livemode=false`);
      return ((await res.json()) as { checkoutSession: { amount_total: string } }).checkoutSession;
    }, id);
    expect(session.amount_total).toBe('19800000');
    // Anonymous buyers connect first: the pay button says so.
    expect(await page.getByTestId('pay-button').textContent()).toBe('Connect and pay');
    await screenshot(page, 'checkout-one-time');
    await expectAccessible(page, 'one-time checkout');

    // Opening the link again (a reload, a second visit) continues the same session and its quantity.
    await page.goto(`/payment/checkout/link/${link}`);
    await page.waitForURL(/\/payment\/checkout\/pay\/cs_[A-Za-z0-9]+/);
    expect(page.url().split('/').pop()).toBe(id);
    await expect.poll(() => total(page)).toBe('19.8 TUSD');
    await context.close();
  });

  it('shows the spec messages for an invalid email, phone and postal code and does not pay', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await signIn(page);
    const link = await demoLink(page, 'one_time');
    const { priceId } = await startSession(page, link);
    const created = await merchant<{ id: string }>(page, 'POST', '/checkout-sessions', {
      line_items: [{ price_id: priceId, quantity: 1 }],
      phone_number_collection: { enabled: true },
      billing_address_collection: 'required',
    });
    let submitted = 0;
    page.on('request', (r) => {
      if (r.url().includes('/submit')) submitted += 1;
    });
    await page.goto(`/payment/checkout/pay/${created.id}`);
    await page.getByTestId('payment-form').waitFor();

    await page.getByTestId('field-name').fill('Ada Buyer');
    await page.getByTestId('field-email').fill('not-an-email');
    await page.getByTestId('field-phone').fill('12345');
    await page.getByTestId('field-line1').fill('1 Main St');
    await page.getByTestId('field-city').fill('San Francisco');
    await page.getByTestId('field-state').fill('CA');
    await page.getByTestId('field-postal_code').fill('ABCDE');
    await page.getByTestId('pay-button').click();

    const form = page.getByTestId('payment-form');
    await form.getByText('Please enter a valid value').first().waitFor();
    expect(await form.getByText('Please enter a valid value').count()).toBe(3);
    expect(await page.getByTestId('wallet-dialog').count()).toBe(0);
    expect(submitted).toBe(0);

    // An empty required field says so.
    await page.getByTestId('field-city').fill('');
    await page.getByTestId('pay-button').click();
    await form.getByText('This field is required').waitFor();
    expect(submitted).toBe(0);
    await expectAccessible(page, 'checkout form with field errors');
    await screenshot(page, 'checkout-invalid-fields');
    await context.close();
  });

  it('shows the expired message for an expired session', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await signIn(page);
    const { id } = await startSession(page, await demoLink(page, 'one_time'));
    await merchant(page, 'PUT', `/checkout-sessions/${id}/expire`, {});
    await page.goto(`/payment/checkout/pay/${id}`);
    await page.getByTestId('checkout-expired').waitFor();
    expect(await page.getByTestId('checkout-expired').textContent()).toContain('Expired Link');
    await expectAccessible(page, 'expired checkout');
    await context.close();
  });
  it('updates the total with the upsell switch and the cross-sell offer', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await page.goto(`/payment/checkout/link/${await demoLink(page, 'upsell')}`);
    await page.getByTestId('order-summary').waitFor();
    expect(await total(page)).toBe('10 TUSD');
    // Yearly at 100 against 12 x 10 monthly: about 17 % saved, shown before the customer switches.
    await page.getByText('Save 17%').waitFor();
    await expectAccessible(page, 'subscription checkout with an upsell');
    await page.getByLabel('Switch to the upgraded plan', { exact: true }).click();
    await expect.poll(() => total(page)).toBe('100 TUSD');
    await page.getByText('Save 17%').waitFor();
    await page.getByLabel('Switch to the upgraded plan', { exact: true }).click();
    await expect.poll(() => total(page)).toBe('10 TUSD');

    await page.goto(`/payment/checkout/link/${await demoLink(page, 'cross_sell')}`);
    await page.getByTestId('cross-sell').waitFor();
    expect(await total(page)).toBe('49 TUSD');
    await expectAccessible(page, 'checkout with a cross-sell offer');
    await page.getByTestId('cross-sell').getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => total(page)).toBe('68 TUSD');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => total(page)).toBe('49 TUSD');
    await context.close();
  });

  it('pays a one-time ERC-20 price through the wallet-connect QR dialog with the test wallet', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await signIn(page);
    await page.goto(`/payment/checkout/link/${await demoLink(page, 'one_time')}`);
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    await page.getByTestId('field-name').fill('Ada Buyer');
    await page.getByTestId('field-email').fill('ada@example.com');
    await page.keyboard.press('Enter');
    await page.getByTestId('wallet-dialog').waitFor();
    await page.getByTestId('wallet-connect').getByTestId('did-connect-qr').waitFor();
    // The wallet pays here: the panel says so, not "sign in".
    const panel = await page.getByTestId('wallet-connect').textContent();
    expect(panel).toContain('Scan the QR code with DID Wallet to pay.');
    expect(panel).not.toMatch(/sign/i);
    await expectAccessible(page, 'payment dialog (DID Connect QR)');
    await page.getByTestId('did-connect-dev-wallet').click();
    await page.getByTestId('checkout-complete').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('checkout-complete').textContent()).toContain('View invoice');
    await expectAccessible(page, 'completed checkout');
    await context.close();
  });

  it('pays with an injected browser wallet (EIP-1193 forwarded to the demo anvil chain), before cookie consent', async () => {
    // No consent yet: the cookie banner shows, and must not cover the payment dialog's buttons.
    const { context, page } = await newPage(false);
    await page.goto('/');
    await signIn(page);
    const call = await installAnvilWallet(context, page);
    await page.goto(`/payment/checkout/link/${await demoLink(page, 'one_time')}`);
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-ETH').click();
    await expect.poll(() => total(page)).toBe('0.004 ETH');
    await page.getByTestId('field-name').fill('Ada Buyer');
    await page.getByTestId('field-email').fill('ada@example.com');
    expect(await page.getByTestId('pay-button').textContent()).toBe('Pay');
    await page.getByTestId('pay-button').click();
    await page.getByTestId('wallet-dialog').waitFor();
    expect(await page.getByTestId('cookie-banner').isVisible()).toBe(true);
    // The open dialog (and its backdrop) lies above the banner: nothing of the banner can be hit.
    const bannerOnTop = await page.getByTestId('cookie-banner').evaluate((banner) => {
      const box = banner.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && banner.contains(hit);
    });
    expect(bannerOnTop).toBe(false);
    // A click only lands when the button is the topmost element at its centre (playwright checks).
    await page.getByTestId('pay-browser-wallet').click({ timeout: 5_000 });
    // Blocks for the confirmations the method asks for, until the success screen shows.
    const complete = page.getByTestId('checkout-complete');
    await mineUntilVisible(call, complete);
    expect(await complete.textContent()).toContain('View invoice');
    await screenshot(page, 'checkout-paid-browser-wallet');
    await context.close();
  });
  it('pays with fast pay after the payer granted an ERC-20 allowance', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await signIn(page);
    const call = await installAnvilWallet(context, page);
    const link = await demoLink(page, 'one_time');
    // A first submit (throwaway session) tells where TUSD payments go: the spender of the allowance.
    const target = await page.evaluate(
      async ({ link }) => {
        const started = await fetch(`/payment/api/checkout-sessions/start/${link}?livemode=false`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        const view = (await started.json()) as {
          checkoutSession: { id: string };
          paymentMethods: { id: string; payment_currencies: { id: string; symbol: string }[] }[];
        };
        const method = view.paymentMethods[0];
        const tusd = method?.payment_currencies.find((c) => c.symbol === 'TUSD');
        const res = await fetch(
          `/payment/api/checkout-sessions/${view.checkoutSession.id}/submit?livemode=false`,
          {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              customer_name: 'Ada Buyer',
              customer_email: 'ada@example.com',
              payment_method: method?.id,
              payment_currency: tusd?.id,
            }),
          },
        );
        return ((await res.json()) as { paymentTarget: { recipient: string; token: string } }).paymentTarget;
      },
      { link },
    );
    const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
    await call('eth_sendTransaction', [
      {
        from: ANVIL_ACCOUNT_1,
        to: target.token,
        data: `0x095ea7b3${word(target.recipient)}${word((10n ** 30n).toString(16))}`,
      },
    ]);

    await page.goto(`/payment/checkout/link/${link}`);
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    await page.getByTestId('field-name').fill('Ada Buyer');
    await page.getByTestId('field-email').fill('ada@example.com');
    // The page asks the wallet to sign the server's challenge (proving account 1 is this customer's),
    // then offers fast pay from it.
    await page.getByTestId('pay-button').click();
    await page.getByTestId('fast-pay-confirm').click();
    const complete = page.getByTestId('checkout-complete');
    await mineUntilVisible(call, complete);
    await context.close();
  });
});
