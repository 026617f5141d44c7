// @vitest-environment happy-dom
import type { Meter, MeterEvent } from '@payshelf/api';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { fetchStub, json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';

const SLOW = { timeout: 12_000 };
const owner: HeaderSession = {
  initialized: true,
  user: { did: 'z1Admin', role: 'owner', fullName: 'Ada', avatar: undefined },
};
const { serve, calls } = fetchStub();
const list = (data: unknown[]) => json({ object: 'list', data, has_more: false, url: '/x' });
const AT = new Date().toISOString();
const today = AT.slice(0, 10);

const meter: Meter = {
  id: 'mtr_aaaaaaaa',
  object: 'meter',
  livemode: false,
  name: 'AI tokens',
  event_name: 'ai.tokens',
  unit: 'token',
  aggregation_method: 'sum',
  status: 'active',
  currency_id: 'pc_credits',
  description: null,
  metadata: {},
  created_at: AT,
  updated_at: AT,
};
const event = (id: string, customer: string, source: MeterEvent['source_data']): MeterEvent => ({
  id,
  object: 'meter_event',
  livemode: false,
  meter_id: meter.id,
  event_name: meter.event_name,
  identifier: `req-${id}`,
  payload: { customer_id: customer, value: '120', subscription_id: null },
  timestamp: AT,
  status: 'completed',
  credit_consumed: '120',
  credit_pending: '0',
  source_data: source,
  created_at: AT,
});
const events = [
  event('mev_1', 'cus_alice', { model: 'gpt', prompt_tokens: 100 }),
  event('mev_2', 'cus_bob', null),
];

function answer() {
  serve((url) => {
    switch (url.pathname) {
      case '/payment/api/meters':
        return list([meter]);
      case '/payment/api/meters/mtr_aaaaaaaa':
        return json(meter);
      case '/payment/api/meter-events':
        return list(events);
      case '/payment/api/meter-events/stats': {
        const customer = url.searchParams.get('customer_id');
        const total = customer === 'cus_alice' ? '300' : '100';
        return json({
          object: 'meter_event_stats',
          meter_id: meter.id,
          data: [{ date: today, total, count: 2 }],
        });
      }
      default:
        return json(
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'x' } },
          404,
        );
    }
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin meters', () => {
  it('lists the meters under the Meters tab, each linked to its page', async () => {
    answer();
    renderRoutes('/payment/admin/meters', { session: owner });
    const page = await screen.findByTestId('page-admin-meters', {}, SLOW);
    const link = await within(page).findByRole('link', { name: 'AI tokens' }, SLOW);
    expect(link.getAttribute('href')).toBe('/payment/admin/billing/mtr_aaaaaaaa');
    expect(within(page).getByText('Sum of values')).toBeTruthy();
  });

  it('shows a meter, its usage per customer per day as a chart or a table, and its events', async () => {
    answer();
    renderRoutes('/payment/admin/billing/mtr_aaaaaaaa', { session: owner });
    await screen.findByRole('heading', { level: 1, name: 'AI tokens' }, SLOW);
    expect(screen.getByTestId('detail-event-name').textContent).toBe('ai.tokens');
    expect(screen.getByTestId('admin-tab-meters').getAttribute('aria-selected')).toBe('true');
    const chart = await screen.findByTestId('usage-chart', {}, SLOW);
    expect(chart.getAttribute('role')).toBe('img');
    // Two customers stacked on today's bar: 300 and 100 tokens.
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    const stats = calls.filter((u) => u.pathname === '/payment/api/meter-events/stats');
    expect(stats.map((u) => u.searchParams.get('customer_id')).sort()).toEqual(['cus_alice', 'cus_bob']);
    fireEvent.click(screen.getByTestId('usage-toggle'));
    const table = screen.getByTestId('usage-table');
    const row = within(table).getByText(today).closest('tr');
    expect([...(row?.querySelectorAll('td') ?? [])].map((c) => c.textContent)).toEqual([
      today,
      '300',
      '100',
      '400 token',
    ]);
  });

  it("opens an event's source data as JSON in a dialog", async () => {
    answer();
    renderRoutes('/payment/admin/billing/mtr_aaaaaaaa', { session: owner });
    const view = await screen.findByRole('button', { name: 'View the source data of req-mev_1' }, SLOW);
    expect(screen.getAllByTestId('source-data-view')).toHaveLength(1);
    fireEvent.click(view);
    const dialog = await screen.findByRole('dialog', { name: 'Source data of req-mev_1' }, SLOW);
    expect(JSON.parse(within(dialog).getByTestId('source-data-json').textContent ?? '')).toEqual({
      model: 'gpt',
      prompt_tokens: 100,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the meter does not exist', async () => {
    answer();
    renderRoutes('/payment/admin/billing/mtr_missing', { session: owner });
    await screen.findByText('This meter could not be found', {}, SLOW);
  });
});
