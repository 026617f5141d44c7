import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// One advance runs every renewal due on the way in a single request, so it is bounded (two years).
let env: PaymentTestEnv;
beforeAll(async () => {
  env = await startPaymentEnv();
});
afterAll(() => env?.stop());

const START = Date.parse('2026-01-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('test clock advance bound', () => {
  it('refuses an advance of more than two years with a clear error', async () => {
    const clock = await env.test('POST', '/test-clocks', {
      body: { frozen_time: new Date(START).toISOString() },
    });
    expect(clock.status).toBe(200);
    const id = String(clock.body.id);
    const far = new Date('9999-01-01T00:00:00Z').toISOString();
    const refused = await env.test('POST', `/test-clocks/${id}/advance`, { body: { frozen_time: far } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { code: 'test_clock_advance_too_far', param: 'frozen_time' },
    });
    expect(JSON.stringify(refused.body)).toContain('at most two years');
    // The clock did not move, and an advance within the bound still works.
    const within = new Date(START + 365 * DAY).toISOString();
    const moved = await env.test('POST', `/test-clocks/${id}/advance`, { body: { frozen_time: within } });
    expect(moved.status).toBe(200);
    expect(new Date(String(moved.body.frozen_time)).toISOString()).toBe(within);
  });
});
