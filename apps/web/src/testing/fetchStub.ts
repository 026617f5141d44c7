import { vi } from 'vitest';

/** A `Response` carrying `body` as JSON. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/**
 * Test helper for pages that fetch: `serve(answer)` replaces the global fetch with one answering
 * `answer(url)` (relative addresses resolved against http://localhost), and `calls` lists the URLs asked
 * since that `serve`. Undo with `vi.unstubAllGlobals()`.
 */
export function fetchStub() {
  const calls: URL[] = [];
  const serve = (answer: (url: URL) => Response | Promise<Response>): void => {
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(String(input), 'http://localhost');
        calls.push(url);
        return answer(url);
      }),
    );
  };
  return { serve, calls };
}
