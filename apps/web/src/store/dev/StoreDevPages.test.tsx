// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OwnedBlocklet, VersionDetail } from '@payshelf/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSession } from '../../platform/session/useHeaderSession';
import { renderRoutes } from '../../testing/renderRoutes';

const SLOW = { timeout: 12_000 };
const developer: HeaderSession = {
  initialized: true,
  user: { did: 'z1Dev', role: 'guest', fullName: 'Dev', avatar: undefined },
};
const owner: HeaderSession = {
  initialized: true,
  user: { did: 'z1Owner', role: 'owner', fullName: 'Ada', avatar: undefined },
};
const at = '2026-01-01T00:00:00.000Z';
const version = (v: string, status: VersionDetail['status']): VersionDetail => ({
  version: v,
  status,
  changelog: '',
  changelog_html: '',
  size: 2048,
  sha512: 'ab',
  signed: false,
  logo: false,
  screenshots: 0,
  created_at: at,
  published_at: null,
  pending_at: status === 'draft' ? null : at,
  in_review_at: null,
  approved_at: null,
  rejected_at: null,
  cancelled_at: null,
  in_review_by: null,
  approved_by: null,
  rejected_by: null,
});
const app = (status: VersionDetail['status']): OwnedBlocklet => ({
  did: 'z1AppDid1234567890123456',
  name: 'clock',
  title: 'Clock',
  description: '',
  keywords: [],
  category: null,
  price: null,
  version: null,
  downloads: 0,
  owner: { did: 'z1Dev', fullName: 'Dev' },
  permission: 'public',
  status: 'normal',
  updated_at: at,
  published_at: null,
  download_url: null,
  dist: null,
  review_type: 'each',
  block_reason: null,
  source: 'web',
  latest_version: '1.0.0',
  draft_version: status === 'draft' ? '1.0.0' : null,
  review_version: status === 'draft' ? null : '1.0.0',
  review_status: status === 'draft' ? null : status,
  versions: [version('1.0.0', status)],
});

let calls: Array<{ path: string; method: string; body: unknown }> = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
function serve(handler: (path: string, method: string) => Response | undefined) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        path: url.pathname,
        method,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return handler(url.pathname, method) ?? json({ dataList: [] });
    }),
  );
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('developer pages', () => {
  it('shows a new token once with the CLI login commands, and deletes only after the name is typed', async () => {
    const token = { id: 'tok_1', name: 'laptop', redacted: 'pst_…abcd', created_at: at, last_used_at: null };
    serve((path, method) => {
      if (path === '/api/developer/access-tokens' && method === 'POST')
        return json({ ...token, secret: 'pst_secretShownOnce' }, 201);
      if (path === '/api/developer/access-tokens') return json({ dataList: [token] });
      if (path === '/api/developer/access-tokens/tok_1') return json(token);
      return undefined;
    });
    renderRoutes('/developer/access-tokens', { session: developer });
    await screen.findByTestId('token-row-laptop', {}, SLOW);
    fireEvent.click(screen.getByTestId('create-token'));
    const dialog = await screen.findByTestId('token-create-dialog');
    fireEvent.click(within(dialog).getByTestId('token-create-submit'));
    await within(dialog).findByText('Enter a name');
    fireEvent.change(within(dialog).getByTestId('token-name'), { target: { value: 'laptop' } });
    fireEvent.click(within(dialog).getByTestId('token-create-submit'));
    const secret = await screen.findByTestId('token-secret');
    expect(secret.textContent).toBe('pst_secretShownOnce');
    const shown = screen.getByTestId('token-secret-dialog').textContent ?? '';
    expect(shown).toContain(
      'npm run store -- login --store http://localhost:3000 --token pst_secretShownOnce',
    );
    expect(shown).toContain('payshelf-store login --store');
    fireEvent.click(screen.getByTestId('token-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('token-secret')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete token laptop' }));
    const confirm = await screen.findByTestId('token-delete-dialog');
    const button = within(confirm).getByTestId('token-delete-dialog-confirm');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(within(confirm).getByTestId('token-delete-name'), { target: { value: 'lapto' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(within(confirm).getByTestId('token-delete-name'), { target: { value: 'laptop' } });
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  }, 20_000);

  it('checks the name as typed, shows a taken name on the field, and asks before cancelling a review', async () => {
    serve((path, method) => {
      if (path === '/api/developer/blocklets' && method === 'POST')
        return json(
          { error: { type: 'invalid_request_error', code: 'name_taken', message: 'The name clock is used' } },
          409,
        );
      if (path === '/api/developer/blocklets') return json({ dataList: [app('pending_review')] });
      if (path.endsWith('/cancel-review')) return json(app('cancelled'));
      return undefined;
    });
    renderRoutes('/developer/blocklets', { session: developer });
    const card = await screen.findByTestId('dev-blocklet-clock', {}, SLOW);
    expect(within(card).getAllByText('Pending review').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByTestId('create-blocklet'));
    const dialog = await screen.findByTestId('create-blocklet-dialog');
    fireEvent.change(within(dialog).getByTestId('create-blocklet-name'), { target: { value: 'bad name' } });
    fireEvent.click(within(dialog).getByTestId('create-blocklet-submit'));
    await within(dialog).findByText('Use only letters, digits, hyphens and underscores');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('create-blocklet-name'), { target: { value: 'clock' } });
    fireEvent.click(within(dialog).getByTestId('create-blocklet-submit'));
    await within(dialog).findByText('The name clock is used');
    fireEvent.click(within(dialog).getByText('Cancel'));

    fireEvent.click(within(card).getByTestId('cancel-review-clock'));
    const confirm = await screen.findByTestId('cancel-review-dialog');
    expect(confirm.textContent).toContain('cannot be undone');
    expect(calls.some((c) => c.path.endsWith('/cancel-review'))).toBe(false);
    fireEvent.click(within(confirm).getByTestId('cancel-review-dialog-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/cancel-review'))?.body).toEqual({ version: '1.0.0' }),
    );
  }, 20_000);
});

describe('store console', () => {
  it('is for owners and admins only', async () => {
    serve(() => undefined);
    renderRoutes('/console/blocklets', { session: developer });
    expect(await screen.findByText(/403/, {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/console'))).toBe(false);
  });

  it('approves a version in review only after confirming, with the chosen review type', async () => {
    serve((path) => {
      if (path === '/api/console/blocklets')
        return json({ dataList: [app('in_review')], total: 1, page: 1, pageSize: 10 });
      if (path.endsWith('/review')) return json(app('published'));
      return undefined;
    });
    renderRoutes('/console/blocklets', { session: owner, locale: 'zh' });
    const card = await screen.findByTestId('console-blocklet-clock', {}, SLOW);
    expect(within(card).getAllByText('审核中').length).toBeGreaterThan(0);
    fireEvent.click(within(card).getByTestId('approve-clock'));
    const confirm = await screen.findByTestId('approve-dialog');
    expect(confirm.textContent).toContain('无法撤销');
    fireEvent.click(within(confirm).getByTestId('approve-dialog-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/review'))?.body).toEqual({
        version: '1.0.0',
        action: 'approve',
        reviewType: 'each',
      }),
    );
  }, 20_000);
});
