import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentEnv, TEST_SECRET, type PaymentTestEnv } from './payment/support.js';

// Errors the web framework raises before a route runs answer in the API's one error shape, with
// codes of the API's own (never Fastify's FST_ERR_… names).
let env: PaymentTestEnv;
beforeAll(async () => {
  env = await startPaymentEnv();
});
afterAll(() => env?.stop());

const post = (body: string, type: string) =>
  fetch(`${env.server.url}/payment/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_SECRET}`, 'content-type': type },
    body,
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: Record<string, unknown> } }));

describe('framework errors', () => {
  it('answers an empty JSON body in the API error shape', async () => {
    const answer = await post('', 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', code: 'body_empty' });
  });
  it('answers malformed JSON in the API error shape', async () => {
    const answer = await post('{"name":', 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', code: 'body_invalid_json' });
  });
  it('answers an unsupported content type in the API error shape', async () => {
    const answer = await post('name=x', 'text/csv');
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'unsupported_media_type',
    });
  });
});
