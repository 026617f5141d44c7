import { describe, expect, it } from 'vitest';
import { assertTransition, canTransition, covers, isSettling } from './machine.js';

describe('payment intent state machine', () => {
  it('moves forward through requires_action, processing, succeeded', () => {
    expect(canTransition('requires_payment_method', 'requires_action')).toBe(true);
    expect(canTransition('requires_action', 'processing')).toBe(true);
    expect(canTransition('processing', 'succeeded')).toBe(true);
    expect(canTransition('processing', 'requires_action')).toBe(true);
  });

  it('never leaves succeeded or canceled, and never cancels a processing payment', () => {
    expect(canTransition('succeeded', 'processing')).toBe(false);
    expect(canTransition('canceled', 'requires_action')).toBe(false);
    expect(canTransition('processing', 'canceled')).toBe(false);
    expect(() => assertTransition('succeeded', 'canceled')).toThrow(/succeeded to canceled/);
  });

  it('counts a payment only when it covers the frozen amount', () => {
    expect(covers({ amount: 100n }, 99n)).toBe(false);
    expect(covers({ amount: 100n }, 100n)).toBe(true);
    expect(isSettling('processing')).toBe(true);
    expect(isSettling('requires_action')).toBe(false);
  });
});
