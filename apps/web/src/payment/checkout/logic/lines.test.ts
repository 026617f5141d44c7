import { describe, expect, it } from 'vitest';
import { amountsFor, trialFor, upsellSaving } from './lines';
import { paymentTransaction } from './ethereum';
import { fakeLine, fakePrice, fakeSession } from './testFixtures';

describe('order summary amounts', () => {
  it('totals lines exactly in the chosen currency', () => {
    const session = fakeSession({ line_items: [{ ...fakeLine(), quantity: 3 }] });
    expect(amountsFor(session, 'pc_usd00000', 0)).toEqual({ lines: [4_500_000n], total: 4_500_000n });
    expect(amountsFor(session, 'pc_other000', 0)).toEqual({ lines: [null], total: null });
  });

  it('makes recurring lines free during a trial and words the trial', () => {
    const monthly = fakePrice({
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    });
    const session = fakeSession({
      line_items: [{ ...fakeLine(), price: monthly }],
      subscription_data: { trial_period_days: 7 },
    });
    expect(amountsFor(session, 'pc_usd00000', 0).total).toBe(0n);
    expect(trialFor(session, 'pc_usd00000', 0)).toEqual({ unit: 'day', count: 7 });
    const onlyEth = fakeSession({
      ...session,
      subscription_data: { trial_period_days: 7, trial_currency: 'pc_eth' },
    });
    expect(trialFor(onlyEth, 'pc_usd00000', 0)).toBeNull();
  });

  it('computes the rounded upsell saving', () => {
    const recurring = (interval: 'month' | 'year', amount: string) =>
      fakePrice({
        type: 'recurring',
        unit_amount: amount,
        recurring: { interval, interval_count: 1, usage_type: 'licensed' },
      });
    const base = fakeLine();
    const line = {
      ...base,
      price: recurring('month', '10000000'),
      upsell_price: recurring('year', '100000000'),
    };
    expect(upsellSaving(line, 'pc_usd00000')).toBe(17);
    expect(upsellSaving({ ...line, upsell_price: null }, 'pc_usd00000')).toBe(0);
    // Before switching, the offer the server sends gives the same saving.
    expect(
      upsellSaving({ ...line, upsell_price: null, upsell_offer: line.upsell_price }, 'pc_usd00000'),
    ).toBe(17);
  });
});

describe('browser wallet transaction', () => {
  const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const target = {
    rail: 'evm' as const,
    chainId: 31337,
    recipient,
    token: null,
    amount: '1000000000000000',
    uri: '',
    confirmations: 1,
    request: { to: recipient, value: '1000000000000000', data: '0x' },
  };
  it('sends the native coin as value', () => {
    expect(paymentTransaction(target, '0xabc')).toEqual({
      from: '0xabc',
      to: recipient,
      value: '0x38d7ea4c68000',
    });
  });
  it('sends the call data the server built, reference included', () => {
    const data =
      '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c80000000000000000000000000000000000000000000000000000000000970fe0' +
      '00112233445566778899aabbccddeeff';
    const tx = paymentTransaction(
      { ...target, token, amount: '9900000', request: { to: token, value: '0', data } },
      '0xabc',
    );
    expect(tx).toEqual({ from: '0xabc', to: token, value: '0x0', data });
  });
});
