import { SUBSCRIPTION_STATUSES } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { applyEvent, canApply, nextStatus, SubscriptionTransitionError } from './machine.js';

describe('subscription life cycle', () => {
  it('a trial ends active when paid, past_due when not', () => {
    expect(applyEvent('trialing', 'trial_paid')).toBe('active');
    expect(applyEvent('trialing', 'trial_unpaid')).toBe('past_due');
    expect(canApply('active', 'trial_paid')).toBe(false);
  });

  it('the last failed retry makes it past_due; paying the invoice brings it back', () => {
    expect(applyEvent('active', 'collection_failed')).toBe('past_due');
    expect(applyEvent('past_due', 'invoice_paid')).toBe('active');
    expect(applyEvent('past_due', 'grace_expired')).toBe('canceled');
    expect(canApply('active', 'grace_expired')).toBe(false);
  });

  it('every live status cancels; an ended one does not', () => {
    for (const s of ['trialing', 'active', 'past_due', 'paused', 'incomplete'] as const) {
      expect(applyEvent(s, 'cancel')).toBe('canceled');
    }
    expect(() => applyEvent('canceled', 'cancel')).toThrow(SubscriptionTransitionError);
    expect(nextStatus('incomplete_expired', 'cancel')).toBeNull();
  });

  it('recover: canceled → incomplete until its invoice is paid, or expired', () => {
    expect(applyEvent('canceled', 'recover')).toBe('incomplete');
    expect(applyEvent('incomplete', 'invoice_paid')).toBe('active');
    expect(applyEvent('incomplete', 'incomplete_expired')).toBe('incomplete_expired');
    expect(canApply('active', 'recover')).toBe(false);
  });

  it('pause and unpause', () => {
    expect(applyEvent('active', 'pause')).toBe('paused');
    expect(applyEvent('paused', 'unpause')).toBe('active');
    expect(canApply('canceled', 'pause')).toBe(false);
    expect(canApply('active', 'unpause')).toBe(false);
  });

  it('no event leads out of incomplete_expired', () => {
    const events = [
      'trial_paid',
      'trial_unpaid',
      'collection_failed',
      'invoice_paid',
      'cancel',
      'grace_expired',
      'recover',
      'incomplete_expired',
      'pause',
      'unpause',
    ] as const;
    for (const e of events) expect(nextStatus('incomplete_expired', e)).toBeNull();
    expect(SUBSCRIPTION_STATUSES).toHaveLength(7);
  });
});
