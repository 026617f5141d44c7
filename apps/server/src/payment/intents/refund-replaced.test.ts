import { describe, expect, it } from 'vitest';
import { MAX_REFUND_SIGNS, replacementStep } from './refund-replaced.js';

describe('a refund whose nonce another transaction took', () => {
  it('is signed again until it has been signed MAX_REFUND_SIGNS times, then fails', () => {
    expect(MAX_REFUND_SIGNS).toBe(3);
    expect([1, 2].map(replacementStep)).toEqual(['sign_again', 'sign_again']);
    expect([3, 4].map(replacementStep)).toEqual(['fail', 'fail']);
  });
});
