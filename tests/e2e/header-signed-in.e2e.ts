import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext } from './support/browser.js';
import { signInAsNewCustomer } from './support/customer.js';
import { signIn } from './support/login.js';

/**
 * The signed-in parts of the header. Sign-in uses the server's test wallet (see support/login.ts); the
 * first account to sign in becomes owner.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openStoreMenu(page: Page, label: string): Promise<string[]> {
  await page.getByTestId('header-nav').getByRole('button', { name: 'Store' }).click();
  await page.getByRole('menu').waitFor();
  await expectAccessible(page, label);
  const items = await page.getByRole('menu').getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

describe('signed-in header', () => {
  it('shows role-restricted menu items only to that role', async () => {
    const context = await openContext(browser, { width: 1440 });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('header-nav').getByRole('button', { name: 'Store' }).waitFor();
    const guest = await openStoreMenu(page, 'store menu of a visitor');
    expect(guest.join('|')).toContain('Browse');
    expect(guest.join('|')).not.toContain('Console');
    await signIn(page);
    const owner = await openStoreMenu(page, 'store menu of the owner');
    expect(owner.join('|')).toContain('Console');
    await context.close();
  });

  it('raises the badge and toasts on a new notification, and lowers it when read', async () => {
    // The bell of a person of their own: the owner also gets notices from other tests' background work
    // (reviews, renewals), which would move the owner's own count while this test reads it.
    const context = await openContext(browser, { width: 1440 });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseUrl() }]);
    const page = await context.newPage();
    await signInAsNewCustomer(page, 'Nora', '/');
    const did = await page.evaluate(async () => {
      const session = (await (await fetch('/api/session')).json()) as { user?: { did?: string } };
      return String(session.user?.did);
    });
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === '0',
    );
    // Notifications are sent by an owner or admin (a component of the install).
    const ownerContext = await openContext(browser, { width: 1280 });
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/');
    await signIn(ownerPage);
    const before = page.url();
    const created = await ownerPage.evaluate(async (receiver) => {
      const response = await fetch('/api/notifications', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          receiver,
          title: 'Invoice paid',
          description: 'in_123 was paid',
          source: 'component',
          severity: 'success',
        }),
      });
      return (await response.json()) as { id: string };
    }, did);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === '1',
    );
    expect(page.url()).toBe(before);
    const toast = page.getByTestId('notification-toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Invoice paid');
    await expectAccessible(page, 'header with an unread notification and its toast');
    expect(await bell.getAttribute('href')).toBe('/.well-known/service/user/notifications?read=false');

    await bell.click();
    await page.getByTestId('page-notifications').waitFor();
    await expectAccessible(page, 'notification centre');
    const item = page.locator(`[data-testid="notification-item"][data-id="${created.id}"]`);
    await item.getByTestId('notification-mark-read').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === '0',
    );
    expect(await bell.getAttribute('href')).toBe('/.well-known/service/user/notifications?read=true');
    await ownerContext.close();
    await context.close();
  });

  it('shows the owner domain warning on a temporary host and snoozes it', async () => {
    const port = new URL(baseUrl()).port;
    const temporary = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP demo.ip.abtnet.io 127.0.0.1'],
    });
    try {
      const context = await temporary.newContext({
        baseURL: `http://demo.ip.abtnet.io:${port}`,
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/');
      const dialog = page.getByTestId('domain-warning');
      await dialog.waitFor();
      expect(await dialog.getAttribute('data-variant')).toBe('guest');
      await page.getByTestId('domain-warning-skip').click();
      await page.evaluate(() => localStorage.removeItem('domain-warning-skip'));
      await signIn(page);
      await dialog.waitFor();
      expect(await dialog.getAttribute('data-variant')).toBe('owner');
      await expectAccessible(page, 'domain warning dialog');
      const configure = page.getByTestId('domain-warning-configure');
      expect(await configure.getAttribute('href')).toBe('/.well-known/service/admin/domains');
      expect(await configure.getAttribute('target')).toBe('_blank');
      await page.getByTestId('domain-warning-later').click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('domain-warning-skip'))).toMatch(
        /^\d{4}-\d\d-\d\dT/,
      );
      await page.reload();
      await page.getByTestId('user-menu-button').waitFor();
      await page.waitForTimeout(500);
      expect(await dialog.count()).toBe(0);
      await page.goto('/?x=1');
      await page.getByTestId('domain-warning-button').waitFor();
      expect(await dialog.count()).toBe(0);
      await context.close();
    } finally {
      await temporary.close();
    }
  });

  it('fits the signed-in header on a 375 px phone, the user menu button inside the screen', async () => {
    const context = await openContext(browser, { width: 375, height: 800 });
    const page = await context.newPage();
    await page.goto('/?locale=zh');
    await signIn(page);
    const button = page.getByTestId('user-menu-button');
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(375);
    await button.click();
    await page.getByTestId('user-menu-sign-out').waitFor();
    await context.close();
  });

  it('opens the user menu with avatar, profile link and sign out', async () => {
    const context = await openContext(browser, { width: 1440 });
    const page = await context.newPage();
    await page.goto('/?locale=zh');
    const did = await signIn(page);
    await page.getByTestId('user-menu-button').click();
    const profile = page.getByTestId('user-menu-profile');
    expect(await profile.getAttribute('href')).toBe(`/.well-known/service/user?locale=zh&did=${did}`);
    const avatars = await page
      .locator('.MuiAvatar-root img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(avatars).toContain(`/.well-known/service/user/avatar/${did}?imageFilter=resize&w=48&h=48`);
    expect(await page.getByTestId('user-menu-session-entry').count()).toBeLessThanOrEqual(5);
    await expectAccessible(page, 'user menu in Chinese');
    await page.getByTestId('user-menu-sign-out').click();
    await page.getByTestId('sign-in-button').waitFor();
    await context.close();
  });
});
