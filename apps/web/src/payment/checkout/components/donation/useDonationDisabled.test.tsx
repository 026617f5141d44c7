// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDonationDisabled } from './useDonationDisabled';

describe('useDonationDisabled', () => {
  it('turns on when a submit fails with donation_not_enabled, not for other codes', () => {
    const { result } = renderHook(() => useDonationDisabled());
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new CustomEvent('error.REQUIRE_CROSS_SELL'));
    });
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new CustomEvent('error.donation_not_enabled'));
    });
    expect(result.current).toBe(true);
  });
});
