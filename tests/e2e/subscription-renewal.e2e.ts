import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { merchant } from './support/checkoutSessions.js';
import { signIn } from './support/login.js';
import { ANVIL_ACCOUNT_1, approveData, installAnvilWallet, type Rpc } from './support/wallet.js';

/**
 * A subscription paid by allowance, end to end on the demo chain: the customer's browser wallet
 * (anvil account 1) approved one period only, so after the first pull the portal says the allowance
 * does not cover the next invoice and offers "Grant or renew allowance" (12 months, in words); the
 * wallet approves it; the admin advances the test clock one month; the renewal is pulled on chain
 * (transferFrom: the account's TUSD balance falls by the plan's price) and the bell says it was paid.
 */
let browser: Browser;
const PRICE = 1_000_000n;

interface Listed<T> {
  data: T[];
}

const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');

async function tokenBalance(call: Rpc, token: string, owner: string): Promise<bigint> {
  const answer = await call('eth_call', [{ to: token, data: `0x70a08231${word(owner)}` }, 'latest']);
  return BigInt(String(answer));
}

/** Mines a block every half second until `done` answers true (pulls wait for their confirmations). */
async function mineUntil(call: Rpc, page: Page, done: () => Promise<boolean>, tries = 60) {
  for (let i = 0; i < tries; i += 1) {
    if (await done()) return;
    await call('anvil_mine', ['0x1']).catch(() => undefined);
    await page.waitForTimeout(500);
  }
  throw new Error('gave up waiting');
}

