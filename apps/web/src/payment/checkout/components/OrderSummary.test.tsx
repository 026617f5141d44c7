// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { fakeCurrency } from '../../portal/logic/testFixtures';
import { fakeLine, fakePrice, fakeSession } from '../logic/testFixtures';
import type { SessionChanges } from '../useSessionChanges';
import { OrderSummary } from './OrderSummary';

afterEach(cleanup);

const TUSD = fakeCurrency({ is_base_currency: false });

const noChanges: SessionChanges = {
  busy: false,
  setQuantity: () => undefined,
  toggleUpsell: () => undefined,
  addCrossSell: () => undefined,
  removeCrossSell: () => undefined,
  setAmount: () => undefined,
};

const session = fakeSession({
  line_items: [fakeLine({ id: 'li_1' }), fakeLine({ id: 'li_2' }), fakeLine({ id: 'li_3' })],
});

function summary(collapsible: boolean, crossSell: { missing: boolean } | null = null) {
  return (
    <AppProviders i18n={createI18n('en', resources)} queryClient={new QueryClient()}>
      <OrderSummary
        session={session}
        currency={TUSD}
        amounts={{ lines: [1_500_000n, 1_500_000n, 1_500_000n], total: 4_500_000n }}
        totals={{ subtotal: null, discounts: [], taxes: [], total: 4_500_000n, pending: false }}
        promotion={null}
        trial={null}
        locale="en"
        changes={noChanges}
        crossSell={crossSell ? fakePrice({ id: 'price_extra', nickname: 'Extra seat' }) : null}
        shaking={false}
        crossSellMissing={crossSell?.missing ?? false}
        collapsible={collapsible}
        disabled={false}
        onAmountValidity={() => undefined}
      />
    </AppProviders>
  );
}

/** The lines sit in a Collapse: hidden when it is collapsed. */
const linesHidden = () =>
  screen.getAllByTestId('summary-line').every((line) => line.closest('.MuiCollapse-hidden') !== null);

describe('OrderSummary', () => {
  it('starts collapsed when collapsible, with the total and a control to show the lines', () => {
    render(summary(true));
    expect(linesHidden()).toBe(true);
    expect(screen.getByTestId('checkout-total').textContent).toBe('4.5 TUSD');
    fireEvent.click(screen.getByRole('button', { name: 'Show order summary' }));
    expect(linesHidden()).toBe(false);
    expect(screen.getByRole('button', { name: 'Hide order summary' })).toBeTruthy();
  });

  it('shows every line again when the screen grows out of the collapsible layout', () => {
    // A tablet turned from portrait (collapsed summary) to landscape: no control remains, so the
    // lines must not stay hidden.
    const { rerender } = render(summary(true));
    expect(linesHidden()).toBe(true);
    rerender(summary(false));
    expect(screen.queryByRole('button', { name: /order summary/ })).toBeNull();
    expect(linesHidden()).toBe(false);
  });

  it('keeps saying why the payment was refused until the required cross-sell is added', () => {
    const { rerender } = render(summary(false, { missing: false }));
    expect(screen.getByTestId('cross-sell').textContent).toContain('Extra seat');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(summary(false, { missing: true }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Add this item to continue: this checkout requires it.',
    );
  });
});
