import { USER_SOCKET_PATH } from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_SOCKET_PATH } from '../src/app.js';
import { newWallet, signIn, TestBrowser } from './support/identity.js';
import { openSocket, socketUrl } from './support/socket.js';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type PaymentTestEnv,
} from './payment/support.js';

// What a page of another site can make a signed-in visitor's browser do, and what every page says to
// the browser about framing, sniffing and referrers.
let env: PaymentTestEnv;
let browser: TestBrowser;
let plink: string;
const EVIL = 'https://evil.example';

beforeAll(async () => {
  env = await startPaymentEnv({ TRUST_PROXY: '1', CHECKOUT_FRAME_ANCESTORS: 'https://shop.example' });
  const { currencyId } = await seedCurrency(env.test);
  const price = await createPrice(env.test, currencyId, await createProduct(env.test), {
    unit_amount: '1000000',
  });
  plink = await createLink(env.test, { line_items: [{ price_id: price, quantity: 1 }] });
  browser = new TestBrowser(env.server.url);
  await signIn(browser, newWallet('Olivia Owner', 'olivia@example.com'));
});
afterAll(() => env?.stop());

const cookie = (b: TestBrowser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A request as a page of another site (or a script without a browser) would send it, with the cookie. */
function raw(path: string, method: string, headers: Record<string, string>, body?: string) {
  return fetch(`${env.server.url}${path}`, {
    method,
    headers: { cookie: cookie(browser), ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

describe('cookie-authenticated writes from other sites', () => {
  it('a cross-site text/plain form POST to logout does not sign the user out', async () => {
    const form = await raw(
      '/api/session/logout',
      'POST',
      { origin: EVIL, 'content-type': 'text/plain' },
      'a=b',
    );
    expect(form.status).toBe(403);
    expect(await form.json()).toMatchObject({ error: { code: 'cross_origin_request' } });
    // Same site but not JSON (what an HTML form can send): refused too.
    const plain = await raw(
      '/api/session/logout',
      'POST',
      {
        origin: new URL(env.server.url).origin,
        'content-type': 'text/plain',
      },
      'a=b',
    );
    expect(plain.status).toBe(415);
    // Neither Origin nor Referer: a cookie alone is not enough.
    expect((await raw('/api/session/logout', 'POST', {})).status).toBe(403);
    // A Referer of another site when Origin is missing.
    expect((await raw('/api/session/logout', 'POST', { referer: `${EVIL}/page` })).status).toBe(403);
    expect(await browser.session()).not.toBeNull();
  });

  it('refuses payment browser calls from another site and accepts our own pages', async () => {
    const start = `/payment/api/checkout-sessions/start/${plink}`;
    const json = { 'content-type': 'application/json' };
    const refused = await raw(start, 'POST', { ...json, origin: EVIL }, '{}');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { type: 'permission_error' } });
    const ours = await browser.post(start, {});
    expect(ours.status).toBe(200);
    const { checkoutSession } = (await ours.json()) as { checkoutSession: { id: string } };
    for (const step of ['submit', 'tx', 'fast-checkout-confirm', 'adjust-quantity']) {
      const res = await raw(
        `/payment/api/checkout-sessions/${checkoutSession.id}/${step}`,
        'POST',
        {
          ...json,
          origin: EVIL,
        },
        '{}',
      );
      expect(res.status, step).toBe(403);
    }
    // The Referer stands in for a missing Origin.
    const viaReferer = await raw(start, 'POST', { ...json, referer: `${env.server.url}/payment/x` }, '{}');
    expect(viaReferer.status).toBe(200);
  });

  it('leaves secret-key merchant calls and cookie-less calls alone', async () => {
    const keyed = await env.test('POST', '/products', {
      body: { name: 'No origin' },
      headers: { origin: EVIL },
    });
    expect(keyed.status).toBe(200);
    const anonymous = await env.anonymous('POST', `/checkout-sessions/start/${plink}`, { body: {} });
    expect(anonymous.status).toBe(200);
  });

  it('refuses a websocket handshake from another site (relay and notifications)', async () => {
    for (const path of [RELAY_SOCKET_PATH, USER_SOCKET_PATH]) {
      const url = socketUrl(env.server.url, path);
      await expect(openSocket(url, { cookie: cookie(browser), origin: EVIL })).rejects.toThrow(/403/);
      const ours = await openSocket(url, { cookie: cookie(browser), origin: new URL(env.server.url).origin });
      ours.close();
    }
  });
});

describe('security headers', () => {
  it('every response forbids framing and sniffing and sets a script policy', async () => {
    for (const path of ['/', '/api/session', '/payment/api/nope']) {
      const res = await fetch(`${env.server.url}${path}`, { headers: { accept: 'text/html' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('lets the configured merchant origins frame the checkout in inline/embed mode only', async () => {
    const page = (query: string) =>
      fetch(`${env.server.url}/payment/checkout/pay/cs_test_x${query}`, { headers: { accept: 'text/html' } });
    for (const query of ['?mode=inline', '?embed=1']) {
      const res = await page(query);
      expect(res.headers.get('content-security-policy')).toContain(
        "frame-ancestors 'self' https://shop.example",
      );
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
    expect((await page('')).headers.get('x-frame-options')).toBe('DENY');
  });

  it('sends HSTS only when the request came over https', async () => {
    const res = await fetch(`${env.server.url}/api/session`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('avatars', () => {
  it('never redirects to the https address a wallet named: the identicon stands in', async () => {
    const b = new TestBrowser(env.server.url);
    const user = await signIn(b, newWallet('Rex', 'rex@example.com', 'https://tracker.example/me.png'));
    const res = await fetch(new URL(user.avatar, env.server.url), { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toMatch(/^<svg /);
  });
});
