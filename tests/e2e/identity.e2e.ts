import { HeadlessWallet } from '@payshelf/wallet';
import { fromRandom } from '@ocap/wallet';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext, screenshot } from './support/browser.js';

/**
 * Sign-in as a person does it: a guarded page sends the browser to the login page, the QR dialog shows
 * the deep link, a wallet (the headless one, with its own key) approves it over HTTP, and the page's
 * status poll signs the browser in.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openUserMenu(page: Page): Promise<string> {
  await page.getByTestId('user-menu-button').click();
  const name = (await page.getByTestId('user-menu-name').textContent()) ?? '';
  return name;
}

describe('sign-in with a DID wallet', () => {
  it('signs in through the QR dialog, survives a reload, and signs out to /', async () => {
    const context = await openContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto('/profile');
    // Login by redirect, with the guarded page as return target.
    await page.waitForURL(/\/\.well-known\/service\/login\?redirect=%2Fprofile$/);
    const qr = page.getByTestId('did-connect-qr');
    await qr.waitFor();
    const deepLink = (await qr.getAttribute('data-url')) ?? '';
    expect(deepLink).toMatch(/^https:\/\/abtwallet\.io\/i\/\?action=requestAuth&url=/);
    expect(await qr.locator('svg').count()).toBe(1);
    await screenshot(page, 'identity-login-dialog');
    await expectAccessible(page, 'login QR dialog');

    const wallet = new HeadlessWallet(fromRandom(), {
      profile: { fullName: 'Erin Example', email: 'erin@example.com' },
    });
    const result = await wallet.approve(deepLink);
    expect(result.steps).toEqual([['authPrincipal'], ['profile']]);

    await page.getByTestId('page-profile').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await openUserMenu(page)).toBe('Erin Example');
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'profile page');

    await page.reload();
    await page.getByTestId('page-profile').waitFor();
    expect(await openUserMenu(page)).toBe('Erin Example');
    const cookies = await context.cookies(baseUrl());
    const session = cookies.find((c) => c.name === 'payshelf_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.getByTestId('user-menu-sign-out').click();
    await page.getByTestId('page-home').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('sign-in-button').waitFor();
    const after = await page.evaluate(() => fetch('/api/session').then((r) => r.json() as Promise<unknown>));
    expect(after).toEqual({ initialized: true, user: null });
    await context.close();
  });

  it('offers the test wallet on a test install and shows the dialog in Chinese', async () => {
    const context = await openContext(browser, { locale: 'zh-CN', width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto('/.well-known/service/login?redirect=%2Fdeveloper%2Fblocklets');
    await page.getByTestId('did-connect-qr').waitFor();
    expect(await page.getByTestId('did-connect-dialog').textContent()).toContain('使用 DID Wallet 登录');
    const approve = page.getByTestId('did-connect-dev-wallet');
    expect(await approve.textContent()).toBe('使用测试钱包确认');
    await screenshot(page, 'identity-login-dialog-zh');
    await expectAccessible(page, 'login QR dialog in Chinese');
    await approve.click();
    await page.getByTestId('page-developer-blocklets').waitFor({ timeout: 15_000 });
    expect(await openUserMenu(page)).toBe('Test User');
    await context.close();
  });

  it('does not sign in a browser that only saw the QR code', async () => {
    const owner = await openContext(browser);
    const page = await owner.newPage();
    await page.goto('/.well-known/service/login');
    const deepLink = (await page.getByTestId('did-connect-qr').getAttribute('data-url')) ?? '';
    const token = new URL(
      decodeURIComponent(decodeURIComponent(new URL(deepLink).searchParams.get('url') ?? '')),
    ).searchParams.get('_t_');
    const onlooker = await openContext(browser);
    const spy = await onlooker.newPage();
    await spy.goto('/');
    const peek = () =>
      spy.evaluate((t) => fetch(`/api/did/login/status?_t_=${t}`).then((r) => r.status), token);
    // While the request is open, another browser is refused its status.
    expect(await peek()).toBe(403);
    await new HeadlessWallet(fromRandom(), { profile: { fullName: 'Victim' } }).approve(deepLink);
    // Once the wallet approved, it is still refused (403), or the owner's browser has already finished
    // the sign-in and the request is gone (404): either way the onlooker learns nothing and is not signed in.
    expect([403, 404]).toContain(await peek());
    expect(await spy.evaluate(() => fetch('/api/session').then((r) => r.json() as Promise<unknown>))).toEqual(
      {
        initialized: true,
        user: null,
      },
    );
    await page.getByTestId('page-home').waitFor({ timeout: 15_000 });
    await owner.close();
    await onlooker.close();
  });
});
