import { describe, expect, it } from 'vitest';
import { brandKey, cardOf } from './card';

describe('the card that paid', () => {
  it('reads brand and last four from the payment details', () => {
    expect(cardOf({ type: 'stripe', card_brand: 'visa', card_last4: '4242' })).toEqual({
      brand: 'visa',
      last4: '4242',
    });
    expect(cardOf({ card_brand: 'MasterCard', card_last4: '4444' })).toEqual({
      brand: 'mastercard',
      last4: '4444',
    });
    // A last four without a brand is still a card.
    expect(cardOf({ card_last4: '0005' })).toEqual({ brand: 'unknown', last4: '0005' });
  });

  it('is null for chain payments and malformed details', () => {
    expect(cardOf({ type: 'evm', tx_hash: '0xabc' })).toBeNull();
    expect(cardOf({ card_brand: 'visa', card_last4: '42' })).toBeNull();
    expect(cardOf({ card_brand: 'visa', card_last4: 4242 })).toBeNull();
    expect(cardOf(null)).toBeNull();
    expect(cardOf(['4242'])).toBeNull();
  });

  it('names known brands and falls back to a plain card', () => {
    expect(brandKey('visa')).toBe('payment.card.brands.visa');
    expect(brandKey('unionpay')).toBe('payment.card.brands.unionpay');
    expect(brandKey('cartes_bancaires')).toBe('payment.card.brands.unknown');
  });
});
