import { fromRandom } from '@ocap/wallet';
import { HeadlessWallet } from '@payshelf/wallet';
import type { Page } from 'playwright-core';

/** Signs in as a new person through the login page's QR code, with a wallet of their own (not the owner). */
export async function signInAsNewCustomer(page: Page, name: string, returnTo: string): Promise<void> {
  await page.goto(`/.well-known/service/login?${new URLSearchParams({ redirect: returnTo }).toString()}`);
  const qr = page.getByTestId('did-connect-qr');
  await qr.waitFor();
  const deepLink = (await qr.getAttribute('data-url')) ?? '';
  const email = `${name.toLowerCase()}@example.com`;
  await new HeadlessWallet(fromRandom(), { profile: { fullName: name, email } }).approve(deepLink);
  await page.waitForURL((url) => url.pathname === returnTo.split('?')[0], { timeout: 15_000 });
  await page.getByTestId('user-menu-button').waitFor();
}

/**
 * Elements of the page wider than the screen or than their own box (text running out), leaving out
 * what scrolls sideways inside a scroll container (the tables).
 */
export async function overflowing(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const root = document.querySelector(`[data-testid="${id}"]`);
    if (!root) return [`no ${id}`];
    const scrolls = (e: Element) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
    const inScroller = (e: Element) => {
      for (let p = e.parentElement; p && p !== root; p = p.parentElement) if (scrolls(p)) return true;
      return false;
    };
    return [root, ...root.querySelectorAll('*')]
      .filter((e) => !inScroller(e) && !scrolls(e))
      .filter(
        (e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 || e.scrollWidth > e.clientWidth + 1,
      )
      .map(
        (e) => `${e.tagName} ${e.getAttribute('data-testid') ?? ''} ${(e.textContent ?? '').slice(0, 40)}`,
      );
  }, testId);
}

/** Opens a demo link's checkout from the demo page, picks TUSD, fills the contact fields and presses Pay. */
export async function payDemo(page: Page, title: string, buyer: string): Promise<void> {
  await page.goto('/payment/demo');
  await page
    .getByTestId('demo-link')
    .filter({ hasText: title })
    .getByRole('link', { name: 'Open checkout' })
    .click();
  await page.getByTestId('payment-form').waitFor();
  await page.getByTestId('currency-TUSD').click();
  await page.getByTestId('field-name').fill(buyer);
  await page.getByTestId('field-email').fill(`${buyer.toLowerCase()}@example.com`);
  await page.getByTestId('pay-button').click();
}
