import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, events } from '../../src/db/schema/index.js';
import { insertSessionWithEvent } from '../../src/payment/checkout/repo.js';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type PaymentTestEnv,
} from './support.js';

// Link starts that arrive together share one INSERT statement (checkout/repo.ts, shared/write-batch.ts):
// each visitor must still get a session of their own, with its own creation event, and one failing
// insert must not fail the others of its batch.
let env: PaymentTestEnv;
let currencyId: string;
let link: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  ({ currencyId } = await seedCurrency(env.test));
  const price = await createPrice(env.test, currencyId, await createProduct(env.test), {
    unit_amount: '1500000',
  });
  link = await createLink(env.test, { line_items: [{ price_id: price, quantity: 2 }] });
});
afterAll(() => env?.stop());

describe('concurrent checkout starts', () => {
  it('gives each of 30 simultaneous visitors a session and creation event of their own', async () => {
    const started = await Promise.all(
      Array.from({ length: 30 }, () =>
        env.anonymous('POST', `/checkout-sessions/start/${link}`, { body: {} }),
      ),
    );
    expect(started.map((r) => r.status)).toEqual(started.map(() => 200));
    const ids = started.map((r) => String((r.body.checkoutSession as { id: string }).id));
    expect(new Set(ids).size).toBe(30);
    for (const r of started) {
      expect(r.body.checkoutSession).toMatchObject({ payment_link_id: link, amount_total: '3000000' });
    }

    const { db } = env.server.server.services.database;
    const rows = await db.select().from(checkoutSessions).where(inArray(checkoutSessions.id, ids));
    expect(rows).toHaveLength(30);
    const created = await db.select().from(events).where(inArray(events.objectId, ids));
    expect(created).toHaveLength(30);
    expect(new Set(created.map((e) => e.id)).size).toBe(30);
    for (const e of created) {
      expect(e.type).toBe('checkout.session.created');
      expect((e.data as { object: { id: string } }).object.id).toBe(e.objectId);
    }
    // Each session reads back as its own.
    const again = await env.anonymous('GET', `/checkout-sessions/retrieve/${ids[7]}`);
    expect((again.body.checkoutSession as { id: string }).id).toBe(ids[7]);
  });

  it('fails only the insert that fails by itself when inserts share a statement', async () => {
    const { db } = env.server.server.services.database;
    const [template] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.paymentLinkId, link))
      .limit(1);
    if (!template) throw new Error('no session to copy');
    const values = (id: string) => ({
      id,
      livemode: false,
      mode: template.mode,
      currencyId,
      lineItems: template.lineItems,
      amountSubtotal: template.amountSubtotal,
      amountTotal: template.amountTotal,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const insert = (id: string) =>
      insertSessionWithEvent(db, values(id), 'checkout.session.created', null, 'async');
    const results = await Promise.allSettled([
      insert('cs_batch_one_00000000000000'),
      insert(template.id), // exists already: a duplicate key
      insert('cs_batch_two_00000000000000'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const made = await db
      .select()
      .from(events)
      .where(inArray(events.objectId, ['cs_batch_one_00000000000000', 'cs_batch_two_00000000000000']));
    expect(made).toHaveLength(2);
    const copies = await db.select().from(events).where(eq(events.objectId, template.id));
    expect(copies).toHaveLength(1);
  });
});
