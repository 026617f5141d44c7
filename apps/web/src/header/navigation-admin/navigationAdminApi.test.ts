import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationSaveError, parseDocument, saveNavigationConfig } from './navigationAdminApi';

afterEach(() => vi.unstubAllGlobals());

describe('navigation admin', () => {
  it('reports JSON syntax errors before anything is sent', () => {
    expect(parseDocument('{"items": [')).toMatchObject({ ok: false });
    expect(parseDocument('{"items": []}')).toEqual({ ok: true, value: { items: [] } });
  });

  it('carries the server message and the offending field of a refused save', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            message: 'Validate failed',
            param: 'items.1.id',
          },
        },
        { status: 400 },
      ),
    );
    const failure = await saveNavigationConfig({ items: [] }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(NavigationSaveError);
    expect(failure).toMatchObject({ message: 'Validate failed', param: 'items.1.id' });
  });
});
