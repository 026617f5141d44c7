import { afterAll, beforeAll, expect, it } from 'vitest';
import { startChain, type TestChain } from '../support/chain.js';
import type { TestBrowser } from '../support/identity.js';
import { TestUsers } from '../platform/users.js';
import { fixtures, type Prepared } from './access-fixtures.js';
import { browserCall, seedChainCatalog, submitBody } from './pay-support.js';
import { recurringPrice, subscriptionSession, type SessionView } from './subscription-support.js';
import { clientFor, startPaymentEnv, TEST_SECRET, type Answer, type PaymentTestEnv } from './support.js';

// Every route of the OpenAPI document (the registered route table) called by every kind of caller,
// each cell asserting the status class the route's declared callers (`x-payshelf-auth`) imply:
// key = a secret key, admin = a signed-in owner/admin, customer = any other signed-in user (own
// objects only), browser = anyone. A few routes refine that (sign-in needed, chain state needed);
// they are listed in EXCEPTIONS with the reason. Responses are also checked against their schemas
// (PAYSHELF_CHECK_RESPONSES), so a 500 in any cell fails too.
const ROLES = [
  'anonymous',
  'customerA',
  'customerB',
  'member',
  'admin',
  'owner',
  'testKey',
  'liveKey',
] as const;
type Role = (typeof ROLES)[number];
type Kind = 'key' | 'admin' | 'customer' | 'browser';
/** ok: 2xx; 401/403/404 exactly; refused: a 4xx that is neither 401 nor 403 (passed auth, input or state refused). */
type Expect = 'ok' | 401 | 403 | 404 | 'refused';

const SIGNED_IN: Role[] = ['customerA', 'customerB', 'member', 'admin', 'owner'];
const signedInOnly = (role: Role, then: Expect): Expect => (SIGNED_IN.includes(role) ? then : 401);

/** A customer route on another customer's object: keys and owners/admins act, customers see nothing. */
function notTheirs(role: Role): Expect {
  if (role === 'anonymous') return 401;
  if (role === 'liveKey') return 404;
  return ['customerA', 'customerB', 'member'].includes(role) ? 404 : 'ok';
}

/** A portal read of customer A's object: A and the test key read it; every other person (owner and
 * admin included: the portal is one's own billing) sees it as missing. */
function onlyA(role: Role): Expect {
  if (role === 'anonymous') return 401;
  return role === 'customerA' || role === 'testKey' ? 'ok' : 404;
}

/** A merchant route on an object the fixtures do not make: merchants pass auth and find it missing. */
function missingForMerchants(role: Role): Expect {
  if (role === 'anonymous') return 401;
  return ['customerA', 'customerB', 'member'].includes(role) ? 403 : 404;
}

