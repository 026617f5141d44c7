import type { Page } from 'playwright-core';

/** A test-mode merchant call with the page's session cookie (the page must be signed in as the owner). */
export async function merchant<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/payment/api${path}${path.includes('?') ? '&' : '?'}livemode=false`, {
        method,
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as T;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    },
    { method, path, body },
  );
}

/** The currency of the demo one-time price (TUSD on the demo chain). */
async function demoCurrency(page: Page): Promise<string> {
  const demo = await page.evaluate(async () => {
    const res = await fetch('/payment/api/demo');
    return (await res.json()) as { links: { kind: string; id: string }[] };
  });
  const link = demo.links.find((l) => l.kind === 'one_time');
  if (!link) throw new Error('no demo one-time link');
  const started = await page.evaluate(async (id) => {
    const res = await fetch(`/payment/api/checkout-sessions/start/${id}?livemode=false`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await res.json()) as { checkoutSession: { currency_id: string } };
  }, link.id);
  return started.checkoutSession.currency_id;
}

/**
 * A test-mode checkout session with one line per name: a new product and one-time price each
 * (1 TUSD, 2 TUSD, ...), so the summary shows exactly these names.
 */
export async function sessionWithItems(page: Page, names: string[]): Promise<string> {
  const currencyId = await demoCurrency(page);
  const lineItems: { price_id: string; quantity: number }[] = [];
  for (const [i, name] of names.entries()) {
    const product = await merchant<{ id: string }>(page, 'POST', '/products', { name });
    const price = await merchant<{ id: string }>(page, 'POST', '/prices', {
      product_id: product.id,
      currency_id: currencyId,
      type: 'one_time',
      unit_amount: String((i + 1) * 1_000_000),
    });
    lineItems.push({ price_id: price.id, quantity: 1 });
  }
  const session = await merchant<{ id: string }>(page, 'POST', '/checkout-sessions', {
    line_items: lineItems,
  });
  return session.id;
}
