// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { json } from '../../../testing/fetchStub';
import { fakePrice } from '../../checkout/logic/testFixtures';
import { AdminContext } from '../AdminContext';
import { SwitchableToggle } from './SwitchableToggle';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const monthly = fakePrice({
  id: 'price_month123',
  type: 'recurring',
  recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed', aggregate_usage: null },
});

function show(price = monthly, locale: 'en' | 'zh' = 'en') {
  const admin = { mountPoint: '/payment', livemode: false, setLivemode: () => undefined };
  return render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <AdminContext.Provider value={admin}>
        <SwitchableToggle price={price} />
      </AdminContext.Provider>
    </AppProviders>,
  );
}

describe('the switchable toggle of an existing price', () => {
  it('marks a recurring price switchable with one update of that price', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ ...monthly, switchable: true }));
    vi.stubGlobal('fetch', fetchMock);
    show();
    const toggle = screen.getByRole('switch', {
      name: 'Customers can switch their subscription to this price in the portal',
    });
    fireEvent.click(toggle);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/payment/api/prices/price_month123?livemode=false');
    expect((init as RequestInit).method).toBe('PUT');
    expect((init as RequestInit).body).toBe('{"switchable":true}');
  });

  it('is named in Chinese, and shows nothing for a one-time price', () => {
    show(monthly, 'zh');
    expect(screen.getByRole('switch', { name: '客户可在门户中将订阅切换到此价格' })).toBeTruthy();
    cleanup();
    show(fakePrice());
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