/** Routes whose answer depends on more than the declared auth, with why. */
const EXCEPTIONS: Record<string, (role: Role) => Expect> = {
  // A refund the merchant signs needs a pending Bitcoin refund (bitcoin-pay.test.ts pays one through);
  // the fixtures name a missing one, so the cells check who passes auth.
  'GET /refunds/{id}/psbt': missingForMerchants,
  'POST /refunds/{id}/signed': missingForMerchants,
  // The fixture's checkout pays on the EVM chain, which has no test wallet of this kind: signed-in
  // callers pass and are refused (bitcoin-pay.test.ts pays a Bitcoin checkout through it).
  'POST /checkout-sessions/{id}/test-wallet': (r) => signedInOnly(r, 'refused'),
  // The signed-in user's own customer; without a session there is nobody to answer for.
  'GET /customers/me': (r) => signedInOnly(r, 'ok'),
  // Needs a connected DID Space, which the test users have not: signed in is refused with 400.
  'POST /customers/sync-to-space': (r) => signedInOnly(r, 'refused'),
  // Paying needs a signed-in customer; the fixture session is not a donation, so donate-submit
  // asks a guest to sign in and refuses a signed-in user.
  'PUT /checkout-sessions/{id}/submit': (r) => signedInOnly(r, 'ok'),
  'PUT /checkout-sessions/{id}/donate-submit': () => 'refused',
  // The fixture session has no cross-sell, upsell, adjustable line or custom amount, no sent
  // transaction and no allowance: the call passes auth and is refused as input (removing or
  // switching back what is not there is a no-op that answers the session).
  'PUT /checkout-sessions/{id}/cross-sell': () => 'refused',
  'PUT /checkout-sessions/{id}/upsell': () => 'refused',
  'PUT /checkout-sessions/{id}/adjust-quantity': () => 'refused',
  'PUT /checkout-sessions/{id}/amount': () => 'refused',
  'POST /checkout-sessions/{id}/tx': (r) => signedInOnly(r, 'refused'),
  'POST /checkout-sessions/{id}/fast-checkout-confirm': (r) => signedInOnly(r, 'refused'),
  // A provider's webhook: anyone may send one, only a valid signature over the body is accepted
  // (the fixture's method takes no webhooks, so every caller is refused as input).
  'POST /rail-webhooks/{method_id}': () => 'refused',
  // Proving a fast-pay account is for a signed-in customer; the fixture's proof signs nothing real,
  // so it is refused as input.
  'POST /checkout-sessions/{id}/payer-challenge': (r) => signedInOnly(r, 'ok'),
  'POST /checkout-sessions/{id}/payer-proof': (r) => signedInOnly(r, 'refused'),
  // A signed-in customer may cancel, resume, recover and pay their own subscriptions and invoices
  // only: the fixtures belong to another customer, so every customer is answered "missing".
  ...Object.fromEntries(
    [
      'POST /subscriptions/{id}/cancel',
      'POST /subscriptions/{id}/resume',
      'POST /subscriptions/{id}/recover',
      'POST /invoices/{id}/pay',
      // Changing the plan and previewing it: the customer's own subscriptions only.
      'POST /subscriptions/{id}',
      'GET /subscriptions/{id}/upcoming-invoice',
      'GET /subscriptions/{id}/plan-options',
      // The allowance left on chain for renewals: the customer's own subscriptions only.
      'GET /subscriptions/{id}/allowance',
      'POST /subscriptions/{id}/allowance',
      // A credit grant of another customer: customers see it as missing.
      'GET /credit-grants/{id}',
    ].map((route) => [route, notTheirs]),
  ),
  // Opening a bulk-pay batch: customer A's subscription has nothing overdue (refused as input); anyone
  // else is answered "missing".
  'POST /portal/overdue/batch': (r) => (r === 'anonymous' ? 401 : 'refused'),
  // The fixture names no succeeded payment: keys and owners/admins pass auth and are refused (404).
  'POST /refunds': (r) =>
    r === 'anonymous' ? 401 : ['customerA', 'customerB', 'member'].includes(r) ? 403 : 'refused',
  // The fixture's subscription (a trial) has no succeeded payment: merchants pass auth and are refused.
  'POST /subscriptions/{id}/refund-last-payment': (r) =>
    r === 'anonymous' ? 401 : ['customerA', 'customerB', 'member'].includes(r) ? 403 : 'refused',
  // The browser wallet pays the signed-in customer's own invoices only: A's trial owes nothing (refused
  // as input), everyone else is answered "missing"; the posted hash names no batch (404 for all).
  'POST /portal/overdue/batch/wallet': (r) => (r === 'anonymous' ? 401 : 'refused'),
  'POST /portal/overdue/batch/{id}/tx': (r) => (r === 'anonymous' ? 401 : 'refused'),
  // The portal's overdue reads answer for the signed-in person's own customer only, whatever the role.
  'GET /subscriptions/{id}/overdue/invoices': onlyA,
  'GET /customers/{id}/overdue/invoices': onlyA,
};

/** Objects that belong to customer A: B and a member (a customer too) see them as missing. */
const A_OBJECTS = new Set([
  'GET /invoices/{id}',
  'GET /invoices/{id}/pdf',
  'GET /subscriptions/{id}',
  'GET /subscriptions/{id}/overdue/invoices',
  'GET /customers/{id}/overdue/invoices',
]);

function expected(route: string, kinds: Kind[], prepared: Prepared, role: Role): Expect {
  const exception = EXCEPTIONS[route];
  if (exception) return exception(role);
  if (kinds.includes('browser')) return 'ok';
  const hasId = route.includes('{');
  switch (role) {
    case 'anonymous':
      return 401;
    case 'testKey':
      return kinds.includes('key') ? 'ok' : 401;
    case 'liveKey':
      if (!kinds.includes('key')) return 401;
      if (hasId) return 404;
      return prepared.namesTestObjects ? 'refused' : 'ok';
    case 'admin':
    case 'owner':
      return 'ok';
    case 'customerA':
    case 'customerB':
    case 'member': {
      if (!kinds.includes('customer')) return 403;
      if (!A_OBJECTS.has(route)) return 'ok';
      return role === 'customerA' ? 'ok' : 404;
    }
  }
}

function matches(status: number, want: Expect): boolean {
  if (want === 'ok') return status >= 200 && status < 300;
  if (want === 'refused') return status >= 400 && status < 500 && status !== 401 && status !== 403;
  return status === want;
}

let env: PaymentTestEnv;
let chain: TestChain;
const browsers = new Map<Role, TestBrowser>();
let world: ReturnType<typeof fixtures>;
let routes: Array<{ route: string; method: string; kinds: Kind[] }> = [];

async function buyTrial(browser: TestBrowser, cat: Awaited<ReturnType<typeof seedChainCatalog>>) {
  const plan = await recurringPrice(env.test, cat.currencyId, 'Plan', '2500000', { interval: 'month' });
  const cs = await subscriptionSession(env.test, [{ price_id: plan, quantity: 1 }], { trial_period_days: 7 });
  const submitted = await browserCall(
    browser,
    'PUT',
    `/checkout-sessions/${cs}/submit?livemode=false`,
    submitBody(cat),
  );
  if (submitted.status !== 200) throw new Error(JSON.stringify(submitted.body));
  const done = (await env.test('GET', `/checkout-sessions/${cs}`)).body as unknown as SessionView;
  return { invoice: done.invoice_id ?? '', sub: done.subscription_id ?? '' };
}

