import type { CreditGrant } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { fakeCurrency } from '../portal/logic/testFixtures';
import { creditBalances, grantScope, grantStatusColor } from './creditView';
import { fakeGrant } from './testFixtures';

const NOW = Date.parse('2026-06-01T00:00:00.000Z');

describe('credit view', () => {
  it('colours the status chip: granted success, pending warning, the rest neutral', () => {
    expect(grantStatusColor('granted')).toBe('success');
    expect(grantStatusColor('pending')).toBe('warning');
    for (const s of ['depleted', 'expired', 'voided'] as const) expect(grantStatusColor(s)).toBe('default');
  });

  it('sums granted grants per currency, pending apart, and skips expired, voided and depleted ones', () => {
    const other = fakeCurrency({ id: 'pc_other', symbol: 'PTS' });
    const grants: CreditGrant[] = [
      fakeGrant({ id: 'g1', remaining_amount: '30000' }),
      fakeGrant({ id: 'g2', remaining_amount: '20000' }),
      fakeGrant({ id: 'g3', remaining_amount: '5000', status: 'pending' }),
      fakeGrant({ id: 'g4', remaining_amount: '99', expires_at: '2026-05-31T00:00:00.000Z' }),
      fakeGrant({ id: 'g5', remaining_amount: '77', status: 'voided' }),
      fakeGrant({ id: 'g6', remaining_amount: '7', currency_id: other.id, paymentCurrency: other }),
    ];
    const rows = creditBalances(grants, NOW);
    expect(rows.map((r) => [r.currency?.symbol, r.available, r.upcoming, r.grants])).toEqual([
      ['CRD', 50000n, 5000n, 3],
      ['PTS', 7n, 0n, 1],
    ]);
  });

  it('tells a specific grant (prices named) from a general one', () => {
    expect(grantScope(fakeGrant({}))).toBe('general');
    expect(grantScope(fakeGrant({ applicability_config: { scope: { prices: ['price_a'] } } }))).toBe(
      'specific',
    );
  });
});
