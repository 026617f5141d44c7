import type { Page } from 'playwright-core';

/**
 * Signs the page in with the server's test wallet (DEV_WALLET=1): asks for a login token, lets the
 * test wallet approve it, and polls until the session exists; then reloads and waits for the user menu.
 * The first account to sign in on a fresh server becomes owner. Returns the signed-in DID.
 */
export async function signIn(page: Page): Promise<string> {
  const did = await page.evaluate(async () => {
    const post = (url: string, body?: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const { token } = await post('/api/did/login/token');
    await post('/api/did/login/dev-approve', { token });
    for (let i = 0; i < 50; i += 1) {
      const status = await fetch(`/api/did/login/status?_t_=${String(token)}`).then(
        (r) => r.json() as Promise<Record<string, unknown>>,
      );
      if (status.status === 'succeed') return String(status.did);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('login did not succeed');
  });
  await page.reload();
  await page.getByTestId('user-menu-button').waitFor();
  return did;
}
