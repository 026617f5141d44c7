import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { launchBrowser, openContext, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('smoke', () => {
  it('renders the home page in English and writes a 1280x800 screenshot', async () => {
    const context = await openContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('page-home').waitFor();
    expect(await page.locator('h1').first().textContent()).toBe('Applications');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const file = await screenshot(page, 'home-1280x800');
    expect(existsSync(file)).toBe(true);
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    await expectAccessible(page, 'home page');
    await context.close();
  });

  it('renders the home page in Chinese from ?locale=zh and from the browser language', async () => {
    for (const [locale, url] of [
      ['en-US', '/?locale=zh'],
      ['zh-CN', '/'],
    ] as const) {
      const context = await openContext(browser, { locale });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByTestId('page-home').waitFor();
      expect(await page.locator('h1').first().textContent()).toBe('应用');
      expect(await page.locator('html').getAttribute('lang')).toBe('zh');
      await expectAccessible(page, `home page in Chinese (${url})`);
      await context.close();
    }
  });

  it('shows the 404 page with status 404 at an unknown path, keeping the address', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByTestId('error-page-404').waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await context.close();
  });

  it('renders the 404 page with its title and a way home', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/404');
    const errorPage = page.getByTestId('error-page-404');
    await errorPage.waitFor();
    expect(await errorPage.textContent()).toContain('Page not found');
    await expectAccessible(page, '404 page');
    await errorPage.getByRole('button').or(errorPage.getByRole('link')).first().click();
    await page.getByTestId('page-home').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('runs the home, sign-in and checkout pages under the security policy without a violation', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
        violations.push(message.text());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.getByTestId('page-home').waitFor();
    const links = await page.evaluate(async () => {
      const res = await fetch('/payment/api/demo');
      return ((await res.json()) as { links: { kind: string; id: string }[] }).links;
    });
    const oneTime = links.find((l) => l.kind === 'one_time')?.id ?? '';
    await page.goto(`/payment/checkout/link/${oneTime}`);
    await page.waitForURL(/\/payment\/checkout\/pay\/cs_[A-Za-z0-9]+/);
    await page.getByTestId('order-summary').waitFor();
    await page.goto('/.well-known/service/login');
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await context.close();
  });
});
