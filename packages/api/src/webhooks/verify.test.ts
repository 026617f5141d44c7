import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature, webhookSignature } from './verify.js';

const secret = 'whsec_test_secret_value';
const payload = '{"id":"evt_1","type":"invoice.paid"}';
const t = 1_800_000_000;

describe('verifyWebhookSignature', () => {
  it('accepts the header the server sends for this payload and secret', () => {
    const header = signWebhookPayload(secret, payload, t);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(payload, header, secret, 300, t + 10)).toEqual({ ok: true, timestamp: t });
    expect(verifyWebhookSignature(Buffer.from(payload), header, secret, 300, t)).toMatchObject({ ok: true });
  });

  it('refuses another secret, a changed body, or a changed timestamp', () => {
    const header = signWebhookPayload(secret, payload, t);
    expect(verifyWebhookSignature(payload, header, 'whsec_other', 300, t).ok).toBe(false);
    expect(verifyWebhookSignature(`${payload} `, header, secret, 300, t)).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyWebhookSignature(payload, moved, secret, 300, t)).toMatchObject({
      reason: 'signature_mismatch',
    });
  });

  it('refuses a request older (or newer) than the tolerance: a replay', () => {
    const header = signWebhookPayload(secret, payload, t);
    expect(verifyWebhookSignature(payload, header, secret, 300, t + 301)).toEqual({
      ok: false,
      reason: 'timestamp_outside_tolerance',
    });
    expect(verifyWebhookSignature(payload, header, secret, 300, t - 301).ok).toBe(false);
    expect(verifyWebhookSignature(payload, header, secret, 0, t + 86_400).ok).toBe(true);
  });

  it('accepts any one matching v1 among several (secret rotation) and ignores unknown schemes', () => {
    const good = webhookSignature(secret, t, payload);
    const header = `t=${t},v0=abc,v1=${'0'.repeat(64)},v1=${good}`;
    expect(verifyWebhookSignature(payload, header, secret, 300, t).ok).toBe(true);
  });

  it('answers malformed_header for missing or garbled headers', () => {
    for (const header of [undefined, null, '', 't=abc,v1=zz', `v1=${'a'.repeat(64)}`, `t=${t}`, 'nonsense']) {
      expect(verifyWebhookSignature(payload, header, secret, 300, t)).toEqual({
        ok: false,
        reason: 'malformed_header',
      });
    }
  });
});
