import { vi } from 'vitest';
import { fetchStub, json } from './fetchStub';

/**
 * For route and layout tests that land on a store page: the store API answers an empty catalogue
 * (anything else 404), and the list and detail pages are imported once up front, so a cold import
 * on a busy machine does not outlast a test's wait for the page.
 */
export async function stubEmptyStore(): Promise<void> {
  const { serve } = fetchStub();
  serve((url) => {
    if (url.pathname === '/api/blocklets.json')
      return json({ dataList: [], total: 0, totalExact: true, page: 1, pageSize: 10 });
    if (url.pathname === '/api/blocklets/categories') return json({ dataList: [] });
    return json(
      { error: { type: 'not_found_error', code: 'resource_missing', message: 'No such thing' } },
      404,
    );
  });
  await Promise.all([
    import('../store/pages/ApplicationListPage'),
    import('../store/pages/ApplicationDetailPage'),
  ]);
}

export const unstubStore = () => vi.unstubAllGlobals();
