import type { FixtureWorld, Prepared } from './access-fixtures.js';

function ok(res: { status: number; body: unknown }, what: string): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

let counter = 0;
const unique = () => `M${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();

/**
 * Coupons, promotion codes and tax rates (merchant: create, list, retrieve, update, archive), and
 * applying or removing a code on an open session that allows codes (browser: anyone with the link).
 */
export function discountFixtures(w: FixtureWorld): Record<string, () => Promise<Prepared>> {
  const id = (body: Record<string, unknown>) => String(body.id);
  const update = { metadata: { matrix: '1' } };
  const coupon = async () =>
    id(ok(await w.test('POST', '/coupons', { body: { percent_off: '10' } }), 'coupon'));
  const codeBody = async () => ({ coupon_id: await coupon(), code: unique() });
  const code = async () =>
    id(ok(await w.test('POST', '/promotion-codes', { body: await codeBody() }), 'code'));
  const rateBody = { display_name: 'Matrix VAT', percentage: '7.5', inclusive: false };
  const rate = async () => id(ok(await w.test('POST', '/tax-rates', { body: rateBody }), 'tax rate'));
  const table: Record<string, () => Promise<Prepared>> = {
    'POST /coupons': async () => ({ path: '/coupons', body: { percent_off: '5' } }),
    'POST /promotion-codes': async () => ({
      path: '/promotion-codes',
      body: await codeBody(),
      namesTestObjects: true,
    }),
    'POST /tax-rates': async () => ({ path: '/tax-rates', body: rateBody }),
  };
  const resources: Array<[string, () => Promise<string>]> = [
    ['/coupons', coupon],
    ['/promotion-codes', code],
    ['/tax-rates', rate],
  ];
  for (const [base, make] of resources) {
    table[`GET ${base}`] = async () => ({ path: base });
    table[`GET ${base}/{id}`] = async () => ({ path: `${base}/${await make()}` });
    table[`PUT ${base}/{id}`] = async () => ({ path: `${base}/${await make()}`, body: update });
    table[`PUT ${base}/{id}/archive`] = async () => ({ path: `${base}/${await make()}/archive` });
  }
  const openSession = async () => {
    const body = { line_items: [{ price_id: w.cat.priceId, quantity: 1 }], allow_promotion_codes: true };
    return id(ok(await w.test('POST', '/checkout-sessions', { body }), 'session'));
  };
  table['PUT /checkout-sessions/{id}/promotion-code'] = async () => {
    const typed = unique();
    ok(
      await w.test('POST', '/promotion-codes', { body: { coupon_id: await coupon(), code: typed } }),
      'code',
    );
    return { path: `/checkout-sessions/${await openSession()}/promotion-code`, body: { code: typed } };
  };
  table['DELETE /checkout-sessions/{id}/promotion-code'] = async () => ({
    path: `/checkout-sessions/${await openSession()}/promotion-code`,
  });
  return table;
}
