import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type Answer,
  type PaymentTestEnv,
} from './support.js';

// A signed-out retrieve is answered from the session cache with its JSON text kept per session version
// (checkout/view.ts): every change must still show on the very next retrieve in this process, and a
// change written elsewhere (another process, a job) once its notification arrives.
let env: PaymentTestEnv;
let currencyId: string;
let productId: string;
let plink: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  ({ currencyId } = await seedCurrency(env.test));
  productId = await createProduct(env.test, { name: 'Mug' });
  const price = await createPrice(env.test, currencyId, productId, { unit_amount: '1000000' });
  plink = await createLink(env.test, {
    line_items: [
      { price_id: price, quantity: 1, adjustable_quantity: { enabled: true, minimum: 1, maximum: 9 } },
    ],
  });
});
afterAll(() => env?.stop());

interface View {
  checkoutSession: {
    id: string;
    amount_total: string;
    metadata: Record<string, string>;
    line_items: Array<{ id: string; quantity: number; price: { product: { name: string } } }>;
  };
}
const view = (res: Answer) => res.body as unknown as View;
const retrieve = (cs: string) => env.anonymous('GET', `/checkout-sessions/retrieve/${cs}`);

async function started(): Promise<View['checkoutSession']> {
  const res = await env.anonymous('POST', `/checkout-sessions/start/${plink}`, { body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return view(res).checkoutSession;
}

describe('a cached retrieve answer', () => {
  it('is the same JSON as the built one and changes on the next retrieve after adjust-quantity', async () => {
    const session = await started();
    const first = await retrieve(session.id);
    const second = await retrieve(session.id);
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.body).toEqual(first.body);
    expect(view(second).checkoutSession.amount_total).toBe('1000000');

    const itemId = session.line_items[0]?.id ?? '';
    const adjusted = await env.anonymous('PUT', `/checkout-sessions/${session.id}/adjust-quantity`, {
      body: { itemId, quantity: 3 },
    });
    expect(adjusted.status).toBe(200);
    const after = view(await retrieve(session.id)).checkoutSession;
    expect(after.line_items[0]?.quantity).toBe(3);
    expect(after.amount_total).toBe('3000000');
  });

  it('shows a merchant update of the session and a catalog change at once', async () => {
    const session = await started();
    await retrieve(session.id);
    await retrieve(session.id);
    const updated = await env.test('PUT', `/checkout-sessions/${session.id}`, {
      body: { metadata: { order: 'A-17' } },
    });
    expect(updated.status).toBe(200);
    expect(view(await retrieve(session.id)).checkoutSession.metadata).toEqual({ order: 'A-17' });

    const renamed = await env.test('PUT', `/products/${productId}`, { body: { name: 'Big mug' } });
    expect(renamed.status).toBe(200);
    const shown = view(await retrieve(session.id)).checkoutSession;
    expect(shown.line_items[0]?.price.product.name).toBe('Big mug');
  });

  it('shows a change written outside this process once its notification arrives', async () => {
    const session = await started();
    await retrieve(session.id);
    await retrieve(session.id);
    // Another writer (a second server process, a job): only the trigger's NOTIFY tells this process.
    await env.server.server.services.database.db.execute(
      sql`UPDATE checkout_sessions SET metadata = '{"from":"elsewhere"}'::jsonb, version = version + 1,
                 updated_at = now() WHERE id = ${session.id}`,
    );
    let metadata: Record<string, string> = {};
    for (let i = 0; i < 50 && metadata.from !== 'elsewhere'; i++) {
      metadata = view(await retrieve(session.id)).checkoutSession.metadata;
      if (metadata.from !== 'elsewhere') await new Promise((r) => setTimeout(r, 100));
    }
    expect(metadata).toEqual({ from: 'elsewhere' });
  });
});
