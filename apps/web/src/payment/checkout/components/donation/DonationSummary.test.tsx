// @vitest-environment happy-dom
import type { PaymentCurrency } from '@payshelf/api';
import { parseAmount, type DonationSettings } from '@payshelf/money';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { resources } from '../../../../app/i18n/resources';
import { createI18n } from '../../../../platform/i18n/createI18n';
import { CheckoutApi, type Beneficiary, type CheckoutSessionData } from '../../logic/api';
import { donationStorageKey } from '../../logic/donation';
import { fakeLine, fakePrice, fakeSession } from '../../logic/testFixtures';
import { CancelButton } from './CancelButton';
import { DonationSummary } from './DonationSummary';

const U = 1_000_000n;
const TUSD = {
  id: 'pc_usd00000',
  symbol: 'TUSD',
  decimal: 6,
  maximum_precision: 2,
} as PaymentCurrency;
const demo: DonationSettings = { amount: { presets: ['1', '5', '10'], preset: '5', custom: true } };

function donationSession(): CheckoutSessionData {
  const price = fakePrice({ custom_unit_amount: { presets: ['1000000', '5000000', '10000000'] } });
  return fakeSession({
    submit_type: 'donate',
    payment_link_id: 'plink_demo',
    line_items: [fakeLine({ price })],
  });
}

/** The server: answers the session with the amount as the line's custom_amount. */
function fakeApi(benefits: Beneficiary[] = []) {
  const api = new CheckoutApi('/payment', false);
  const setAmount = vi.fn((id: string, priceId: string, amount: string, _currencyId: string) => {
    const session = donationSession();
    const line = session.line_items[0];
    if (line) line.custom_amount = amount;
    return Promise.resolve({ ...session, id, amount_total: amount });
  });
  api.setAmount = setAmount;
  api.benefits = vi.fn(() => Promise.resolve(benefits));
  return { api, setAmount };
}

function Harness(props: {
  api: CheckoutApi;
  settings: DonationSettings | null;
  onValidity(v: boolean): void;
}) {
  const [session, setSession] = useState(donationSession);
  const custom = session.line_items[0]?.custom_amount;
  return (
    <DonationSummary
      api={props.api}
      session={session}
      settings={props.settings}
      currency={TUSD}
      total={custom ? BigInt(custom) : null}
      locale="en"
      userDid="did:abt:z1donor"
      disabled={false}
      setSession={setSession}
      onAmountValidity={props.onValidity}
    />
  );
}

function renderSummary(settings: DonationSettings | null = demo, benefits: Beneficiary[] = []) {
  const { api, setAmount } = fakeApi(benefits);
  const validity: boolean[] = [];
  render(
    <AppProviders i18n={createI18n('en', resources)} queryClient={new QueryClient()}>
      <Harness api={api} settings={settings} onValidity={(v) => validity.push(v)} />
    </AppProviders>,
  );
  return { setAmount, validity, lastValidity: () => validity[validity.length - 1] };
}

