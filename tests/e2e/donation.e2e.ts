import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { signIn } from './support/login.js';

/**
 * Issue 6, the donation checkout (SPEC section 2 "Donation checkout" and section 5 donation rules)
 * against the built server with DEMO_DATA=1: the seeded "Tip the author" link (presets 1, 5, 10 TUSD,
 * preset 5, custom amounts, one beneficiary) on the demo anvil chain, donated by an anonymous visitor.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TUSD = 1_000_000n;

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, { width: 1280, height: 900 });
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
  return { context, page: await context.newPage() };
}

async function donationLink(page: Page): Promise<string> {
  const links = await page.evaluate(async () => {
    const res = await fetch('/payment/api/demo');
    return ((await res.json()) as { links: { kind: string; id: string }[] }).links;
  });
  const link = links.find((l) => l.kind === 'donation');
  if (!link) throw new Error('no demo donation link');
  return link.id;
}

/** "12.34" TUSD -> smallest units, exactly. */
function units(text: string): bigint {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * TUSD + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

interface Retrieved {
  checkoutSession: { status: string; amount_total: string; invoice_id: string | null };
  paymentIntent?: { amount: string; amount_received: string; payment_details: { tx_hash?: string } | null };
}

/** The transfer's amount on chain, read by the owner (who may see the demo method's RPC address). */
async function transferredOnChain(txHash: string): Promise<{ amount: bigint; token: string }> {
  const { context, page } = await newPage();
  await page.goto('/');
  await signIn(page);
  const rpc = await page.evaluate(async () => {
    const res = await fetch('/payment/api/payment-methods?livemode=false');
    const json = (await res.json()) as { data: { settings: { ethereum?: { api_host: string } } }[] };
    return json.data.find((m) => m.settings.ethereum)?.settings.ethereum?.api_host ?? '';
  });
  await context.close();
  const res = await fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [txHash] }),
  });
  const receipt = (
    (await res.json()) as { result: { logs: { address: string; topics: string[]; data: string }[] } }
  ).result;
  // ERC-20 Transfer(address,address,uint256)
  const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
  const log = receipt.logs.find((l) => l.topics[0] === transferTopic);
  if (!log) throw new Error('no ERC-20 transfer in the transaction');
  return { amount: BigInt(log.data), token: log.address };
}

