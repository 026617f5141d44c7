import { connect, signBundle } from '@payshelf/store-cli';
import type { HeadlessWallet } from '@payshelf/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';
import { startStoreEnv, type StoreEnv } from './store-env.js';
import { bundleFiles, bundleOf, json, randomDid, rowCounts, sha512, upload } from './store-support.js';

let env: StoreEnv;
let carol: { browser: TestBrowser; wallet: HeadlessWallet; did: string };
let dave: { browser: TestBrowser; wallet: HeadlessWallet; did: string };
const PUBLIC_KEY = Buffer.alloc(32, 7).toString('base64url');

async function person(name: string, developer: boolean) {
  const browser = new TestBrowser(env.server.url);
  const wallet = newWallet(name, `${name.toLowerCase()}@example.com`);
  const user = await signIn(browser, wallet);
  if (developer) {
    const granted = await env.owner.post(`/api/members/${user.did}/passports`, { role: 'developer' });
    expect(granted.status).toBe(201);
  }
  return { browser, wallet, did: user.did };
}

beforeAll(async () => {
  env = await startStoreEnv();
  carol = await person('Carol', true);
  dave = await person('Dave', false);
});
afterAll(async () => {
  await env?.stop();
});

/** What the page does: a DID Connect token for the session, approved by `wallet`. */
async function approve(who: { browser: TestBrowser; wallet: HeadlessWallet }, session: string) {
  const res = await who.browser.post('/api/did/connect-cli/token', { locale: 'en', session });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return who.wallet.approve(url);
}

