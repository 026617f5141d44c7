import { DidConnectError } from '@payshelf/wallet';
import { errorBody } from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from './support/database.js';
import { manual, newWallet, TestBrowser } from './support/identity.js';
import { startTestServer, type TestServer } from './support/server.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url, { DEV_WALLET: '1' });
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

const claimTypes = (m: { body: Record<string, unknown> }) =>
  (m.body.requestedClaims as Array<{ type: string }>).map((c) => c.type);

describe('DID Connect protocol', () => {
  it('walks created -> scanned -> succeed, and the success is consumed once', async () => {
    const browser = new TestBrowser(server.url);
    const { token, url, expiresIn, devWallet } = await browser.startLogin();
    expect(expiresIn).toBe(300);
    expect(devWallet).toBe(true);
    expect((await browser.status(token)).body).toMatchObject({ status: 'created' });
    const wallet = newWallet('Judy');
    const first = await manual.scan(url);
    expect(claimTypes(first)).toEqual(['authPrincipal']);
    expect((await browser.status(token)).body).toMatchObject({ status: 'scanned' });
    const second = await manual.answer(String(first.body.url), wallet, {
      action: 'responseAuth',
      challenge: first.body.challenge,
      requestedClaims: [{ type: 'authPrincipal' }],
    });
    expect(claimTypes(second)).toEqual(['profile']);
    const done = await manual.answer(String(second.body.url), wallet, {
      action: 'responseAuth',
      challenge: second.body.challenge,
      requestedClaims: [{ type: 'profile', fullName: 'Judy', email: 'judy@example.com' }],
    });
    expect(done.body).toMatchObject({ status: 'ok' });
    expect(await browser.status(token)).toMatchObject({
      http: 200,
      body: { status: 'succeed', did: wallet.did },
    });
    expect(await browser.session()).toMatchObject({ did: wallet.did, fullName: 'Judy' });
    // Single use: the token is gone once the browser has been signed in.
    const after = await browser.status(token);
    expect(after.http).toBe(404);
    expect(errorBody.parse(after.body).error.code).toBe('connect_token_expired');
  });

  it('refuses a replayed answer after success, and one from an earlier step', async () => {
    const browser = new TestBrowser(server.url);
    const { token, url } = await browser.startLogin();
    const wallet = newWallet('Ken');
    const first = await manual.scan(url);
    const step0 = {
      action: 'responseAuth',
      challenge: first.body.challenge,
      requestedClaims: [{ type: 'authPrincipal' }],
    };
    const step0Jwt = await wallet.signAnswer(step0);
    const second = await manual.post(String(first.body.url), {
      userPk: wallet.publicKey,
      userInfo: step0Jwt,
    });
    // Replaying step 0's answer now fails the challenge check (a new challenge was issued).
    const replay0 = await manual.post(String(first.body.url), {
      userPk: wallet.publicKey,
      userInfo: step0Jwt,
    });
    expect(replay0.body).toMatchObject({ status: 'error', errorMessage: 'Challenge mismatch' });
    const finalJwt = await wallet.signAnswer({
      action: 'responseAuth',
      challenge: second.body.challenge,
      requestedClaims: [{ type: 'profile', fullName: 'Ken' }],
    });
    const ok = await manual.post(String(second.body.url), { userPk: wallet.publicKey, userInfo: finalJwt });
    expect(ok.body).toMatchObject({ status: 'ok' });
    const replay = await manual.post(String(second.body.url), {
      userPk: wallet.publicKey,
      userInfo: finalJwt,
    });
    expect(replay.body).toMatchObject({ status: 'error', errorMessage: 'This request was already answered' });
    expect(await browser.status(token)).toMatchObject({ http: 200, body: { status: 'succeed' } });
    const sessions = await server.server.services.database.pool.query(
      'SELECT 1 FROM sessions WHERE user_did = $1',
      [wallet.did],
    );
    expect(sessions.rowCount).toBe(1);
  });

  it('refuses a wrong signature without spoiling the flow for the real wallet', async () => {
    const browser = new TestBrowser(server.url);
    const { token, url } = await browser.startLogin();
    const wallet = newWallet('Liam');
    const impostor = newWallet('Mallory');
    const first = await manual.scan(url);
    const answer = {
      action: 'responseAuth',
      challenge: first.body.challenge,
      requestedClaims: [{ type: 'authPrincipal' }],
    };
    // Signed by the impostor, presented with the real wallet's key.
    const forged = await manual.answer(String(first.body.url), impostor, answer, wallet.publicKey);
    expect(forged.body).toMatchObject({ status: 'error', errorMessage: 'Invalid signature' });
    // A tampered JWT (payload changed after signing) fails too.
    const jwt = await wallet.signAnswer(answer);
    const [h, , sig] = jwt.split('.');
    const body = Buffer.from(JSON.stringify({ ...answer, iss: `did:abt:${impostor.did}` })).toString(
      'base64url',
    );
    const tampered = await manual.post(String(first.body.url), {
      userPk: wallet.publicKey,
      userInfo: `${h}.${body}.${sig}`,
    });
    expect(tampered.body).toMatchObject({ status: 'error' });
    expect((await browser.status(token)).body).toMatchObject({ status: 'scanned' });
    await wallet.approve(url);
    expect((await browser.status(token)).body).toMatchObject({ status: 'succeed', did: wallet.did });
  });

  it('refuses answers with unbounded or skewed timestamps', async () => {
    const browser = new TestBrowser(server.url);
    const { url } = await browser.startLogin();
    const wallet = newWallet('Nina');
    const first = await manual.scan(url);
    const now = Math.floor(Date.now() / 1000);
    const base = {
      action: 'responseAuth',
      challenge: first.body.challenge,
      requestedClaims: [{ type: 'authPrincipal' }],
    };
    const future = await manual.answer(String(first.body.url), wallet, {
      ...base,
      iat: String(now + 120),
      nbf: String(now + 120),
      exp: String(now + 300),
    });
    expect(future.body).toMatchObject({ status: 'error' });
    const forever = await manual.answer(String(first.body.url), wallet, {
      ...base,
      exp: String(now + 86_400 * 365),
    });
    expect(forever.body).toMatchObject({
      status: 'error',
      errorMessage: 'The answer claims too long a validity',
    });
  });

  it('forbids a second wallet that scans after another: the first browser is not signed in as anyone', async () => {
    const browser = new TestBrowser(server.url);
    const { token, url } = await browser.startLogin();
    const alice = newWallet('Alice');
    const eve = newWallet('Eve');
    const first = await manual.scan(url);
    await manual.answer(String(first.body.url), alice, {
      action: 'responseAuth',
      challenge: first.body.challenge,
      requestedClaims: [{ type: 'authPrincipal' }],
    });
    // Eve photographed the QR code and scans it now: she gets the current step's request...
    const stolen = await manual.scan(url);
    const takeover = await manual.answer(String(stolen.body.url), eve, {
      action: 'responseAuth',
      challenge: stolen.body.challenge,
      requestedClaims: [{ type: 'profile', fullName: 'Eve' }],
    });
    expect(takeover.body).toMatchObject({ status: 'error' });
    const status = await browser.status(token);
    expect(status.http).toBe(403);
    expect(errorBody.parse(status.body).error.code).toBe('connect_forbidden');
    // Nothing revives it: not Alice's late answer, not another scan.
    await expect(alice.approve(url)).rejects.toBeInstanceOf(DidConnectError);
    expect((await browser.status(token)).http).toBe(403);
    expect(await browser.session()).toBeNull();
    const users = await server.server.services.database.pool.query('SELECT did FROM users WHERE did = $1', [
      eve.did,
    ]);
    expect(users.rowCount).toBe(0);
  });

  it('reports the outcome only to the browser that created the token', async () => {
    const browser = new TestBrowser(server.url);
    const { token, url } = await browser.startLogin();
    const other = new TestBrowser(server.url);
    await other.startLogin(); // has a binding cookie of its own, for another token
    await newWallet('Oscar').approve(url);
    const peek = await other.status(token);
    expect(peek.http).toBe(403);
    expect(errorBody.parse(peek.body).error.type).toBe('permission_error');
    const anonymous = await fetch(`${server.url}/api/did/login/status?_t_=${token}`);
    expect(anonymous.status).toBe(403);
    expect(await other.session()).toBeNull();
    expect((await browser.status(token)).body).toMatchObject({ status: 'succeed' });
    expect(await browser.session()).toMatchObject({ fullName: 'Oscar' });
  });

  it('needs the link signature from the QR code to fetch the request', async () => {
    const browser = new TestBrowser(server.url);
    const { token } = await browser.startLogin();
    const guessed = await fetch(`${server.url}/api/did/login/auth?_t_=${token}`);
    expect(guessed.status).toBe(403);
    const wrong = await fetch(
      `${server.url}/api/did/login/auth?_t_=${token}&_s_=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    );
    expect(wrong.status).toBe(403);
    expect((await browser.status(token)).body).toMatchObject({ status: 'created' });
  });

  it('expires tokens: the wallet is told, the browser gets a 404', async () => {
    const browser = new TestBrowser(server.url);
    const { token, url } = await browser.startLogin();
    await server.server.services.database.pool.query(
      `UPDATE did_connect_tokens SET expires_at = now() - interval '1 second' WHERE token = $1`,
      [token],
    );
    await expect(newWallet().approve(url)).rejects.toThrow(/not found or expired/);
    const status = await browser.status(token);
    expect(status.http).toBe(404);
    expect(errorBody.parse(status.body).error.code).toBe('connect_token_expired');
  });

  it('lets the creating browser give up (timeout), and records a decline as an error', async () => {
    const browser = new TestBrowser(server.url);
    const first = await browser.startLogin();
    expect((await browser.get(`/api/did/login/timeout?_t_=${first.token}`)).status).toBe(200);
    expect((await browser.status(first.token)).http).toBe(404);
    const second = await browser.startLogin();
    await newWallet().decline(second.url);
    expect((await browser.status(second.token)).body).toMatchObject({ status: 'error' });
  });

  it('approves with the test wallet through the protocol, only for the creating browser', async () => {
    const browser = new TestBrowser(server.url);
    const { token } = await browser.startLogin();
    const stranger = await fetch(`${server.url}/api/did/login/dev-approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(stranger.status).toBe(403);
    const res = await browser.post('/api/did/login/dev-approve', { token });
    expect(res.status).toBe(200);
    const { did } = (await res.json()) as { did: string };
    expect((await browser.status(token)).body).toMatchObject({ status: 'succeed', did });
    expect(await browser.session()).toMatchObject({ did, fullName: 'Test User' });
  });
});
