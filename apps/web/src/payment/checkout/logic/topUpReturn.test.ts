import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../testing/memoryStorage';
import { rememberTopUp, safeReturnPath, takeTopUpReturn } from './topUpReturn';

describe('credit top-up return', () => {
  it('returns to the remembered path once, only from the checkout of that top-up link', () => {
    const storage = memoryStorage();
    rememberTopUp(storage, 'plink_topup', '/payment/checkout/pay/cs_first?locale=zh');
    expect(takeTopUpReturn(storage, 'plink_other')).toBeNull();
    expect(takeTopUpReturn(storage, null)).toBeNull();
    expect(takeTopUpReturn(storage, 'plink_topup')).toBe('/payment/checkout/pay/cs_first?locale=zh');
    expect(takeTopUpReturn(storage, 'plink_topup')).toBeNull();
  });

  it('follows only paths of this site', () => {
    expect(safeReturnPath('/payment/customer')).toBe('/payment/customer');
    for (const bad of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil', 7]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
    const storage = memoryStorage();
    rememberTopUp(storage, 'plink_topup', '//evil.example');
    expect(takeTopUpReturn(storage, 'plink_topup')).toBeNull();
  });
});
