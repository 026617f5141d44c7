import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@payshelf/api/webhooks';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';
import { merchant } from './support/checkoutSessions.js';
import { signIn } from './support/login.js';

/**
 * The owner adds a webhook endpoint in the admin UI (test mode, a receiver on localhost), copies the
 * secret shown once, an event is written, the receiver gets it signed with that secret, and the
 * endpoint's page shows the delivery attempt; then the endpoint is disabled and deleted.
 */
let browser: Browser;
let receiver: http.Server;
const received: Array<{ body: string; signature: string }> = [];

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['payshelf-signature']),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe('admin webhooks', () => {
  it('adds an endpoint, shows its secret once, and lists the signed delivery', async () => {
    const context = await openContext(browser, { width: 1440, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.goto('/payment/admin/webhooks');
    await page.getByTestId('page-admin-webhooks').waitFor();
    await expectAccessible(page, 'admin webhooks (empty)');

    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/e2e-hook`;
    await page.getByTestId('webhook-create').click();
    await page
      .getByTestId('webhook-dialog')
      .getByLabel(/^Endpoint URL/)
      .fill(url);
    await page
      .getByTestId('webhook-dialog')
      .getByLabel(/^Events/)
      .fill('payment_link.updated');
    await expectAccessible(page, 'webhook dialog');
    await page.getByTestId('webhook-dialog-submit').click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    await page.getByTestId('webhook-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page, 'webhook secret shown once');
    await page.getByTestId('webhook-secret-dialog').getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('webhooks-table').getByRole('link', { name: url }).click();
    await page.getByTestId('page-admin-webhook').waitFor();

    // An event of that type: a demo payment link's metadata changes.
    const demo = await page.evaluate(async () => {
      const res = await fetch('/payment/api/demo');
      return (await res.json()) as { links: { id: string }[] };
    });
    const linkId = demo.links[0]?.id ?? '';
    await merchant(page, 'PUT', `/payment-links/${linkId}`, { metadata: { e2e: 'webhook' } });
    for (let i = 0; i < 100 && received.length === 0; i++) await page.waitForTimeout(100);
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(verifyWebhookSignature(got?.body ?? '', got?.signature, secret)).toMatchObject({ ok: true });
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ type: 'payment_link.updated', livemode: false });

    await page.reload();
    const attempts = page.getByTestId('webhook-attempts-table');
    await attempts.getByText('Succeeded · 200').waitFor();
    await screenshot(page, 'admin-webhook-detail');
    await expectAccessible(page, 'webhook endpoint detail with an attempt');

    await page.getByTestId('webhook-toggle').click();
    await page.getByTestId('page-admin-webhook').getByText('Disabled', { exact: true }).waitFor();
    await page.getByTestId('webhook-delete').click();
    await page.getByTestId('webhook-delete-confirm').click();
    await page.getByText('Endpoint not found').waitFor();
    await context.close();
  });
});
