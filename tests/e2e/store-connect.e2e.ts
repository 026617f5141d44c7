import { connect } from '@payshelf/store-cli';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { baseUrl, launchBrowser, openContext } from './support/browser.js';
import { signIn } from './support/login.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The signed-in test wallet gets a developer passport (it is the owner; granting twice is refused, harmlessly). */
async function becomeDeveloper(page: Page, did: string): Promise<void> {
  await page.evaluate(async (d) => {
    await fetch(`/api/members/${d}/passports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'developer' }),
    });
  }, did);
}

describe('store connect pages', () => {
  it('connects the CLI: approve in the browser with the wallet, the CLI receives a working token', async () => {
    const context = await openContext(browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto('/');
    const did = await signIn(page);
    await becomeDeveloper(page, did);

    // The CLI side: its library function starts the session and waits for the sealed token.
    let announced: (url: string) => void = () => undefined;
    const shown = new Promise<string>((resolve) => (announced = resolve));
    const cli = connect(baseUrl(), {
      openBrowser: false,
      pollIntervalMs: 200,
      log: (line) => {
        const url = /(http\S+connect-cli\?session=\S+)/.exec(line)?.[1];
        if (url) announced(url);
      },
    });
    const url = new URL(await shown);
    await page.goto(`${url.pathname}${url.search}`);
    const code = await page.getByTestId('connect-code').textContent();
    expect(code).toMatch(/^[2-9A-Z]{4}$/);
    await expectAccessible(page, 'connect-cli request');

    // Keyboard: the approve button is reachable and opens the wallet dialog.
    await page.getByTestId('connect-approve').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('did-connect-dialog').waitFor();
    await page.getByTestId('did-connect-dev-wallet').click();
    await page.getByTestId('connect-approved').waitFor();
    await expectAccessible(page, 'connect-cli approved');

    const handoff = await cli;
    expect(handoff.did).toBe(did);
    const whoami = await fetch(`${baseUrl()}/api/developer/whoami`, {
      headers: { authorization: `Bearer ${handoff.token}` },
    });
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toMatchObject({ did, tokenName: 'connect-cli' });

    // The same link again: handed out and gone; the page says the request is no longer valid, in zh too.
    await page.goto(`/connect-cli?session=ccs_${'Z'.repeat(32)}&locale=zh`);
    await page.getByTestId('connect-error').filter({ hasText: '无效或已过期' }).waitFor();
    await expectAccessible(page, 'connect-cli invalid session (zh)');
    await context.close();
  });

  it('generates an application DID in the browser and shows the developer profile', async () => {
    const context = await openContext(browser, { width: 900 });
    const page = await context.newPage();
    await page.goto('/');
    const did = await signIn(page);

    await page.goto('/gen-key-pair');
    await page.getByTestId('gen-key-pair').click();
    const appDid = await page.getByTestId('key-pair-did').textContent();
    expect(appDid).toMatch(/^z[1-9A-HJ-NP-Za-km-z]{20,64}$/);
    expect(await page.getByTestId('key-pair-secret').textContent()).toMatch(/^[0-9a-f]{128}$/);
    await expectAccessible(page, 'gen-key-pair');

    await page.goto(`/profile?did=${did}`);
    await page.getByTestId('profile-card').waitFor();
    expect(await page.getByTestId('page-profile').textContent()).toContain(did);
    await expectAccessible(page, 'profile');
    await context.close();
  });
});