const preset = (i: number | 'custom') => screen.getByTestId(`donation-preset-${i}`);
const total = () => screen.getByTestId('checkout-total').textContent;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DonationSummary', () => {
  it('starts on the configured preset, sends it to the server and lets payment go ahead', async () => {
    const { setAmount, lastValidity } = renderSummary();
    expect(screen.getByText('Tip amount')).toBeTruthy();
    expect(screen.getByRole('radiogroup').getAttribute('aria-label')).toBe('Tip amount');
    expect(preset(1).getAttribute('aria-checked')).toBe('true');
    expect(preset(0).getAttribute('aria-checked')).toBe('false');
    expect(preset(1).tabIndex).toBe(0);
    expect(preset(0).tabIndex).toBe(-1);
    expect(setAmount).toHaveBeenCalledWith('cs_aaaaaaaa', 'price_aaaaaaaa', '5000000', 'pc_usd00000');
    await waitFor(() => expect(total()).toBe('5 TUSD'));
    // Payment is allowed once the amount has settled (a render after the total on a slow machine).
    await waitFor(() => expect(lastValidity()).toBe(true));
    expect(screen.queryByTestId('donation-custom-amount')).toBeNull();
  });

  it('selects presets by click and by arrow keys, and the total follows the server', async () => {
    const { setAmount } = renderSummary();
    await waitFor(() => expect(total()).toBe('5 TUSD'));
    fireEvent.click(preset(2));
    expect(preset(2).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(total()).toBe('10 TUSD'));
    expect(setAmount).toHaveBeenLastCalledWith('cs_aaaaaaaa', 'price_aaaaaaaa', '10000000', 'pc_usd00000');
    fireEvent.keyDown(preset(2), { key: 'ArrowLeft' });
    expect(preset(1).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(preset(1));
    fireEvent.keyDown(preset(1), { key: 'Home' });
    await waitFor(() => expect(total()).toBe('1 TUSD'));
    fireEvent.keyDown(preset(0), { key: 'End' });
    expect(preset('custom').getAttribute('aria-checked')).toBe('true');
  });

  it('blocks payment with the range and precision messages, and sends a valid custom amount once typed', async () => {
    const { setAmount, lastValidity } = renderSummary();
    await waitFor(() => expect(lastValidity()).toBe(true));
    fireEvent.click(preset('custom'));
    const field = screen.getByTestId<HTMLInputElement>('donation-custom-amount');
    fireEvent.change(field, { target: { value: '60' } });
    await screen.findByText('Please enter an amount between 0 TUSD and 50 TUSD.');
    expect(lastValidity()).toBe(false);
    fireEvent.change(field, { target: { value: '1.234' } });
    await screen.findByText('Amount decimal places must be less than or equal to 2');
    expect(lastValidity()).toBe(false);
    const calls = setAmount.mock.calls.length;
    fireEvent.change(field, { target: { value: '7.5' } });
    expect(lastValidity()).toBe(false);
    await waitFor(() => expect(total()).toBe('7.5 TUSD'));
    expect(setAmount).toHaveBeenCalledTimes(calls + 1);
    expect(setAmount).toHaveBeenLastCalledWith('cs_aaaaaaaa', 'price_aaaaaaaa', '7500000', 'pc_usd00000');
    expect(lastValidity()).toBe(true);
  });

  it('rolls a random in-range amount (at once with reduced motion)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    const { setAmount } = renderSummary({ amount: { presets: [], minimum: '2', maximum: '3' } });
    const field = screen.getByTestId<HTMLInputElement>('donation-custom-amount');
    expect(field.value).toBe('');
    fireEvent.click(screen.getByTestId('donation-random'));
    const value = Number(field.value);
    expect(value >= 2 && value <= 3).toBe(true);
    expect(field.value).toMatch(/^\d+(\.\d{1,2})?$/);
    await waitFor(() => expect(setAmount).toHaveBeenCalledTimes(1));
    const sent = BigInt(String(setAmount.mock.calls[0]?.[2]));
    expect(sent >= 2n * U && sent <= 3n * U).toBe(true);
  });

  it('animates the digits for 800 ms, then settles on the amount it sends', async () => {
    vi.useFakeTimers();
    try {
      const { setAmount } = renderSummary({ amount: { presets: [] } });
      fireEvent.click(screen.getByTestId('donation-random'));
      const field = screen.getByTestId<HTMLInputElement>('donation-custom-amount');
      expect(field.getAttribute('data-rolling')).toBe('true');
      expect(setAmount).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(800);
      });
      expect(field.getAttribute('data-rolling')).toBeNull();
      expect(setAmount).toHaveBeenCalledWith(
        'cs_aaaaaaaa',
        'price_aaaaaaaa',
        String(parseAmount(field.value, 6)),
        'pc_usd00000',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('without presets shows only the custom field, and an empty amount blocks payment quietly', () => {
    const { setAmount, lastValidity } = renderSummary(null);
    expect(screen.queryByTestId('donation-presets')).toBeNull();
    expect(screen.getByTestId('donation-custom-amount')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(lastValidity()).toBe(false);
    expect(setAmount).not.toHaveBeenCalled();
  });

  it('restores a remembered choice only while it is still valid', async () => {
    const key = donationStorageKey('did:abt:z1donor');
    const remember = (kind: string, amount: string) =>
      window.localStorage.setItem(key, JSON.stringify({ plink_demo: { currencyId: TUSD.id, kind, amount } }));
    remember('preset', '10000000');
    renderSummary();
    expect(preset(2).getAttribute('aria-checked')).toBe('true');
    cleanup();
    remember('custom', '12340000');
    renderSummary();
    expect(preset('custom').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId<HTMLInputElement>('donation-custom-amount').value).toBe('12.34');
    cleanup();
    remember('preset', '2000000');
    renderSummary();
    expect(preset(1).getAttribute('aria-checked')).toBe('true');
    // The answered choice is remembered for the next visit.
    await waitFor(() => expect(window.localStorage.getItem(key)).toContain('"amount":"5000000"'));
  });

  it('opens and closes the beneficiaries: avatars (dapp square, initials), links, shares', async () => {
    renderSummary(demo, [
      { name: 'The author', type: 'user', percent: 70, address: 'z1author' },
      { name: 'Payshelf', type: 'dapp', percent: 30, url: 'https://payshelf.example', avatar: '/a.png' },
    ]);
    await waitFor(() => expect(total()).toBe('5 TUSD'));
    const toggle = screen.getByTestId('donation-benefits-toggle');
    expect(toggle.textContent).toBe('View beneficiaries');
    fireEvent.click(toggle);
    const rows = await screen.findAllByTestId('donation-beneficiary');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('TA');
    expect(rows[0]?.textContent).toContain('z1author');
    expect(rows[0]?.textContent).toContain('3.5 TUSD');
    expect(rows[0]?.textContent).toContain('70%');
    expect(rows[0]?.querySelector('[data-variant]')?.getAttribute('data-variant')).toBe('circular');
    expect(rows[1]?.querySelector('[data-variant]')?.getAttribute('data-variant')).toBe('square');
    expect(rows[1]?.querySelector('a')?.getAttribute('href')).toBe('https://payshelf.example');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('View beneficiaries');
    await waitFor(() => expect(screen.queryByTestId('donation-beneficiary')).toBeNull());
  });
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderCancel(cancelUrl: string | null, embedded = false) {
  render(
    <AppProviders i18n={createI18n('en', resources)} queryClient={new QueryClient()}>
      <MemoryRouter initialEntries={['/shop', '/payment/checkout/pay/cs_1']} initialIndex={1}>
        <CancelButton sessionId="cs_1" cancelUrl={cancelUrl} embedded={embedded} disabled={false} />
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.getByTestId('donation-cancel');
}

describe('CancelButton', () => {
  it('reads Cancel standalone and Close inline', () => {
    expect(renderCancel(null).textContent).toBe('Cancel');
    cleanup();
    expect(renderCancel(null, true).textContent).toBe('Close');
  });

  it('goes back in history, or to the app when there is no history', async () => {
    const length = vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    fireEvent.click(renderCancel(null));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/shop'));
    cleanup();
    length.mockReturnValue(1);
    fireEvent.click(renderCancel(null));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    length.mockRestore();
  });
});
