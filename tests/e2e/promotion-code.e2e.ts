import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { signIn } from './support/login.js';

const ADMIN = '/payment/admin';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface DemoLink {
  id: string;
  kind: string;
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

/** Fills a dialog's field by its label (required fields carry an asterisk). */
async function fill(page: Page, dialog: string, label: string, value: string): Promise<void> {
  await page
    .getByTestId(dialog)
    .getByLabel(new RegExp(`^${label}(\\s*\\*)?$`))
    .fill(value);
}

/** The words drawn on a PDF's pages (Helvetica text is written as hex strings). */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const text = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const m of text.matchAll(/<([0-9A-F]+)> Tj/g))
      out.push(Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
  }
  return out;
}

const total = (page: Page) => page.getByTestId('checkout-total').textContent();

describe('promotion code', () => {
  it('is created by the owner on the admin pages, applied at checkout, paid and shown on the invoice', async () => {
    const context = await openContext(browser, { width: 1280, height: 900 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);

    // The owner creates a 20% coupon and a code for it, from the admin navigation.
    const suffix = Date.now().toString(36).slice(-6).toUpperCase();
    const couponName = `E2E 20% ${suffix}`;
    const code = `E2E${suffix}`;
    await page.goto(`${ADMIN}/products`);
    await page.getByRole('tab', { name: 'Coupons' }).click();
    await page.getByTestId('page-admin-coupons').waitFor();
    await expectAccessible(page, 'admin coupons');
    await page.getByTestId('coupon-create').click();
    await fill(page, 'coupon-dialog', 'Name', couponName);
    await fill(page, 'coupon-dialog', 'Percentage off', '20');
    await expectAccessible(page, 'coupon dialog', { include: '[data-testid="coupon-dialog"]' });
    await screenshot(page, 'admin-coupon-dialog');
    await page.getByTestId('coupon-dialog-submit').click();
    await page.getByTestId('coupon-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('coupons-table').getByText(couponName).waitFor();

    await page.getByRole('tab', { name: 'Promotion codes' }).click();
    await page.getByTestId('page-admin-promotion-codes').waitFor();
    await page.getByTestId('promotion-code-create').click();
    const dialog = page.getByTestId('promotion-code-dialog');
    await dialog.getByRole('combobox', { name: /^Coupon/ }).click();
    await page.getByRole('option', { name: couponName }).click();
    await fill(page, 'promotion-code-dialog', 'Code', code);
    await page.getByTestId('promotion-code-dialog-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('promotion-codes-table').getByText(code).waitFor();
    await expectAccessible(page, 'admin promotion codes');
    await screenshot(page, 'admin-promotion-codes');
    // Each page is also an address of its own (the server serves the app there, not its 404 page).
    const direct = await page.goto(`${ADMIN}/tax-rates`);
    expect(direct?.status()).toBe(200);
    await page.getByTestId('page-admin-tax-rates').waitFor();
    await expectAccessible(page, 'admin tax rates');

    // The customer opens the demo's one-time link, which takes promotion codes.
    await page.goto(`/payment/checkout/link/${await demoLink(page, 'one_time')}`);
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('currency-TUSD').click();
    await expect.poll(() => total(page)).toBe('9.9 TUSD');
    await page.getByRole('button', { name: 'Add promotion code' }).click();
    await page.getByLabel('Promotion code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No such promotion code').waitFor();
    await expectAccessible(page, 'checkout with a refused promotion code');
    await page.getByLabel('Promotion code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('discount-line').waitFor();
    expect(await page.getByTestId('discount-line').textContent()).toBe(
      `Discount: ${couponName} (20% off)${code}−1.98 TUSD`,
    );
    await expect.poll(() => total(page)).toBe('7.92 TUSD');
    await expectAccessible(page, 'checkout with a promotion code applied');
    await screenshot(page, 'checkout-promotion-code');

    // Pays with the test wallet (fast pay when an earlier test left an allowance).
    await page.getByTestId('field-name').fill('Promo Buyer');
    await page.getByTestId('field-email').fill('promo@example.com');
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

    // The invoice shows the same discount and the discounted total.
    await page.getByRole('link', { name: 'View invoice' }).click();
    await page.getByTestId('invoice-adjustments').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('discount-line').textContent()).toBe(
      `Discount: ${couponName} (20% off)${code}−1.98 TUSD`,
    );
    expect(await page.getByTestId('invoice-adjusted-total').textContent()).toBe('7.92 TUSD');
    await expectAccessible(page, 'invoice with a discount');
    await screenshot(page, 'invoice-discount');

    // Its PDF has the same rows between subtotal and total.
    const invoiceId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const pdf = await page.request.get(`/payment/api/invoices/${invoiceId}/pdf?livemode=false&locale=en`);
    expect(pdf.status()).toBe(200);
    const words = await pdfText(await pdf.body());
    const discount = words.indexOf(`Discount: ${couponName} (20% off) ${code}`);
    expect(discount, words.join(' | ')).toBeGreaterThan(words.indexOf('Subtotal'));
    expect(words[discount + 1]).toBe('-1.98 TUSD');
    expect(words.indexOf('Total')).toBeGreaterThan(discount);
    await context.close();
  }, 180_000);
});