describe('donation checkout', () => {
  it('chooses presets, checks custom and random amounts, shows the beneficiaries and donates with the test wallet', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await page.goto(`/payment/checkout/link/${await donationLink(page)}`);
    await page.waitForURL(/\/payment\/checkout\/pay\/cs_[A-Za-z0-9]+/);
    await page.getByTestId('donation-summary').waitFor();
    const total = () => page.getByTestId('checkout-total').textContent();
    const pay = page.getByTestId('pay-button');

    // The presets, with the configured (middle) one chosen; the server's total follows it.
    expect(await page.getByTestId('donation-presets').getByRole('radio').allTextContents()).toEqual([
      '1 TUSD',
      '5 TUSD',
      '10 TUSD',
      'Custom',
    ]);
    expect(await page.getByTestId('donation-preset-1').getAttribute('aria-checked')).toBe('true');
    await expect.poll(total).toBe('5 TUSD');
    expect(await page.getByText('Tip amount').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'donation checkout');

    await page.getByTestId('donation-preset-2').click();
    await expect.poll(total).toBe('10 TUSD');
    expect(await page.getByTestId('donation-preset-1').getAttribute('aria-checked')).toBe('false');
    // Keyboard: the group is one tab stop and the arrows move the choice.
    await page.getByTestId('donation-preset-2').press('ArrowLeft');
    await expect.poll(total).toBe('5 TUSD');

    // A custom amount above 5 x the largest preset is refused and blocks payment.
    await page.getByTestId('donation-preset-custom').click();
    const field = page.getByTestId('donation-custom-amount');
    await field.fill('60');
    await page.getByText('Please enter an amount between 0 TUSD and 50 TUSD.').waitFor();
    expect(await pay.isDisabled()).toBe(true);
    await expectAccessible(page, 'donation with an out-of-range amount');

    // The random button rolls an amount within [0, 50] at the currency's precision (2 decimals).
    await page.getByTestId('donation-random').click();
    // Payment waits for the roll (800 ms) and the server's answer.
    await expect.poll(() => pay.isDisabled()).toBe(false);
    expect(await field.getAttribute('data-rolling')).toBeNull();
    const chosenText = await field.inputValue();
    expect(chosenText).toMatch(/^\d+(\.\d{1,2})?$/);
    const chosen = units(chosenText);
    expect(chosen > 0n && chosen <= 50n * TUSD).toBe(true);
    expect(await page.getByText('Please enter an amount between').count()).toBe(0);
    expect(await total()).toBe(`${chosenText} TUSD`);

    // The beneficiaries open and close.
    const toggle = page.getByTestId('donation-benefits-toggle');
    await toggle.click();
    const beneficiary = page.getByTestId('donation-beneficiary');
    await beneficiary.waitFor();
    await expectAccessible(page, 'donation with the beneficiaries open');
    expect(await beneficiary.textContent()).toContain('The author');
    expect(await beneficiary.textContent()).toContain('100%');
    expect(await beneficiary.getByTestId('beneficiary-amount').textContent()).toBe(`${chosenText} TUSD`);
    await screenshot(page, 'donation-checkout');
    await toggle.click();
    await beneficiary.waitFor({ state: 'detached' });

    // Donations need no sign-in: the button reads Donate and the wallet dialog opens at once.
    expect(await page.getByTestId('donation-cancel').textContent()).toBe('Cancel');
    expect(await pay.textContent()).toBe('Donate');
    await page.getByTestId('field-name').fill('Ada Donor');
    await page.getByTestId('field-email').fill('ada@example.com');
    await pay.click();
    await page.getByTestId('wallet-dialog').waitFor();
    await page.getByTestId('wallet-connect').getByTestId('did-connect-qr').waitFor();
    await expectAccessible(page, 'donation payment dialog');
    await page.getByTestId('did-connect-dev-wallet').click();
    const complete = page.getByTestId('checkout-complete');
    await complete.waitFor({ timeout: 60_000 });
    // The donor is thanked once (the link's "Thank you!" message is not repeated under the title).
    expect(await complete.getByRole('heading').textContent()).toBe('Thank you for your support!');
    expect(await complete.textContent()).not.toContain('Thank you!');
    expect(await complete.textContent()).toContain('Your donation has been received.');
    await expectAccessible(page, 'completed donation');

    // What was charged is the chosen amount: on the session, the payment intent and on chain.
    const id = page.url().split('/').pop()?.split('?')[0] ?? '';
    const retrieved = await page.evaluate(async (cs) => {
      const res = await fetch(`/payment/api/checkout-sessions/retrieve/${cs}?livemode=false`);
      return (await res.json()) as Retrieved;
    }, id);
    await context.close();
    expect(retrieved.checkoutSession.status).toBe('complete');
    expect(retrieved.checkoutSession.amount_total).toBe(chosen.toString());
    expect(retrieved.paymentIntent?.amount_received).toBe(chosen.toString());
    const txHash = retrieved.paymentIntent?.payment_details?.tx_hash;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const onChain = await transferredOnChain(txHash ?? '');
    expect(onChain.amount).toBe(chosen);
  });

  it('remembers the choice for the next visit', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    const link = await donationLink(page);
    await page.goto(`/payment/checkout/link/${link}`);
    await page.getByTestId('donation-summary').waitFor();
    await page.getByTestId('donation-preset-0').click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('1 TUSD');
    await page.goto(`/payment/checkout/link/${link}`);
    await page.getByTestId('donation-summary').waitFor();
    await expect.poll(() => page.getByTestId('donation-preset-0').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('1 TUSD');
    await context.close();
  });
});