beforeAll(async () => {
  // The matrix sends many refused keys from one address on purpose: lift the guessing limit.
  [env, chain] = await Promise.all([
    startPaymentEnv({ API_KEY_FAILURE_RATE_PER_MINUTE: '100000' }),
    startChain(),
  ]);
  const cat = await seedChainCatalog(env.test, chain, chain.freshAddress());
  const users = new TestUsers(env.server.url);
  const owner = await users.signInOwner();
  browsers.set('owner', owner.browser);
  browsers.set('admin', (await users.signInAs('admin', 'Ada Admin')).browser);
  browsers.set('member', (await users.signInAs('member', 'Mo Member')).browser);
  browsers.set('customerA', (await users.signInAs('guest', 'Alice Customer')).browser);
  browsers.set('customerB', (await users.signInAs('guest', 'Bob Customer')).browser);
  const bought = await buyTrial(browsers.get('customerA') as TestBrowser, cat);
  world = fixtures({
    test: env.test,
    owner: owner.browser,
    chain,
    cat,
    invoiceOfA: bought.invoice,
    subscriptionOfA: bought.sub,
  });
  const doc = (await (await fetch(`${env.server.url}/payment/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { 'x-payshelf-auth': Kind[] }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      route: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      kinds: op['x-payshelf-auth'],
    })),
  );
}, 120_000);
afterAll(async () => {
  await env?.stop();
  await chain?.stop();
});

async function call(role: Role, method: string, prepared: Prepared): Promise<Answer> {
  const browser = browsers.get(role);
  if (browser || role === 'anonymous') {
    const sep = prepared.path.includes('?') ? '&' : '?';
    const path = `${prepared.path}${sep}livemode=false`;
    if (browser) return browserCall(browser, method, path, prepared.body);
    return clientFor(env.server.url, null)(method, path, { body: prepared.body });
  }
  const secret = role === 'testKey' ? TEST_SECRET : env.liveSecret;
  // A browser route reads the mode from `livemode`, whatever key is sent.
  const path = prepared.path.includes('?')
    ? `${prepared.path}&livemode=false`
    : `${prepared.path}?livemode=false`;
  return clientFor(env.server.url, secret)(method, path, { body: prepared.body });
}

/**
 * The only writes open to any browser: the checkout page's own calls on a session (its id is the
 * capability) and the signed-in user's own customer. Anything else that changes state (settings,
 * keys, the catalog) must declare key or admin callers.
 */
const BROWSER_WRITES = new Set([
  'POST /checkout-sessions/start/{id}',
  'PUT /checkout-sessions/{id}/cross-sell',
  'DELETE /checkout-sessions/{id}/cross-sell',
  'PUT /checkout-sessions/{id}/upsell',
  'PUT /checkout-sessions/{id}/downsell',
  'PUT /checkout-sessions/{id}/adjust-quantity',
  'PUT /checkout-sessions/{id}/amount',
  'PUT /checkout-sessions/{id}/promotion-code',
  'DELETE /checkout-sessions/{id}/promotion-code',
  'PUT /checkout-sessions/{id}/submit',
  'PUT /checkout-sessions/{id}/donate-submit',
  'POST /checkout-sessions/{id}/tx',
  'POST /checkout-sessions/{id}/test-wallet',
  'POST /checkout-sessions/{id}/fast-checkout-confirm',
  'POST /checkout-sessions/{id}/payer-challenge',
  'POST /checkout-sessions/{id}/payer-proof',
  'POST /customers/sync-to-space',
  // A payment provider's webhook: what it does is decided by the signature over its body.
  'POST /rail-webhooks/{method_id}',
]);

it('opens no write to anonymous callers beyond the checkout calls', () => {
  const open = routes.filter((r) => r.method !== 'GET' && r.kinds.includes('browser')).map((r) => r.route);
  expect(open.filter((r) => !BROWSER_WRITES.has(r))).toEqual([]);
});

it('answers every route x caller cell as its declared auth says', async () => {
  expect(routes.length).toBeGreaterThan(50);
  const wrong: string[] = [];
  let cells = 0;
  for (const { route, method, kinds } of routes) {
    const prepare = world[route];
    if (!prepare) {
      wrong.push(`${route}: no fixture in access-fixtures.ts`);
      continue;
    }
    for (const role of ROLES) {
      const prepared = await prepare();
      const want = expected(route, kinds, prepared, role);
      const res = await call(role, method, prepared);
      cells++;
      if (!matches(res.status, want)) {
        wrong.push(
          `${route} as ${role}: want ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
      }
    }
  }
  console.info(`access matrix: ${routes.length} routes x ${ROLES.length} callers = ${cells} cells`);
  expect(wrong).toEqual([]);
}, 600_000);