async function setUp(page: Page, did: string) {
  const currencies = await merchant<Listed<{ id: string; symbol: string; payment_method_id: string }>>(
    page,
    'GET',
    '/payment-currencies?limit=100',
  );
  const currency = currencies.data.find((c) => c.symbol === 'TUSD');
  if (!currency) throw new Error('no test-mode TUSD');
  const product = await merchant<{ id: string }>(page, 'POST', '/products', { name: 'E2E allowance plan' });
  const price = await merchant<{ id: string }>(page, 'POST', '/prices', {
    product_id: product.id,
    currency_id: currency.id,
    unit_amount: PRICE.toString(),
    recurring: { interval: 'month' },
  });
  const customers = await merchant<Listed<{ id: string; did: string | null }>>(
    page,
    'GET',
    '/customers?limit=100',
  );
  const customer =
    customers.data.find((c) => c.did === did) ??
    (await merchant<{ id: string }>(page, 'POST', '/customers', { name: 'E2E owner', did }));
  const clock = await merchant<{ id: string }>(page, 'POST', '/test-clocks', {
    frozen_time: '2027-03-01T12:00:00.000Z',
    name: `E2E allowance clock ${Date.now()}`,
  });
  // A subscription checkout's offer tells which token and spender the allowance is for.
  const session = await merchant<{ id: string }>(page, 'POST', '/checkout-sessions', {
    line_items: [{ price_id: price.id, quantity: 1 }],
    mode: 'subscription',
  });
  const offer = await page.evaluate(
    async ({ id, body }) => {
      const res = await fetch(`/payment/api/checkout-sessions/${id}/submit?livemode=false`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { allowance: { spender: string; request: { to: string } } }).allowance;
    },
    {
      id: session.id,
      body: {
        customer_name: 'E2E owner',
        customer_email: 'owner@example.com',
        payment_method: currency.payment_method_id,
        payment_currency: currency.id,
      },
    },
  );
  return { currency, price: price.id, customer: customer.id, clock: clock.id, offer };
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('subscription renewal by allowance', () => {
  it('renews the allowance in the portal, pulls the renewal on chain and rings the bell', async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    const did = await signIn(page);
    const call = await installAnvilWallet(context, page);
    const { currency, price, customer, clock, offer } = await setUp(page, did);
    const token = offer.request.to;

    // One period approved: the first invoice is pulled and nothing is left for the renewal.
    await call('eth_sendTransaction', [
      { from: ANVIL_ACCOUNT_1, to: token, data: approveData(offer.spender, PRICE) },
    ]);
    await call('anvil_mine', ['0x1']);
    const sub = await merchant<{ id: string }>(page, 'POST', '/subscriptions', {
      customer_id: customer,
      items: [{ price_id: price, quantity: 1 }],
      currency_id: currency.id,
      payment_method_id: currency.payment_method_id,
      payer: ANVIL_ACCOUNT_1,
      test_clock_id: clock,
    });
    await mineUntil(call, page, async () => {
      const now = await merchant<{ status: string }>(page, 'GET', `/subscriptions/${sub.id}`);
      return now.status === 'active';
    });

    // The portal reads the allowance on chain and offers to renew it, in words.
    await page.goto(`/payment/customer/subscription/${sub.id}`);
    const panel = page.getByTestId('subscription-allowance');
    await panel.getByTestId('allowance-grant').click();
    expect(await page.getByTestId('allowance-offer-words').textContent()).toBe(
      'Allows up to 12 TUSD, about 12 months of this plan.',
    );
    await screenshot(page, 'portal-allowance-grant');
    await page.getByTestId('allowance-approve').click();
    await mineUntil(call, page, async () => (await panel.getByTestId('allowance-grant').count()) === 0);
    await expect.poll(() => panel.textContent()).toContain('Automatic payments left: 12 TUSD');

    // The admin advances the clock one month: the renewal is pulled from account 1 on chain.
    const before = await tokenBalance(call, token, ANVIL_ACCOUNT_1);
    await page.goto(`/payment/admin/test-clocks?clock=${clock}`);
    const clockPanel = page.getByTestId('clock-panel');
    await clockPanel.waitFor();
    await page.getByTestId('clock-plus-month').click();
    await page.getByTestId('clock-advance').click();
    await mineUntil(
      call,
      page,
      async () => (await tokenBalance(call, token, ANVIL_ACCOUNT_1)) === before - PRICE,
    );
    let renewal = '';
    await mineUntil(call, page, async () => {
      const list = await merchant<{
        list: Array<{ status: string; billing_reason: string; number: string | null }>;
      }>(page, 'GET', `/invoices?subscription_id=${sub.id}`);
      const paid = list.list.find((i) => i.billing_reason === 'subscription_cycle' && i.status === 'paid');
      renewal = paid?.number ?? '';
      return paid !== undefined;
    });

    // The bell: the renewal was paid (rendered from the stored message key).
    await page.goto('/payment/admin/invoices');
    await expect.poll(() => page.getByTestId('notification-bell').getAttribute('data-unread')).not.toBe('0');
    await page.getByTestId('notification-bell').click();
    await expect.poll(() => page.locator('body').textContent()).toContain(`Invoice ${renewal} is paid`);
    expect(await page.locator('body').textContent()).toContain('1 TUSD paid');
    await screenshot(page, 'bell-invoice-paid');
    await context.close();
  });
  it('subscription checkout: the wallet dialog says the allowance in words, the wallet pays then approves it', async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    const did = await signIn(page);
    const call = await installAnvilWallet(context, page);
    const { price, offer } = await setUp(page, did);
    const token = offer.request.to;
    // No allowance left from another test: the page must not offer fast pay instead of the wallet.
    await call('eth_sendTransaction', [
      { from: ANVIL_ACCOUNT_1, to: token, data: approveData(offer.spender, 0n) },
    ]);
    await call('anvil_mine', ['0x1']);
    const link = await merchant<{ id: string }>(page, 'POST', '/payment-links', {
      line_items: [{ price_id: price, quantity: 1 }],
      subscription_data: { allowance_periods: 6 },
    });

    await page.goto(`/payment/checkout/link/${link.id}`);
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    await page.getByTestId('field-name').fill('Ada Buyer');
    await page.getByTestId('field-email').fill('ada@example.com');
    await page.getByTestId('pay-button').click();
    await page.getByTestId('wallet-dialog').waitFor();
    expect(await page.getByTestId('allowance-words').textContent()).toContain(
      'Allows up to 6 TUSD, about 6 months of this plan.',
    );
    await screenshot(page, 'checkout-allowance-words');
    await page.getByTestId('pay-browser-wallet').click();
    const complete = page.getByTestId('checkout-complete');
    await mineUntil(call, page, () => complete.isVisible());
    // The approve the wallet sent after paying: 6 periods of the plan, exactly.
    const allowance = await call('eth_call', [
      { to: token, data: `0xdd62ed3e${word(ANVIL_ACCOUNT_1)}${word(offer.spender)}` },
      'latest',
    ]);
    expect(BigInt(String(allowance))).toBe(6n * PRICE);
    await context.close();
  });
});
