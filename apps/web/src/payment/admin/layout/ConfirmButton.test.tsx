// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@payshelf/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../../platform/session/useHeaderSession';
import { json } from '../../../testing/fetchStub';
import { renderRoutes } from '../../../testing/renderRoutes';
import { fakeProduct } from '../../portal/logic/testFixtures';

const SLOW = { timeout: 12_000 };
const owner: HeaderSession = {
  initialized: true,
  user: { did: 'z1Admin', role: 'owner', fullName: 'Ada', avatar: undefined },
};
const product = fakeProduct('Gold plan', { id: 'prod_gold1234' });
const key: ApiKey = {
  id: 'key_ci1234',
  object: 'api_key',
  livemode: false,
  name: 'CI key',
  type: 'secret',
  redacted: 'sk_test_…abcd',
  created_at: '2026-01-02T03:04:05.000Z',
  last_used_at: null,
  revoked_at: null,
};
const list = (data: unknown[]) => json({ object: 'list', data, has_more: false, url: '/x' });

let changes: string[] = [];
function serve(rows: Record<string, unknown>) {
  changes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method === 'GET') {
        const row = rows[url.pathname];
        return row ? list([row]) : list([]);
      }
      changes.push(`${method} ${url.pathname}`);
      return json(method === 'DELETE' ? { ...key, revoked_at: '2026-01-03T00:00:00.000Z' } : product);
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('confirm buttons', () => {
  it('archives a product only after the confirmation, then says so', async () => {
    serve({ '/payment/api/products': product });
    renderRoutes('/payment/admin/products', { session: owner });
    const table = await screen.findByTestId('products-table', {}, SLOW);
    fireEvent.click(await within(table).findByTestId('archive-button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Archive Gold plan?')).toBeTruthy();
    expect(changes).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('archive-confirm'));
    await screen.findByText('Archived Gold plan', {}, SLOW);
    expect(changes).toEqual(['PUT /payment/api/products/prod_gold1234/archive']);
  });

  it('revokes a key only after the confirmation, and Cancel sends nothing', async () => {
    serve({ '/payment/api/api-keys': key });
    renderRoutes('/payment/admin/api-keys', { session: owner });
    const table = await screen.findByTestId('keys-table', {}, SLOW);
    fireEvent.click(await within(table).findByRole('button', { name: 'Revoke' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Calls made with this key will fail from now on. This cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke CI key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('Revoked CI key', {}, SLOW);
    expect(changes).toEqual(['DELETE /payment/api/api-keys/key_ci1234']);
  });
});