async function startSession(): Promise<{ id: string; code: string; url: string }> {
  const res = await fetch(`${env.server.url}/api/connect-cli/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publicKey: PUBLIC_KEY }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; code: string; url: string };
}

const poll = (id: string) => fetch(`${env.server.url}/api/connect-cli/sessions/${id}`);

describe('connect-CLI handoff', () => {
  it('hands the approving developer a working, signing token to the CLI, once', async () => {
    const lines: string[] = [];
    let announced: (url: string) => void = () => undefined;
    const shown = new Promise<string>((resolve) => (announced = resolve));
    const cli = connect(env.server.url, {
      openBrowser: false,
      pollIntervalMs: 100,
      log: (line) => {
        lines.push(line);
        const url = /(http\S+connect-cli\?session=\S+)/.exec(line)?.[1];
        if (url) announced(url);
      },
    });
    const url = new URL(await shown);
    expect(url.pathname).toBe('/connect-cli');
    const session = url.searchParams.get('session') ?? '';
    const info = await json<{ code: string; status: string }>(
      await carol.browser.get(`/api/connect-cli/sessions/${session}/info`),
    );
    expect(info.body.status).toBe('pending');
    expect(lines.join('\n')).toContain(info.body.code);

    await approve(carol, session);
    const handoff = await cli;
    expect(handoff.did).toBe(carol.did);
    const whoami = await json<{ did: string; tokenName: string }>(
      await fetch(`${env.server.url}/api/developer/whoami`, {
        headers: { authorization: `Bearer ${handoff.token}` },
      }),
    );
    expect(whoami.body).toMatchObject({ did: carol.did, tokenName: 'connect-cli' });
    const sent = await upload(
      env.server.url,
      handoff.token,
      bundleOf({ did: randomDid(), name: 'carol-app', version: '1.0.0' }),
    );
    expect(sent.body.status).toBe('uploaded');

    // Handed out once: the next poll finds nothing, and nobody can approve it again.
    expect((await poll(session)).status).toBe(410);
    await expect(approve(carol, session)).rejects.toThrow(/invalid or has expired/);
    const mine = await json<{ status: string; approvedByYou: boolean }>(
      await carol.browser.get(`/api/connect-cli/sessions/${session}/info`),
    );
    expect(mine.body).toMatchObject({ status: 'approved', approvedByYou: true });
  });

  it('issues a token only to the wallet that approves, and a session only once', async () => {
    const { id } = await startSession();
    await approve(carol, id);
    // Bob is a developer too, but the session is taken: no second token, for him or anyone.
    const bob = await person('Bobby', true);
    await expect(approve(bob, id)).rejects.toThrow(/already approved/);
    const theirs = await json<{ approvedByYou: boolean }>(
      await bob.browser.get(`/api/connect-cli/sessions/${id}/info`),
    );
    expect(theirs.body.approvedByYou).toBe(false);
    const { rows } = await env.server.server.services.database.pool.query<{ user_did: string }>(
      `SELECT t.user_did FROM store_access_tokens t JOIN store_connect_sessions s ON s.token_id = t.id WHERE s.id = $1`,
      [id],
    );
    expect(rows).toEqual([{ user_did: carol.did }]);
  });

  it('refuses an expired session, an unknown one and a wallet without a developer passport', async () => {
    const { id } = await startSession();
    await expect(approve(dave, id)).rejects.toThrow(/developer passport/);
    expect(await json(await poll(id))).toEqual({ status: 200, body: { status: 'pending' } });

    await env.server.server.services.database.pool.query(
      `UPDATE store_connect_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    await expect(approve(carol, id)).rejects.toThrow(/invalid or has expired/);
    const expired = await json<{ error: { code: string } }>(await poll(id));
    expect(expired).toMatchObject({ status: 410, body: { error: { code: 'session_invalid' } } });
    expect((await carol.browser.get(`/api/connect-cli/sessions/${id}/info`)).status).toBe(410);

    const unknown = `ccs_${'A'.repeat(32)}`;
    expect((await poll(unknown)).status).toBe(404);
    await expect(approve(carol, unknown)).rejects.toThrow(/invalid or has expired/);
    expect((await poll('not-a-session')).status).toBe(400);
  });

  it('validates the public key', async () => {
    for (const publicKey of ['short', '', 'x'.repeat(44)]) {
      const res = await fetch(`${env.server.url}/api/connect-cli/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publicKey }),
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('bundle signatures', () => {
  it('refuses an upload whose signature is missing, forged or for other bytes, leaving nothing', async () => {
    const files = await bundleFiles(env.server);
    const rows = await rowCounts(env.server);
    const bundle = bundleOf({ did: randomDid(), name: 'signed-app', version: '1.0.0' });
    const other = bundleOf({ did: randomDid(), name: 'other-app', version: '1.0.0' });
    const cases: [Record<string, string>, string][] = [
      [{ 'x-bundle-signature': '' }, 'bundle_signature_missing'],
      [{ 'x-bundle-signature': signBundle(env.aliceToken, sha512(other)) }, 'bundle_signature_invalid'],
      [{ 'x-bundle-signature': signBundle(env.bobToken, sha512(bundle)) }, 'bundle_signature_invalid'],
      [{ 'x-bundle-signature': 'AAAA' }, 'bundle_signature_invalid'],
    ];
    for (const [headers, code] of cases) {
      const sent = await upload(env.server.url, env.aliceToken, bundle, headers);
      expect(sent).toMatchObject({ status: 400, body: { error: { code } } });
    }
    expect(await bundleFiles(env.server)).toEqual(files);
    expect(await rowCounts(env.server)).toEqual(rows);
    const signed = await upload(env.server.url, env.aliceToken, bundle);
    expect(signed.body.status).toBe('uploaded');
  });
});

describe('profile and application DIDs', () => {
  it("lists only a developer's public, published apps, for signed-in users", async () => {
    const published = await env.publishedApp('profile-app', 'first');
    const draft = randomDid();
    await upload(
      env.server.url,
      env.aliceToken,
      bundleOf({ did: draft, name: 'draft-app', version: '1.0.0' }),
    );
    const alice = await env.alice.session();
    const profile = await json<{ fullName: string; blocklets: { did: string }[] }>(
      await carol.browser.get(`/api/developers/${alice?.did ?? ''}`),
    );
    expect(profile.status).toBe(200);
    expect(profile.body.fullName).toBe('Alice Example');
    expect(profile.body.blocklets.map((b) => b.did)).toEqual([published]);
    expect((await fetch(`${env.server.url}/api/developers/${alice?.did ?? ''}`)).status).toBe(401);
    expect((await carol.browser.get(`/api/developers/z${'1'.repeat(30)}`)).status).toBe(404);
  });

  it('derives an application DID from a public key, the same every time', async () => {
    const first = await json<{ did: string }>(
      await carol.browser.post('/api/gen-key-pair/did', { publicKey: PUBLIC_KEY }),
    );
    const again = await json<{ did: string }>(
      await carol.browser.post('/api/gen-key-pair/did', { publicKey: PUBLIC_KEY }),
    );
    expect(first.body.did).toMatch(/^z[1-9A-HJ-NP-Za-km-z]{20,64}$/);
    expect(again.body.did).toBe(first.body.did);
    expect((await carol.browser.post('/api/gen-key-pair/did', { publicKey: 'nope' })).status).toBe(400);
  });
});

describe('rate limit', () => {
  it('limits how many connect sessions one address starts per minute', async () => {
    let limited = 0;
    for (let i = 0; i < 40 && limited === 0; i += 1) {
      const res = await fetch(`${env.server.url}/api/connect-cli/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publicKey: PUBLIC_KEY }),
      });
      await res.arrayBuffer();
      if (res.status === 429) limited += 1;
    }
    expect(limited).toBe(1);
  });
});
