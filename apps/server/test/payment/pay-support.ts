import type { Hex } from 'viem';
import type { TestChain } from '../support/chain.js';
import type { TestBrowser } from '../support/identity.js';
import { answerBody, type Answer, type Client } from './support.js';

/** A test-mode EVM method on the test chain, paying `merchant`, with a TUSD currency and one price. */
export async function seedChainCatalog(
  client: Client,
  chain: TestChain,
  merchant: string,
  confirmations = 1,
  unitAmount = '5000000',
) {
  const method = await client('POST', '/payment-methods', {
    body: {
      type: 'ethereum',
      name: `Anvil ${confirmations}`,
      settings: {
        ethereum: {
          chain_id: chain.demo.chainId,
          api_host: chain.demo.rpcUrl,
          explorer_host: 'https://explorer.example',
          merchant_address: merchant,
        },
      },
      confirmation: { type: 'block', block: confirmations },
    },
  });
  if (method.status !== 200) throw new Error(JSON.stringify(method.body));
  const currency = await client('POST', '/payment-currencies', {
    body: {
      payment_method_id: method.body.id,
      symbol: 'TUSD',
      name: 'Test USD',
      decimal: 6,
      contract: chain.tusd.contract,
    },
  });
  if (currency.status !== 200) throw new Error(JSON.stringify(currency.body));
  const product = await client('POST', '/products', { body: { name: 'Demo book' } });
  const price = await client('POST', '/prices', {
    body: { product_id: product.body.id, currency_id: currency.body.id, unit_amount: unitAmount },
  });
  if (price.status !== 200) throw new Error(JSON.stringify(price.body));
  return {
    methodId: String(method.body.id),
    currencyId: String(currency.body.id),
    priceId: String(price.body.id),
  };
}

export type Catalog = Awaited<ReturnType<typeof seedChainCatalog>>;

export async function newSession(client: Client, priceId: string, quantity = 1): Promise<string> {
  const res = await client('POST', '/checkout-sessions', {
    body: { line_items: [{ price_id: priceId, quantity }] },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return String(res.body.id);
}

/** A signed-in browser's call to the payment API. */
export async function browserCall(
  browser: TestBrowser,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const res = await browser.request(`/payment/api${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await answerBody(res), headers: res.headers };
}

export function submitBody(c: Catalog, extra: Record<string, unknown> = {}) {
  return {
    customer_name: 'Alice Example',
    customer_email: 'alice@example.com',
    payment_method: c.methodId,
    payment_currency: c.currencyId,
    ...extra,
  };
}

export interface SubmitAnswer {
  checkoutSession: { id: string; status: string; payment_intent_id: string | null };
  paymentIntent: { id: string; status: string; amount: string };
  customer: { id: string };
  paymentTarget: {
    chainId: number;
    recipient: string;
    token: string | null;
    amount: string;
    uri: string;
    request: { to: string; value: string; data: string };
  };
  balance: { sufficient: boolean };
  delegation: { sufficient: boolean };
  fastPayInfo?: { type: string; amount: string; payer: string; token: { balance: string } };
}

export function walletRequest(a: SubmitAnswer) {
  return {
    kind: 'evm_transaction' as const,
    chainId: a.paymentTarget.chainId,
    to: a.paymentTarget.request.to,
    value: BigInt(a.paymentTarget.request.value),
    data: a.paymentTarget.request.data as Hex,
  };
}

/**
 * The signed-in browser proves it controls test account `i` (payer-challenge, personal_sign,
 * payer-proof), so fast pay may pull from it for this customer.
 */
export async function provePayer(
  browser: TestBrowser,
  chain: TestChain,
  cs: string,
  c: Catalog,
  i: number,
): Promise<void> {
  const address = chain.address(i);
  const asked = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/payer-challenge`, {
    payment_method: c.methodId,
    address,
  });
  if (asked.status !== 200) throw new Error(JSON.stringify(asked.body));
  const challenge = asked.body.challenge as { id: string; message: string } | null;
  if (!challenge) return;
  const signature = await chain.wallet(i).signMessage({ message: challenge.message });
  const proved = await browserCall(browser, 'POST', `/checkout-sessions/${cs}/payer-proof`, {
    payment_method: c.methodId,
    challenge_id: challenge.id,
    signature,
  });
  if (proved.status !== 200) throw new Error(JSON.stringify(proved.body));
}
