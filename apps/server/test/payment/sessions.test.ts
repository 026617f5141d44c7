import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type PaymentTestEnv,
} from './support.js';

// Browser calls that depend on who is signed in: settings changes (owner/admin), customers/me,
// sync-to-space, the checkout's customer, and admin key management.
let env: PaymentTestEnv;
let currencyId: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  ({ currencyId } = await seedCurrency(env.test, 6, 2));
});
afterAll(() => env?.stop());

const product = () => createProduct(env.test);
const price = (productId: string, body: Record<string, unknown>) =>
  createPrice(env.test, currencyId, productId, body);
const link = (body: Record<string, unknown>) => createLink(env.test, body);

describe('settings, customers/me and sync-to-space with sessions', () => {
  it('answers settings by mode and lets only an owner or admin change them', async () => {
    const settings = await env.anonymous('GET', '/settings', { query: { livemode: 'false' } });
    expect(settings.body).toMatchObject({ baseCurrency: { id: currencyId } });
    expect((settings.body.paymentMethods as unknown[]).length).toBe(1);
    const live = await env.anonymous('GET', '/settings', { query: { livemode: 'true' } });
    expect(live.body).toEqual({ paymentMethods: [], baseCurrency: null });

    const settingBody = {
      mountLocation: 'blog-1',
      type: 'donate',
      active: false,
      livemode: false,
      settings: { amount: { presets: ['1'] } },
    };
    // Creating a settings record is an owner/admin action: a visitor cannot fill the table.
    const anonymousCreate = await env.anonymous('POST', '/settings', { body: settingBody });
    expect(anonymousCreate.status).toBe(401);

    const owner = new TestBrowser(env.server.url);
    await signIn(owner, newWallet('Olivia Owner', 'olivia@example.com'));
    const guest = new TestBrowser(env.server.url);
    const guestUser = await signIn(guest, newWallet('Gus Guest', 'gus@example.com'));
    const send = (b: TestBrowser, method: string, path: string, body: unknown) =>
      b.request(`/payment/api${path}`, { method, body: JSON.stringify(body) });
    const put = (b: TestBrowser, path: string, body: unknown) => send(b, 'PUT', path, body);
    expect((await send(guest, 'POST', '/settings', settingBody)).status).toBe(403);
    const created = (await (await send(owner, 'POST', '/settings', settingBody)).json()) as { id: string };
    expect(created).toMatchObject({ object: 'setting', mount_location: 'blog-1', active: false });
    const id = String(created.id);
    const again = await send(owner, 'POST', '/settings', { mountLocation: 'blog-1', livemode: false });
    expect(((await again.json()) as { id: string }).id).toBe(id);
    expect((await env.anonymous('PUT', `/settings/${id}`, { body: { active: true } })).status).toBe(401);
    expect((await put(guest, `/settings/${id}`, { active: true })).status).toBe(403);
    const activated = await put(owner, `/settings/${id}`, { active: true });
    expect(await activated.json()).toMatchObject({ active: true });
    const byMount = await put(owner, '/settings/blog-1', { livemode: false, settings: { note: 'hi' } });
    expect(await byMount.json()).toMatchObject({ settings: { amount: { presets: ['1'] }, note: 'hi' } });
    const badBody = await put(owner, `/settings/${id}`, { active: 'yes' });
    expect(((await badBody.json()) as { error: { param: string } }).error.param).toBe('active');

    // customers/me: anonymous is refused, a user without a customer gets the fallback, then the record.
    expect(
      (await env.anonymous('GET', '/customers/me', { query: { skipSummary: '1', fallback: '1' } })).status,
    ).toBe(401);
    const fallback = await guest.get('/payment/api/customers/me?skipSummary=1&fallback=1&livemode=false');
    expect(await fallback.json()).toMatchObject({
      id: null,
      did: guestUser.did,
      name: 'Gus Guest',
      fallback: true,
    });
    expect((await guest.get('/payment/api/customers/me?livemode=false')).status).toBe(404);
    await env.test('POST', '/customers', {
      body: { did: guestUser.did, name: 'Gus', email: 'gus@example.com' },
    });
    const me = await guest.get('/payment/api/customers/me?skipSummary=1&fallback=1&livemode=false');
    expect(await me.json()).toMatchObject({ did: guestUser.did, name: 'Gus', livemode: false });
    const otherMode = await guest.get('/payment/api/customers/me?skipSummary=1&livemode=true');
    expect(otherMode.status).toBe(404);

    // The checkout page shows the signed-in user's own customer, never another one.
    const p = await price(await product(), { unit_amount: '10000' });
    const plink = await link({ line_items: [{ price_id: p }] });
    const mine = await guest.post(`/payment/api/checkout-sessions/start/${plink}?livemode=false`, {});
    expect(((await mine.json()) as { customer: { did: string } }).customer.did).toBe(guestUser.did);
    const ownerView = await owner.post(`/payment/api/checkout-sessions/start/${plink}`, {});
    expect(((await ownerView.json()) as { customer?: unknown }).customer).toBeUndefined();

    expect((await env.anonymous('POST', '/customers/sync-to-space')).status).toBe(401);
    const sync = await guest.post('/payment/api/customers/sync-to-space?livemode=false');
    expect(sync.status).toBe(400);

    // Admin key management through the session.
    const key = await owner.post('/payment/api/api-keys', { name: 'ci', livemode: false });
    const created2 = (await key.json()) as { id: string; secret: string; redacted: string };
    expect(created2.secret).toMatch(/^sk_test_/);
    const listed = (await (await owner.get('/payment/api/api-keys?livemode=false')).json()) as {
      data: Array<{ id: string; secret?: string }>;
    };
    expect(listed.data.find((k) => k.id === created2.id)?.secret).toBeUndefined();
    expect((await guest.post('/payment/api/api-keys', { name: 'x', livemode: false })).status).toBe(403);
    const useIt = await fetch(`${env.server.url}/payment/api/products`, {
      headers: { authorization: `Bearer ${created2.secret}` },
    });
    expect(useIt.status).toBe(200);
    await owner.request(`/payment/api/api-keys/${created2.id}`, { method: 'DELETE' });
    const revoked = await fetch(`${env.server.url}/payment/api/products`, {
      headers: { authorization: `Bearer ${created2.secret}` },
    });
    expect(revoked.status).toBe(401);
    // An admin (passport granted by the owner) has the same rights; a member does not.
    const adminBrowser = new TestBrowser(env.server.url);
    const adminUser = await signIn(adminBrowser, newWallet('Ada Admin', 'ada@example.com'));
    expect((await put(adminBrowser, `/settings/${id}`, { active: false })).status).toBe(403);
    const granted = await owner.post(`/api/members/${adminUser.did}/passports`, { role: 'admin' });
    expect(granted.status).toBe(201);
    expect(await (await put(adminBrowser, `/settings/${id}`, { active: false })).json()).toMatchObject({
      active: false,
    });
    expect((await adminBrowser.get('/payment/api/api-keys?livemode=false')).status).toBe(200);
    // The admin UI calls merchant endpoints with its session and a livemode switch.
    const adminList = await owner.get('/payment/api/products?livemode=false');
    expect(adminList.status).toBe(200);
    expect((await guest.get('/payment/api/products?livemode=false')).status).toBe(403);
  });
});
