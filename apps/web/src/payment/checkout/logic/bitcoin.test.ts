import { describe, expect, it } from 'vitest';
import type { CheckoutView } from './api';
import { bitcoinStatus, btcText } from './bitcoin';

const view = (status: string, intent: Record<string, unknown> = {}) =>
  ({ checkoutSession: { status }, paymentIntent: intent }) as unknown as CheckoutView;

describe('the Bitcoin payment panel status', () => {
  it('reads waiting, seen, underpaid and paid from the checkout', () => {
    expect(bitcoinStatus(view('open', { status: 'requires_action' }))).toEqual({ kind: 'waiting' });
    expect(bitcoinStatus(view('open', { status: 'processing' }))).toEqual({ kind: 'seen' });
    expect(
      bitcoinStatus(
        view('open', {
          status: 'requires_action',
          last_payment_error: { code: 'underpaid', message: 'paid 0.0003 of 0.0005 BTC' },
        }),
      ),
    ).toEqual({ kind: 'underpaid', message: 'paid 0.0003 of 0.0005 BTC' });
    expect(bitcoinStatus(view('complete'))).toEqual({ kind: 'paid' });
  });

  it('reads confirming n/m from the counts the server recorded on a processing payment', () => {
    const processing = (details: Record<string, unknown>) =>
      bitcoinStatus(view('open', { status: 'processing', payment_details: details }));
    expect(processing({ confirmations: 1, confirmations_required: 2 })).toEqual({
      kind: 'confirming',
      confirmations: 1,
      required: 2,
    });
    expect(processing({ confirmations: 0, confirmations_required: 1 })).toMatchObject({ confirmations: 0 });
    // More than required (a block came before the watcher settled) reads as the required count.
    expect(processing({ confirmations: 3, confirmations_required: 2 })).toMatchObject({ confirmations: 2 });
    expect(processing({ confirmations: '1', confirmations_required: 2 })).toEqual({ kind: 'seen' });
    expect(processing({ confirmations: 1 })).toEqual({ kind: 'seen' });
  });

  it('writes satoshis as BTC', () => {
    expect(btcText(150_000n)).toBe('0.0015');
    expect(btcText(100_000_000n)).toBe('1');
    expect(btcText(1n)).toBe('0.00000001');
  });
});
