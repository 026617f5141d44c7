// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookAttempt, WebhookEndpoint } from '@payshelf/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { renderRoutes } from '../../../testing/renderRoutes';
import { eventList } from './WebhookCreateDialog';

const SLOW = { timeout: 12_000 };
const owner: HeaderSession = {
  initialized: true,
  user: { did: 'z1Owner', role: 'owner', fullName: 'Ada', avatar: undefined },
};
const endpoint: WebhookEndpoint = {
  id: 'we_abcdefgh1234',
  object: 'webhook_endpoint',
  livemode: false,
  url: 'https://shop.example.com/hooks',
  description: null,
  enabled_events: ['invoice.paid'],
  status: 'enabled',
  secret_redacted: 'whsec_…wxyz',
  metadata: {},
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const attempt: WebhookAttempt = {
  id: 'wha_abcdefgh1234',
  object: 'webhook_attempt',
  livemode: false,
  webhook_endpoint_id: endpoint.id,
  event_id: 'evt_abcdefgh1234',
  event_type: 'invoice.paid',
  attempt: 1,
  status: 'failed',
  response_status: 500,
  response_body: 'oops',
  error: 'HTTP 500',
  duration_ms: 42,
  next_retry_at: '2026-01-01T00:01:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

let calls: Array<{ url: URL; init: RequestInit | undefined }> = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const list = (data: unknown[]) => json({ object: 'list', data, has_more: false, url: '/x' });

function serve(handler: (url: URL, init: RequestInit | undefined) => Response | undefined) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, init });
      return handler(url, init) ?? new Response('{}', { status: 404 });
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('webhook admin pages', () => {
  it('reads typed events, * when left empty', () => {
    expect(eventList(' invoice.paid, checkout.session.completed ')).toEqual([
      'invoice.paid',
      'checkout.session.completed',
    ]);
    expect(eventList('')).toEqual(['*']);
  });

  it('adds an endpoint and shows its secret once', async () => {
    serve((url, init) => {
      if (url.pathname !== '/payment/api/webhook-endpoints') return undefined;
      if (init?.method === 'POST') return json({ ...endpoint, secret: 'whsec_shownOnce1234' });
      return list([endpoint]);
    });
    renderRoutes('/payment/admin/webhooks', { session: owner });
    const page = await screen.findByTestId('page-admin-webhooks', {}, SLOW);
    await within(page).findByText('https://shop.example.com/hooks');
    fireEvent.click(screen.getByTestId('webhook-create'));
    const dialog = await screen.findByTestId('webhook-dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Endpoint URL/), {
      target: { value: 'https://shop.example.com/hooks' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Events/), {
      target: { value: 'invoice.paid, Not An Event' },
    });
    fireEvent.click(within(dialog).getByTestId('webhook-dialog-submit'));
    await within(dialog).findByText('Invalid value');
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Events/), { target: { value: 'invoice.paid' } });
    fireEvent.click(within(dialog).getByTestId('webhook-dialog-submit'));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toBe('whsec_shownOnce1234');
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      url: 'https://shop.example.com/hooks',
      description: null,
      enabled_events: ['invoice.paid'],
    });
    expect(post?.url.searchParams.get('livemode')).toBe('false');
  }, 15_000);

  it('shows an endpoint with its delivery attempts and disables it', async () => {
    serve((url, init) => {
      if (url.pathname === `/payment/api/webhook-endpoints/${endpoint.id}/attempts`) return list([attempt]);
      if (url.pathname === `/payment/api/webhook-endpoints/${endpoint.id}`) {
        return json(init?.method === 'POST' ? { ...endpoint, status: 'disabled' } : endpoint);
      }
      return undefined;
    });
    renderRoutes(`/payment/admin/webhooks/${endpoint.id}`, { session: owner, locale: 'zh' });
    const table = await screen.findByTestId('webhook-attempts-table', {}, SLOW);
    await within(table).findByText('HTTP 500');
    expect(within(table).getByText('失败 · 500')).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-toggle'));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ status: 'disabled' });
  }, 15_000);
});
