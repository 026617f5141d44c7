import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  type PaymentTestEnv,
} from './support.js';

// A customer's error messages follow the language the checkout asks for; a merchant's stay English.
let env: PaymentTestEnv;
let currencyId: string;
beforeAll(async () => {
  env = await startPaymentEnv();
  currencyId = (await seedCurrency(env.test, 6, 2)).currencyId;
});
afterAll(() => env?.stop());

async function donationSession() {
  const product = await createProduct(env.test);
  const price = await createPrice(env.test, currencyId, product, {
    custom_unit_amount: { presets: ['1000000'] },
  });
  const link = await createLink(env.test, {
    line_items: [{ price_id: price }],
    donation_settings: {
      amount: { presets: ['1', '5', '10'] },
      beneficiaries: [{ name: 'Ada', percent: 100, address: '0xabc' }],
    },
  });
  const started = await env.anonymous('POST', `/checkout-sessions/start/${link}`, { body: {} });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const session = started.body.checkoutSession as { id: string };
  return { id: session.id, price };
}

describe('error messages in the checkout language', () => {
  it('answers an out-of-range donation in Chinese for locale=zh and in English without it', async () => {
    const { id, price } = await donationSession();
    const tooMuch = (query: Record<string, string>, headers: Record<string, string> = {}) =>
      env.anonymous('PUT', `/checkout-sessions/${id}/amount`, {
        body: { priceId: price, amount: '51000000' },
        query,
        headers,
      });
    const chinese = {
      type: 'invalid_request_error',
      code: 'donation_amount_range',
      param: 'amount',
      message: '请输入 0 到 50 之间的金额。',
    };
    const english = { ...chinese, message: 'Please enter an amount between 0 and 50.' };

    const zh = await tooMuch({ locale: 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.body.error).toEqual(chinese);
    expect((await tooMuch({})).body.error).toEqual(english);
    expect((await tooMuch({ locale: 'en' })).body.error).toEqual(english);
    // SPEC §9: tw maps to zh; an unsupported language falls back to English.
    expect((await tooMuch({ locale: 'tw' })).body.error).toEqual(chinese);
    expect((await tooMuch({ locale: 'zh-CN' })).body.error).toEqual(chinese);
    expect((await tooMuch({ locale: 'fr' })).body.error).toEqual(english);
    // Without the query parameter the web's locale cookie decides; the query wins over it.
    expect((await tooMuch({}, { cookie: 'nf_lang=zh' })).body.error).toEqual(chinese);
    expect((await tooMuch({ locale: 'en' }, { cookie: 'nf_lang=zh' })).body.error).toEqual(english);
  });

  it('answers an expired link and a missing session in Chinese, and keeps technical details after the Chinese text', async () => {
    const { id, price } = await donationSession();
    expect((await env.test('PUT', `/checkout-sessions/${id}/expire`, { body: {} })).status).toBe(200);
    const change = (query: Record<string, string>) =>
      env.anonymous('PUT', `/checkout-sessions/${id}/amount`, {
        body: { priceId: price, amount: '2000000' },
        query,
      });
    expect((await change({ locale: 'zh' })).body.error).toEqual({
      type: 'invalid_request_error',
      code: 'checkout_session_expired',
      message: '链接已过期',
    });
    expect((await change({})).body.error?.message).toBe('Expired Link');

    const missing = await env.anonymous('GET', '/checkout-sessions/retrieve/cs_nope000000000000000000', {
      query: { locale: 'zh' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({
      type: 'not_found_error',
      code: 'resource_missing',
      message: "订单不存在：'cs_nope000000000000000000'",
    });

    // A validation failure names technical field paths: Chinese readers get the code's Chinese text
    // first, then the field paths as they are.
    const invalid = await env.anonymous('PUT', `/checkout-sessions/${id}/amount`, {
      body: { priceId: price },
      query: { locale: 'zh' },
    });
    expect(invalid.body.error?.code).toBe('parameter_invalid');
    expect(invalid.body.error?.message).toMatch(/^参数无效（Validate failed: amount: .*）$/);
  });

  it('answers in the browser language (Accept-Language) when neither the query nor the cookie names one', async () => {
    const path = '/checkout-sessions/retrieve/cs_nope000000000000000000';
    const asked = (headers: Record<string, string>) => env.anonymous('GET', path, { headers });
    const zh = await asked({ 'accept-language': 'fr-FR, zh-CN;q=0.8, en;q=0.5' });
    expect(zh.body.error).toMatchObject({
      code: 'resource_missing',
      message: "订单不存在：'cs_nope000000000000000000'",
    });
    const en = await asked({ 'accept-language': 'en-GB, zh;q=0.5' });
    expect(en.body.error?.message).toBe("No such checkout session: 'cs_nope000000000000000000'");
    // The cookie the web app writes wins over the browser's list.
    const cookie = await asked({ 'accept-language': 'zh-CN', cookie: 'nf_lang=en' });
    expect(cookie.body.error?.message).toBe("No such checkout session: 'cs_nope000000000000000000'");
  });

  it('keeps merchant API answers with a secret key in English whatever locale is asked for', async () => {
    const missing = await env.test('GET', '/checkout-sessions/cs_nope000000000000000000', {
      query: { locale: 'zh' },
      headers: { cookie: 'nf_lang=zh' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe("No such checkout session: 'cs_nope000000000000000000'");

    const product = await createProduct(env.test);
    const precise = await env.test('POST', '/prices', {
      body: { product_id: product, currency_id: currencyId, unit_amount: '1234567' },
      query: { locale: 'zh' },
    });
    expect(precise.body.error).toMatchObject({
      code: 'amount_precision',
      message: 'Amount decimal places must be less than or equal to 2',
    });
  });
});
