// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { fakeCurrency } from '../../portal/logic/testFixtures';
import type { ApiLine } from '../logic/lines';
import { fakeLine, fakePrice } from '../logic/testFixtures';
import type { SessionChanges } from '../useSessionChanges';
import { SummaryLine } from './SummaryLine';

afterEach(cleanup);

const TUSD = fakeCurrency();
const M = 1_000_000n;

function changesSpy() {
  const calls: string[] = [];
  const changes: SessionChanges = {
    busy: false,
    setQuantity: (_line, q) => void calls.push(`quantity ${q}`),
    toggleUpsell: () => undefined,
    addCrossSell: () => undefined,
    removeCrossSell: () => undefined,
    setAmount: (_line, units) => void calls.push(`amount ${units}`),
  };
  return { calls, changes };
}

function renderLine(
  line: ApiLine,
  amount: bigint,
  changes: SessionChanges,
  validity: boolean[] = [],
  locale: 'en' | 'zh' = 'en',
) {
  return render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <SummaryLine
        line={line}
        amount={amount}
        currency={TUSD}
        locale="en"
        changes={changes}
        disabled={false}
        onAmountValidity={(v) => validity.push(v)}
      />
    </AppProviders>,
  );
}

const payWhatYouWant = fakeLine({
  price: fakePrice({ custom_unit_amount: { preset: '10000000', maximum: '50000000' } }),
});

describe('SummaryLine custom amount', () => {
  it('starts with the preset the summary shows', () => {
    const { changes } = changesSpy();
    renderLine(payWhatYouWant, 10n * M, changes);
    expect((screen.getByTestId('custom-amount') as HTMLInputElement).value).toBe('10');
    expect(screen.getByTestId('line-amount').textContent).toBe('10 TUSD');
  });

  it('blocks payment with the range message above the maximum and never sends the amount', () => {
    const { calls, changes } = changesSpy();
    const validity: boolean[] = [];
    renderLine(payWhatYouWant, 10n * M, changes, validity);
    const field = screen.getByTestId('custom-amount');
    fireEvent.change(field, { target: { value: '70' } });
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toBe('Please enter an amount between 0 TUSD and 50 TUSD.');
    expect(validity.at(-1)).toBe(false);
    expect(calls).toEqual([]);
    // Back in range: payable again, and the amount goes to the server once the customer leaves the field.
    fireEvent.change(field, { target: { value: '20' } });
    fireEvent.blur(field);
    expect(validity.at(-1)).toBe(true);
    expect(calls).toEqual([`amount ${20n * M}`]);
  });

  it('blocks an amount below the minimum', () => {
    const { changes } = changesSpy();
    const validity: boolean[] = [];
    const line = fakeLine({
      price: fakePrice({ custom_unit_amount: { preset: '10000000', minimum: '5000000' } }),
    });
    renderLine(line, 10n * M, changes, validity);
    fireEvent.change(screen.getByTestId('custom-amount'), { target: { value: '1' } });
    expect(screen.getByRole('alert').textContent).toBe('Please enter an amount between 5 TUSD and ∞.');
    expect(validity.at(-1)).toBe(false);
  });
});

describe('SummaryLine quantity', () => {
  it('ignores non-numeric input', () => {
    const { calls, changes } = changesSpy();
    const line = fakeLine({ quantity: 1, adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 } });
    renderLine(line, 15n * M, changes);
    const field = screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '1x' } });
    expect(field.value).toBe('1');
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.change(field, { target: { value: '2y' } });
    expect(field.value).toBe('2');
    fireEvent.blur(field);
    expect(calls).toEqual(['quantity 2']);
  });
});

const monthly = (over: Parameters<typeof fakePrice>[0] = {}) =>
  fakePrice({
    type: 'recurring',
    unit_amount: '10000000',
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    ...over,
  });

describe('SummaryLine later charges', () => {
  it('shows what a trial plan charges after the trial', () => {
    renderLine(fakeLine({ price: monthly() }), 0n, changesSpy().changes);
    expect(screen.getByTestId('line-amount').textContent).toBe('0 TUSD');
    expect(screen.getByTestId('line-later').textContent).toBe('then 10 TUSD per month');
    cleanup();
    renderLine(fakeLine({ price: monthly() }), 0n, changesSpy().changes, [], 'zh');
    expect(screen.getByTestId('line-later').textContent).toBe('之后每月 10 TUSD');
  });

  it('says nothing more for a plan charged today', () => {
    renderLine(fakeLine({ price: monthly() }), 10n * M, changesSpy().changes);
    expect(screen.queryByTestId('line-later')).toBeNull();
  });

  it('shows the per-unit price of a metered plan', () => {
    const metered = monthly({
      unit_amount: '500000',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'metered' },
    });
    renderLine(fakeLine({ price: metered }), 0n, changesSpy().changes);
    expect(screen.getByTestId('line-later').textContent).toBe('0.5 TUSD per unit, billed on usage');
  });
});
