import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentEnv, type PaymentTestEnv } from './payment/support.js';
import { startTestServer, type TestServer } from './support/server.js';

// Two server processes on one database behind one address: a per-address limit is one limit for the
// installation, not one per process (an attacker would otherwise get N times the allowance).
const limits = { ANALYTICS_BEACON_RATE_PER_MINUTE: '4' };
let env: PaymentTestEnv;
let other: TestServer;

beforeAll(async () => {
  env = await startPaymentEnv(limits);
  other = await startTestServer(env.server.server.services.config.DATABASE_URL ?? '', limits);
}, 90_000);
afterAll(async () => {
  await other?.stop();
  await env?.stop();
});

const beacon = (base: string) => fetch(`${base}/.well-known/analytics/pv/docs`).then((r) => r.status);

describe('rate limits across processes', () => {
  it('counts the hits on every process against one limit', async () => {
    // Counters are kept per minute window: start early in one so the five hits share it.
    if (Date.now() % 60_000 > 45_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000)));
    expect(await beacon(env.server.url)).toBe(200);
    expect(await beacon(other.url)).toBe(200);
    expect(await beacon(env.server.url)).toBe(200);
    expect(await beacon(other.url)).toBe(200);
    // The fifth hit is over the limit of four, whichever process answers it.
    expect(await beacon(env.server.url)).toBe(429);
    expect(await beacon(other.url)).toBe(429);
  }, 90_000);
});
